// The processes a tool started, followed by parent pid. Signalling the tool's process group misses
// a descendant that called setsid (its own session and group), and a daemon whose intermediate
// parent exited is reparented to init, so the tree cannot be walked at stop time alone. While a
// tool runs its tree is sampled now and then; each descendant seen is kept with its start time,
// and is signalled only while its pid still names that same process (a recycled pid never is).
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

export interface ProcessEntry {
  pid: number;
  parentPid: number;
  groupId: number;
  /** Equal start times mean the same process (Linux: clock ticks since boot; macOS: `lstart`). */
  startTime: string;
  /** Exited, not yet reaped: nothing left to signal. */
  zombie: boolean;
}

/** Linux: one /proc/<pid>/stat text. The name is in parentheses and may hold spaces or ')'. */
export function parseProcStat(pid: number, text: string): ProcessEntry | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  // fields[0] is field 3 of proc(5), the state; the start time is field 22.
  const fields = text.slice(close + 2).split(' ');
  const startTime = fields[19];
  if (startTime === undefined) return undefined;
  return { pid, parentPid: Number(fields[1]), groupId: Number(fields[2]), startTime, zombie: fields[0] === 'Z' };
}

const PS_COLUMNS = 'pid=,ppid=,pgid=,stat=,lstart=';
const PS_LINE = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S.*?)\s*$/;

/** macOS: the output of `ps -o pid=,ppid=,pgid=,stat=,lstart=` (lstart last: it holds spaces). */
export function parsePsTable(text: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const match = PS_LINE.exec(line);
    if (!match) continue;
    const [, pid, parentPid, groupId, state, startTime] = match as unknown as [string, string, string, string, string, string];
    entries.push({ pid: Number(pid), parentPid: Number(parentPid), groupId: Number(groupId), startTime, zombie: state.startsWith('Z') });
  }
  return entries;
}

const psEnv = () => ({ ...process.env, LC_ALL: 'C' }); // lstart in one fixed format

/** Every process of the machine; empty where the table cannot be read (or on Windows). */
async function readTableNow(): Promise<ProcessEntry[]> {
  if (process.platform === 'linux') {
    const names = await readdir('/proc').catch(() => [] as string[]);
    const entries = await Promise.all(
      names
        .filter((name) => /^\d+$/.test(name))
        .map((name) =>
          readFile(`/proc/${name}/stat`, 'utf8').then(
            (text) => parseProcStat(Number(name), text),
            () => undefined, // ended meanwhile
          ),
        ),
    );
    return entries.filter((entry) => entry !== undefined);
  }
  if (process.platform === 'darwin') {
    return new Promise((resolve) => {
      execFile('ps', ['-A', '-o', PS_COLUMNS], { env: psEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => resolve(error ? [] : parsePsTable(stdout)));
    });
  }
  return [];
}

let lastRead: { at: number; table: Promise<ProcessEntry[]> } | undefined;

/**
 * The process table. `maxAgeMs` lets the periodic samples of many tools share one read; the
 * samples taken right before a stop ask for a fresh one.
 */
export function readProcessTable(maxAgeMs = 0): Promise<ProcessEntry[]> {
  const now = Date.now();
  if (lastRead && now - lastRead.at <= maxAgeMs) return lastRead.table;
  lastRead = { at: now, table: readTableNow() };
  return lastRead.table;
}

/** The entries of these pids that still exist, read now (synchronously: one file each on Linux). */
export function readProcessEntries(pids: readonly number[]): Map<number, ProcessEntry> {
  const found = new Map<number, ProcessEntry>();
  if (pids.length === 0) return found;
  if (process.platform === 'darwin') {
    try {
      const out = execFileSync('ps', ['-o', PS_COLUMNS, '-p', pids.join(',')], { env: psEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      for (const entry of parsePsTable(out)) found.set(entry.pid, entry);
    } catch (error) {
      // ps exits 1 when some pid is gone; what it printed is still right.
      const out = (error as { stdout?: string }).stdout;
      if (typeof out === 'string') for (const entry of parsePsTable(out)) found.set(entry.pid, entry);
    }
    return found;
  }
  for (const pid of pids) {
    try {
      const entry = parseProcStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (entry) found.set(pid, entry);
    } catch {
      // gone
    }
  }
  return found;
}

/** The descendants of one process, as far as the samples saw them. */
export class ProcessTree {
  /** Descendant pid -> its start time. */
  private readonly seen = new Map<number, string>();
  /** Undefined before the first sample; null when the root was already gone then. */
  private rootStart: string | null | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly rootPid: number) {}

  /** Reads the process table (after any read under way) and records what descends from the root. */
  sample(maxAgeMs = 0): Promise<void> {
    this.queue = this.queue.then(async () => this.record(await readProcessTable(maxAgeMs))).catch(() => undefined);
    return this.queue;
  }

  /**
   * Learns the root's start time at once, while it surely runs. On Linux from its own entry (one
   * small file): reading the whole table at every launch put hundreds of file reads in the way of
   * the tool's first answer (start to initialized 1.1x-2.2x a bare spawn in bench/start.ts, ~1x
   * without). Elsewhere a sample of the table, in the background.
   */
  noteRoot(): void {
    if (process.platform !== 'linux') {
      void this.sample();
      return;
    }
    if (this.rootStart === undefined) this.rootStart = readProcessEntries([this.rootPid]).get(this.rootPid)?.startTime ?? null;
  }

  /** Adds the children of the root and of every recorded descendant that is still the same process. */
  record(table: readonly ProcessEntry[]): void {
    const byPid = new Map(table.map((entry) => [entry.pid, entry]));
    for (const [pid, start] of this.seen) if (byPid.get(pid)?.startTime !== start) this.seen.delete(pid);
    const root = byPid.get(this.rootPid);
    if (this.rootStart === undefined) this.rootStart = root?.startTime ?? null;
    const children = new Map<number, ProcessEntry[]>();
    for (const entry of table) {
      const siblings = children.get(entry.parentPid);
      if (siblings) siblings.push(entry);
      else children.set(entry.parentPid, [entry]);
    }
    const parents = [...this.seen.keys()];
    if (root !== undefined && root.startTime === this.rootStart) parents.push(this.rootPid);
    while (parents.length > 0) {
      for (const child of children.get(parents.pop() as number) ?? []) {
        if (child.pid === this.rootPid || child.pid === process.pid || this.seen.has(child.pid)) continue;
        this.seen.set(child.pid, child.startTime);
        parents.push(child.pid);
      }
    }
  }

  /** The recorded descendants' pids (some may have ended since the last sample). */
  descendants(): number[] {
    return [...this.seen.keys()];
  }

  /** Sends `signal` to each recorded descendant that is still the process that was seen. */
  signal(signal: NodeJS.Signals): number {
    let sent = 0;
    for (const pid of this.stillRunning()) {
      try {
        process.kill(pid, signal);
        sent += 1;
      } catch {
        // ended in between
      }
    }
    return sent;
  }

  /** True while a recorded descendant still runs (zombies do not count). */
  anyAlive(): boolean {
    if (this.seen.size === 0) return false;
    if (process.platform === 'linux') return this.stillRunning().length > 0;
    // Polled during the stop: no ps per poll. A recycled pid only makes the stop wait its step;
    // signal() checks the start time before it sends anything.
    return [...this.seen.keys()].some((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    });
  }

  private stillRunning(): number[] {
    const now = readProcessEntries([...this.seen.keys()]);
    const running: number[] = [];
    for (const [pid, start] of this.seen) {
      const entry = now.get(pid);
      if (entry === undefined || entry.startTime !== start) this.seen.delete(pid);
      else if (!entry.zombie) running.push(pid);
    }
    return running;
  }
}
