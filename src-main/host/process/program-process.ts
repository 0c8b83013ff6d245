// One program's process (a tool's, or a Skwir program plugin's), from spawn to exit: its link (reader, writer, peer), its stderr, and
// the stop sequence of docs/design/wire.md applied to its whole process group and to every
// descendant that left the group (see process-tree.ts). The policy around it (initialize, state,
// restarts, commands) is the supervisor's.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ExitReasonCode } from '../../../src-shared/host-api';
import { delay } from './delay';
import { Peer } from '../wire/peer';
import type { PeerOptions } from '../wire/peer-contract';
import { groupAlive, signalGroup, waitGone } from './process-group';
import { ProcessTree } from './process-tree';
import { exitReasonCode } from './reasons';
import { readStderrLines } from './stderr-lines';
import { LaunchError, type Child, type StopReport, type ToolExit } from './child';
import { StreamLineReader, StreamLineWriter } from '../wire/transport';

export type { StopReport, ToolExit } from './child';

export interface ProgramProcessOptions {
  execPath: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** The peer's options; its lineLimit (protocol 1's by default) is the reader's too. */
  peer: PeerOptions;
  onStderrLine: (line: string) => void;
  /** After the process exits, how long its last output may still be read. */
  exitDrainMs: number;
  /** How often the tool's process tree is sampled while it runs; 2 s when not given. */
  treeSampleMs?: number;
}

/** Periodic samples of several tools within this age share one read of the process table. */
const SHARED_SAMPLE_MS = 1_000;

export class ProgramProcess implements Child {
  readonly peer: Peer;
  readonly pid: number;
  /** Resolves once the process exited and its output was read (or the drain time passed). */
  readonly exited: Promise<ToolExit>;
  /** Set once the process exited. */
  exit: ToolExit | undefined;
  /** True once stop() was asked: an exit after that is not a crash. */
  stopRequested = false;
  /** True once it wrote anything at all on its output, a whole line or not. */
  wroteOutput = false;

  /** The tool's input as lines; the conformance check writes odd messages through it on purpose. */
  readonly writer: StreamLineWriter;

  /** What the tool started, kept so the stop also ends descendants that left its process group. */
  readonly tree: ProcessTree;

  get ending(): ExitReasonCode | undefined {
    return this.exit && exitReasonCode(this.exit);
  }

  get processes(): readonly number[] {
    return [this.pid, ...this.tree.descendants()];
  }

  /** Spawns the program; rejects with a reason for the log when it cannot start at all. */
  static async launch(options: ProgramProcessOptions): Promise<ProgramProcess> {
    const child = spawn(options.execPath, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      shell: false,
      detached: true, // its own process group, so the stop reaches its children too
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    if (child.pid === undefined) {
      const error = await new Promise<Error>((resolve) => child.once('error', resolve));
      throw new LaunchError(options.execPath, error.message);
    }
    return new ProgramProcess(child, options);
  }

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    options: ProgramProcessOptions,
  ) {
    this.pid = child.pid as number;
    this.tree = new ProcessTree(this.pid);
    this.tree.noteRoot(); // at once: learns the tool's own start time while it surely runs
    const sampleMs = options.treeSampleMs ?? 2_000;
    const sampling = setInterval(() => void this.tree.sample(Math.min(sampleMs, SHARED_SAMPLE_MS)), sampleMs);
    sampling.unref();
    this.writer = new StreamLineWriter(child.stdin);
    const lineLimit = options.peer.lineLimit;
    this.peer = new Peer(new StreamLineReader(child.stdout, lineLimit ? { lineLimit } : {}), this.writer, options.peer);
    const stderr = readStderrLines(child.stderr, options.onStderrLine);
    child.on('error', () => undefined); // e.g. a signal that could not be sent: the stop goes on
    let stdoutEnded = false;
    child.stdout.once('end', () => (stdoutEnded = true));
    child.stdout.once('data', () => (this.wroteOutput = true));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        clearInterval(sampling); // what it left behind is reparented now: nothing more to learn
        this.exit = { code, signal };
        const finish = () => {
          clearTimeout(timer);
          this.peer.dispose();
          stderr.dispose();
          // A grandchild may still hold the pipes open: let go of them.
          child.stdout.destroy();
          child.stderr.destroy();
          child.stdin.destroy();
          resolve({ code, signal });
        };
        const timer = setTimeout(finish, stdoutEnded ? 0 : options.exitDrainMs);
        if (!stdoutEnded) child.stdout.once('close', finish);
      });
    });
  }

  /**
   * The stop sequence: a farewell notice when given (protocol 1's `shutdown`, only to a tool that
   * answered initialize; Skwir has none), close its input, wait; then SIGTERM to the whole group
   * and to each recorded descendant, wait; then SIGKILL.
   * A grandchild left behind by a tool that exited cleanly still gets the signals, in its group
   * or not: nothing the tool started outlives the stop.
   */
  async stop(options: { farewell?: string; stepMs: number; asked?: boolean }): Promise<StopReport> {
    // Not asked: the link broke and the tool is ended; its exit then counts as a crash.
    if (options.asked !== false) this.stopRequested = true;
    // Before shutdown: a tool that exits on it orphans its children, and then they cannot be told apart.
    await this.tree.sample();
    if (options.farewell !== undefined && !this.exit) this.peer.notify(options.farewell);
    this.writer.end();
    let signal: StopReport['signal'];
    const gone = async (ms: number) => {
      const until = Date.now() + ms;
      const exited = await Promise.race([this.exited.then(() => true), delay(ms).then(() => false)]);
      const running = () => groupAlive(this.pid) || this.tree.anyAlive();
      return exited && (await waitGone(running, Math.max(0, until - Date.now())));
    };
    const send = async (sent: 'SIGTERM' | 'SIGKILL') => {
      signal = sent;
      await this.tree.sample(); // what was started during the wait, while its parent still runs
      signalGroup(this.pid, sent);
      this.tree.signal(sent);
    };
    if (!(await gone(options.stepMs))) {
      await send('SIGTERM');
      if (!(await gone(options.stepMs))) {
        await send('SIGKILL');
        this.child.kill('SIGKILL'); // in case it left its group
        await gone(options.stepMs);
      }
    }
    const exit = await Promise.race([this.exited, delay(options.stepMs).then(() => undefined)]);
    return { exit: exit ?? { code: null, signal: 'SIGKILL' }, signal };
  }

  /**
   * After a crash: whatever the tool left running is killed, its group and the descendants the
   * samples recorded. True if anything was.
   */
  killLeftovers(): boolean {
    const group = groupAlive(this.pid) && signalGroup(this.pid, 'SIGKILL');
    return this.tree.signal('SIGKILL') > 0 || group;
  }

  /** Ends the tool and all it started at once, no shutdown: for a run that is being thrown away. */
  async kill(): Promise<void> {
    await this.tree.sample();
    this.killLeftovers();
    this.child.kill('SIGKILL'); // in case it left its group
  }
}
