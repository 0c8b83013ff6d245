// processes/terminate with the app's checks, shared by darwin and linux:
// - never pid 1 or below 100 (the kernel's and the init system's own early processes),
// - never the app itself or its tools' host (the protected pids the caller gives),
// - the process must exist,
// - the person's own processes are ended with SIGTERM, then SIGKILL after a grace period, each
//   sent only while the pid still names the process that was checked (its start time is read
//   before the checks and again right before each signal: a pid freed meanwhile may name another),
// - a process of a system account (uid below the first user uid, root included) is refused,
// - a process of another person asks for an administrator (a prompt that can be declined).
import { readProcessEntries } from '../host/process/process-tree';
import { notAvailable, PlatformRefusal } from './platform';
import type { RunCommand } from './command-runner';

export interface ProcessEndingOptions {
  run: RunCommand;
  /** Pids that are the app itself: its own processes and its tools' host. Asked at each call. */
  protectedPids(): readonly number[];
  /** The uid the app runs as. */
  currentUid: number;
  /** The first uid of a person's account: 501 on macOS, 1000 on Linux. Below it are system accounts. */
  firstUserUid: number;
  /** End another person's process with an administrator's consent; throws PlatformRefusal when declined. */
  endAsAdministrator(pid: number): Promise<void>;
  /** Sends a signal; process.kill by default. */
  signal?: (pid: number, signal: NodeJS.Signals | 0) => void;
  /** How long SIGTERM gets before SIGKILL (default 2 s). */
  graceMs?: number;
  /** When the process now holding the pid started; undefined when none does. Read from the OS by default. */
  startTimeOf?: (pid: number) => string | undefined;
}

const startTimeNow = (pid: number): string | undefined => readProcessEntries([pid]).get(pid)?.startTime;

/** Below this pid lie the init system and the kernel's early processes on both OSes. */
export const lowestEndablePid = 100;

const refuse = (pid: number, why: string) => new PlatformRefusal(-32004, `process ${pid}: ${why}`, { pid });

/** The uid owning a process, or null when there is no such process. */
export async function processOwner(run: RunCommand, pid: number): Promise<number | null> {
  const result = await run('ps', ['-o', 'uid=', '-p', String(pid)]);
  const text = result.stdout.trim();
  if (result.code !== 0 || text === '') return null;
  const uid = Number(text);
  return Number.isInteger(uid) ? uid : null;
}

const isAlive = (signal: (pid: number, signal: 0) => void, pid: number): boolean => {
  try {
    signal(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export async function endProcess(pid: number, options: ProcessEndingOptions): Promise<void> {
  if (!Number.isSafeInteger(pid) || pid <= 0) {
    throw notAvailable(`pid ${JSON.stringify(pid)} is not a process id`);
  }
  if (pid < lowestEndablePid) throw refuse(pid, `is a system process (pid below ${lowestEndablePid}); Vitruvian will not end it`);
  if (options.protectedPids().includes(pid)) throw refuse(pid, 'is Vitruvian itself; a tool cannot end it');
  const startTimeOf = options.startTimeOf ?? startTimeNow;
  const checked = startTimeOf(pid); // before the checks, so they are about this very process
  const owner = await processOwner(options.run, pid);
  if (owner === null) throw refuse(pid, 'does not exist');
  if (owner !== options.currentUid) {
    if (owner < options.firstUserUid) {
      throw refuse(pid, `belongs to a system account (uid ${owner}); Vitruvian will not end it`);
    }
    await options.endAsAdministrator(pid);
    return;
  }
  const signal = options.signal ?? ((target, sig) => process.kill(target, sig));
  /** Whether the pid still names the process checked: gone says false, another one throws. */
  const stillChecked = (): boolean => {
    const now = startTimeOf(pid);
    if (now === undefined) return false;
    if (now !== checked) throw refuse(pid, 'ended meanwhile, and its pid now names another process; nothing was sent to it');
    return true;
  };
  if (!stillChecked()) return; // it ended on its own meanwhile
  try {
    signal(pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return; // it ended on its own meanwhile
    throw refuse(pid, `could not be signalled: ${(error as Error).message}`);
  }
  const deadline = Date.now() + (options.graceMs ?? 2000);
  while (Date.now() < deadline) {
    if (!isAlive(signal, pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!stillChecked()) return;
  try {
    signal(pid, 'SIGKILL');
  } catch {
    // gone between the check and the kill
  }
}
