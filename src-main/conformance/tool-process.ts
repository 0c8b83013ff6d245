// The tool's program, started as the host starts it: directly (no shell), in its data folder, with
// the allow-listed environment, in a process group of its own. dispose() ends the whole group, so
// nothing the tool started outlives the run.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Disposable } from '../../src-shared/lifecycle';
import { StreamLineReader, StreamLineWriter } from '../host/transport';

export interface ToolProcessOptions {
  execPath: string;
  args: readonly string[];
  /** The tool's data folder: its working folder. */
  dataFolder: string;
  env: NodeJS.ProcessEnv;
}

export interface ToolExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The program could not be started at all. */
  startError?: string;
  /** When it ended, from performance.now(). */
  at: number;
}

const STDERR_LINES_KEPT = 20;
const STDERR_LINE_CHARS = 500;
/** How long dispose() waits for the killed group's leader to be reaped. */
const REAP_MS = 2_000;

export class ToolProcess implements Disposable {
  readonly reader: StreamLineReader;
  readonly writer: StreamLineWriter;
  /** Settles once, when the program ended or could not start. */
  readonly exited: Promise<ToolExit>;

  private readonly child: ChildProcess;
  private ended: ToolExit | undefined;
  private readonly stderrLines: string[] = [];
  private stderrPartial = '';
  private disposed = false;

  constructor(options: ToolProcessOptions) {
    this.child = spawn(options.execPath, [...options.args], {
      cwd: options.dataFolder,
      env: options.env,
      shell: false,
      detached: true, // its own process group, ended as one
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => {
      const end = (exit: Omit<ToolExit, 'at'>) => {
        if (this.ended) return;
        this.ended = { ...exit, at: performance.now() };
        resolve(this.ended);
      };
      this.child.once('exit', (code, signal) => end({ code, signal }));
      this.child.once('error', (error: NodeJS.ErrnoException) =>
        end({ code: null, signal: null, startError: error.code ?? error.message }),
      );
    });
    this.reader = new StreamLineReader(this.child.stdout!);
    this.writer = new StreamLineWriter(this.child.stdin!);
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => this.keepStderr(chunk));
    this.child.stderr!.on('error', () => {});
  }

  /** How it ended, once it has. */
  get exit(): ToolExit | undefined {
    return this.ended;
  }

  /** The last lines the tool wrote to stderr (its log), oldest first. */
  get stderrTail(): readonly string[] {
    return this.stderrPartial === '' ? this.stderrLines : [...this.stderrLines, this.stderrPartial];
  }

  /** The end of its input: with shutdown, the protocol's signal to stop. */
  closeInput(): void {
    this.writer.end();
  }

  /** Ends the process group (SIGKILL) and waits a little for the program to be reaped. */
  async stop(): Promise<void> {
    this.killGroup();
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, REAP_MS).unref())]);
    this.dispose();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.killGroup();
    this.reader.dispose();
    this.writer.dispose();
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      // Even after the leader exited: what it started may still run in its group.
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  private keepStderr(chunk: string): void {
    const lines = (this.stderrPartial + chunk).split('\n');
    this.stderrPartial = (lines.pop() ?? '').slice(-STDERR_LINE_CHARS);
    for (const line of lines) {
      if (line.trim() === '') continue;
      this.stderrLines.push(line.slice(0, STDERR_LINE_CHARS));
      if (this.stderrLines.length > STDERR_LINES_KEPT) this.stderrLines.shift();
    }
  }
}
