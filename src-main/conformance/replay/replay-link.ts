// The program a replay runs: started as the host starts it (no shell, its own process group, the
// allow-listed environment, the dialect's line limit) in a fresh folder, its lines taken one at a
// time as the replay asks for them, its input written and closed by the replay. dispose() ends its
// whole group and removes the folder whatever happened.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LineLimit } from '../../../src-shared/limits';
import { childEnvironment } from '../../host/process/child-env';
import { signalGroup } from '../../host/process/process-group';
import { readStderrLines } from '../../host/process/stderr-lines';
import { exitText } from '../../host/process/reasons';
import { showKeptBytes } from '../../host/wire/not-utf8';
import { StreamLineReader, StreamLineWriter } from '../../host/wire/transport';

/** What came from the program: a line, or its end. */
export type Received = { kind: 'line'; text: string } | { kind: 'gone'; how: string };

const STDERR_LINES_KEPT = 5;

/** What the replay plays against: lines written to the program, lines taken from it one at a time. */
export interface ReplayPeer {
  /** A tool's data folder, the one given in initialize. */
  readonly dataFolder: string;
  /** Its last lines on stderr, to show under a failure they may explain. */
  readonly said: readonly string[];
  write(line: string): void;
  closeInput(): void;
  /** The next thing from the program, or undefined when nothing came within `ms`. */
  next(ms: number): Promise<Received | undefined>;
  dispose(): Promise<void>;
}

/** Lines taken as they come, handed out one at a time as the replay asks for them, then the end. */
export class ReceivedLines {
  private readonly waiting: ((received: Received) => void)[] = [];
  private readonly queued: Received[] = [];
  private gone: string | undefined;

  take(received: Received): void {
    if (this.gone !== undefined) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter(received);
    else this.queued.push(received);
  }

  end(how: string): void {
    if (this.gone !== undefined) return;
    this.gone = how;
    for (const waiter of this.waiting.splice(0)) waiter({ kind: 'gone', how });
  }

  next(ms: number): Promise<Received | undefined> {
    const ready = this.queued.shift();
    if (ready) return Promise.resolve(ready);
    if (this.gone !== undefined) return Promise.resolve({ kind: 'gone', how: this.gone });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        resolve(undefined);
      }, ms);
      const wake = (received: Received) => {
        clearTimeout(timer);
        resolve(received);
      };
      this.waiting.push(wake);
    });
  }
}

export class ReplayLink implements ReplayPeer {
  private readonly lines = new ReceivedLines();
  private readonly writer: StreamLineWriter;
  private readonly lastWords: string[] = [];
  private outputClosed = false;
  private exited = false;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly folder: string,
    /** The program's working folder, and a tool's data folder. */
    readonly dataFolder: string,
    lineLimit: LineLimit,
  ) {
    this.writer = new StreamLineWriter(child.stdin);
    const reader = new StreamLineReader(child.stdout, { lineLimit });
    reader.onLine((text) => this.take({ kind: 'line', text }));
    reader.onRefusal((refusal) => {
      // As the recording keeps them: a line not UTF-8 with its stray bytes written \xNN; a cut-off end is no line.
      if (refusal.reason === 'notUtf8') this.take({ kind: 'line', text: showKeptBytes(refusal.text) });
      else if (refusal.reason === 'oversize') this.take({ kind: 'line', text: `(a line of ${refusal.bytesSeen}+ bytes, over the limit: refused unread)` });
    });
    reader.onClose(() => {
      this.outputClosed = true;
      if (this.exited) this.end('closed its output');
    });
    readStderrLines(child.stderr, (line) => {
      if (line.trim() === '') return;
      this.lastWords.push(line.slice(0, 300));
      if (this.lastWords.length > STDERR_LINES_KEPT) this.lastWords.shift();
    });
    child.on('exit', (code, signal) => {
      this.exited = true;
      const how = exitText({ code, signal });
      // Its last lines may still be on their way: the end waits for the output to close.
      if (this.outputClosed) this.end(how);
      else setTimeout(() => this.end(how), 500);
    });
  }

  /**
   * Starts the program in a folder of its own, made for the replay and removed after: the recorded
   * data folder when it is gone (so a tool that names its folder says the same as then), else a
   * fresh one. Rejects with the reason when the program cannot start.
   */
  static async start(execPath: string, args: readonly string[], lineLimit: LineLimit, recordedData?: string): Promise<ReplayLink> {
    let folder: string | undefined;
    let data: string;
    try {
      // mkdir gives the first folder it made, nothing when the folder was there: one already there is never used.
      const made = recordedData === undefined ? undefined : await mkdir(recordedData, { recursive: true });
      folder = made;
      data = recordedData!;
    } catch {
      folder = undefined;
    }
    if (folder === undefined) {
      folder = await mkdtemp(join(tmpdir(), 'vitruvian-replay-'));
      data = join(folder, 'data');
      await mkdir(data);
    }
    const child = spawn(execPath, [...args], { cwd: data!, env: childEnvironment(), shell: false, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    if (child.pid === undefined) {
      const error = await new Promise<Error>((resolve) => child.once('error', resolve));
      await rm(folder, { recursive: true, force: true });
      throw new Error(`could not start ${execPath}: ${error.message}`);
    }
    child.on('error', () => {});
    return new ReplayLink(child, folder, data!, lineLimit);
  }

  /** Its last lines on stderr, to show under a failure they may explain. */
  get said(): readonly string[] {
    return [...this.lastWords];
  }

  write(line: string): void {
    this.writer.write(line)?.catch(() => {});
  }

  closeInput(): void {
    this.writer.end();
  }

  next(ms: number): Promise<Received | undefined> {
    return this.lines.next(ms);
  }

  async dispose(): Promise<void> {
    if (this.child.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
    this.writer.dispose();
    await rm(this.folder, { recursive: true, force: true }).catch(() => {});
  }

  private take(received: Received): void {
    this.lines.take(received);
  }

  private end(how: string): void {
    this.lines.end(how);
  }
}
