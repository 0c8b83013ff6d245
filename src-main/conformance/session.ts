// One conformance run's link to the program it judges, a tool's or a Skwir plugin's alike: its
// process started as the host starts it (the host's ProgramProcess: no shell, its own process group,
// the allow-listed environment, the dialect's line limit) in a fresh temporary folder, the host's
// peer over it, the record of every line it wrote, and its last words on stderr. The dialect's side
// (tool-session.ts, plugin/plugin-session.ts) answers what the program asks and adds what only its
// protocol has; dispose() ends the program's process group and removes the folder whatever happened.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Disposable } from '../../src-shared/lifecycle';
import type { LineLimit } from '../../src-shared/limits';
import { childEnvironment } from '../host/process/child-env';
import { ProgramProcess, type ToolExit } from '../host/process/program-process';
import { exitText } from '../host/process/reasons';
import { ConnectionError, ResponseError, type RefusalCodes } from '../host/wire/errors';
import type { MessageId } from '../host/wire/message-shape';
import type { NoticeHandler, SendOptions } from '../host/wire/peer-contract';
import { quoteLine } from './check-result';
import type { ReceivedLine, WireRecord } from './wire-record';

export type Answer =
  | { kind: 'result'; result: unknown; line?: ReceivedLine; ms: number }
  | { kind: 'failure'; error: ResponseError; line?: ReceivedLine; ms: number }
  | { kind: 'timeout'; ms: number }
  /** The program is gone: it exited, or closed its output. */
  | { kind: 'gone'; end: ProgramEnd };

/** How the program ended, in words (`exited with code 1`), and the last thing it said on stderr. */
export interface ProgramEnd {
  how: string;
  said?: string;
}

export interface ShutdownOutcome {
  /** How the program ended; absent when it had to be killed and was not reaped. */
  exit?: ToolExit;
  /** When the program itself exited, counted from the stop; absent when it did not within the step. */
  exitedInMs?: number;
  /** The signal the host's stop sequence needed: the program, or what it started, outlived the step. */
  signal?: 'SIGTERM' | 'SIGKILL';
}

/** What the dialect's side gives the session: the answers to the program's requests. */
export interface Answering extends Disposable {
  /** Answers one request of the program; a refusal is a ResponseError. `line` is the request's. */
  answer(method: string, params: unknown, line: ReceivedLine | undefined): Promise<unknown>;
}

export interface Launch<A extends Answering> {
  execPath: string;
  args: readonly string[];
  /** The dialect's line limit (protocol 1's by default). */
  lineLimit?: LineLimit;
  /** The codes of the host's own refusals in the dialect (JSON-RPC's by default). */
  refusalCodes?: RefusalCodes;
  record: WireRecord;
  /** Made before the program starts, in the run's folder: what answers its requests. */
  answering(folder: string): A;
}

/** The program could not be started at all. */
export class LaunchFailure extends Error {}

/** How long a reason waits for the exit status of a program whose output closed. */
const EXIT_STATUS_WAIT_MS = 1_000;
/** After the program exits, how long its last output is still read (the host's own figure). */
const EXIT_DRAIN_MS = 200;
/** How long dispose() waits for the killed program to be reaped. */
const REAP_MS = 2_000;
/** How many of the program's last stderr lines are kept, to show under a failure they may explain. */
const STDERR_LINES_KEPT = 12;
const STDERR_LINE_CHARS = 300;

/** The last lines the program wrote to stderr (its log), quoted when it ends badly. */
class LastWords {
  private readonly kept: string[] = [];

  add(line: string): void {
    if (line.trim() === '') return;
    this.kept.push(line.length > STDERR_LINE_CHARS ? `${line.slice(0, STDERR_LINE_CHARS - 1)}…` : line);
    if (this.kept.length > STDERR_LINES_KEPT) this.kept.shift();
  }

  get line(): string | undefined {
    return this.kept[this.kept.length - 1];
  }

  get lines(): string[] {
    return [...this.kept];
  }
}

/** What a started session holds, handed from launch() to the dialect's constructor. */
export interface Launched<A extends Answering> {
  program: ProgramProcess;
  folder: string;
  record: WireRecord;
  answering: A;
  lastWords: LastWords;
}

export class ConformanceSession<A extends Answering = Answering> {
  readonly record: WireRecord;
  /** What answers the program's requests (the tool's services, the plugin's reads). */
  readonly answering: A;
  /** The run's own folder: the program's working folder is `data` in it. */
  readonly folder: string;
  protected readonly program: ProgramProcess;
  private readonly lastWords: LastWords;
  private disposing: Promise<void> | undefined;

  protected constructor(launched: Launched<A>) {
    this.program = launched.program;
    this.folder = launched.folder;
    this.record = launched.record;
    this.answering = launched.answering;
    this.lastWords = launched.lastWords;
  }

  /** Starts the program as the host does; rejects with LaunchFailure when it cannot start at all. */
  protected static async launch<A extends Answering>(launch: Launch<A>): Promise<Launched<A>> {
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-check-'));
    const data = join(folder, 'data');
    await mkdir(data);
    const { record } = launch;
    const answering = launch.answering(folder);
    const lastWords = new LastWords();
    try {
      const program = await ProgramProcess.launch({
        execPath: launch.execPath,
        args: launch.args,
        cwd: data,
        env: childEnvironment(),
        peer: {
          ...(launch.lineLimit ? { lineLimit: launch.lineLimit } : {}),
          ...(launch.refusalCodes ? { refusalCodes: launch.refusalCodes } : {}),
          onTrace: (direction, text, method) => record.trace(direction, text, method),
          onProtocolError: (problem) => record.protocolProblem(problem),
          fallbackRequestHandler: (params, method) => answering.answer(method, params, record.current),
        },
        onStderrLine: (line) => lastWords.add(line),
        exitDrainMs: EXIT_DRAIN_MS,
      });
      return { program, folder, record, answering, lastWords };
    } catch (error) {
      answering.dispose();
      await rm(folder, { recursive: true, force: true }).catch(() => {});
      throw new LaunchFailure(error instanceof Error ? error.message : String(error));
    }
  }

  /** The folder the program runs in (a tool's data folder). */
  get dataFolder(): string {
    return join(this.folder, 'data');
  }

  /** The program still runs and its link is open. */
  get alive(): boolean {
    return !this.program.peer.isClosed && this.program.exit === undefined;
  }

  /** Sends a request and waits for its answer, its time limit, or the end of the program. */
  async request(method: string, params: object | undefined, timeoutMs: number): Promise<Answer> {
    const started = performance.now();
    try {
      const result = await this.program.peer.request(method, params, { timeoutMs });
      return { kind: 'result', result, ...this.answerLine(method), ms: performance.now() - started };
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof ResponseError) return { kind: 'failure', error, ...this.answerLine(method), ms };
      if (error instanceof ConnectionError && (error.code === 'timeout' || error.code === 'cancelled')) return { kind: 'timeout', ms };
      return { kind: 'gone', end: await this.howItEnded() };
    }
  }

  /** Sends a request, giving its id (for a cancel); the answer rejects as the peer's do. */
  send(method: string, params: object, options: SendOptions): { id: MessageId; answer: Promise<unknown> } {
    return this.program.peer.send(method, params, options);
  }

  /** Stops waiting for a request and tells the program with `$/cancel`; false when it was answered already. */
  cancel(id: MessageId): boolean {
    if (!this.program.peer.abandon(id)) return false;
    this.program.peer.notify('$/cancel', { id });
    return true;
  }

  notify(method: string, params?: object): void {
    this.program.peer.notify(method, params);
  }

  onNotice(method: string, handler: NoticeHandler): Disposable {
    return this.program.peer.onNotice(method, handler);
  }

  /** Writes a line as it is (a message with fields the peer would not put there). */
  sendRaw(message: object): void {
    this.program.writer.write(JSON.stringify(message))?.catch(() => {});
  }

  /** Nothing but the first request until it is answered: protocol 1's rule, on the app's side. */
  holdOutput(): void {
    this.program.peer.holdOutput('initialize');
  }

  releaseOutput(): void {
    this.program.peer.releaseOutput();
  }

  /**
   * The host's stop sequence with `stepMs` as its step: the farewell notice if the dialect has one,
   * the end of the program's input, a wait; then signals to its process group, which a program
   * that keeps the rules never sees.
   */
  async stop(options: { farewell?: string; stepMs: number }): Promise<ShutdownOutcome> {
    const started = performance.now();
    let exitedInMs: number | undefined;
    void this.program.exited.then(() => (exitedInMs = performance.now() - started));
    const report = await this.program.stop(options);
    const inTime = exitedInMs !== undefined && exitedInMs <= options.stepMs;
    return {
      ...(this.program.exit ? { exit: this.program.exit } : {}),
      ...(inTime ? { exitedInMs } : {}),
      ...(report.signal ? { signal: report.signal } : {}),
    };
  }

  /** Waits (a little) for the rest of the program's output once it exited, so late lines are judged too. */
  async outputEnded(waitMs = EXIT_STATUS_WAIT_MS): Promise<void> {
    if (this.program.exit === undefined) return; // still running: ended by dispose()
    await within(this.program.exited, waitMs);
  }

  /** How the program ended, with the last line of its stderr when there is one. */
  async howItEnded(): Promise<ProgramEnd> {
    const exit = await within(this.program.exited, EXIT_STATUS_WAIT_MS);
    const said = this.lastWords.line;
    return { how: describeExit(exit), ...(said === undefined ? {} : { said }) };
  }

  /** The program's last lines on stderr (a few), oldest first. */
  get stderrLines(): string[] {
    return this.lastWords.lines;
  }

  /** The reason of a check not run because the program is gone (an earlier check says how it went). */
  notRunReason(noun: 'tool' | 'plugin'): string {
    return `not run: the ${noun} ${describeExit(this.program.exit)} earlier`;
  }

  /** Ends the program's process group, closes the link and removes the run's folder; once. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      // Whatever happened, nothing the program started outlives the run, in its process group or not.
      await this.program.kill();
      await within(this.program.exited, REAP_MS);
      this.program.killLeftovers();
      this.program.peer.dispose();
      this.answering.dispose();
      await rm(this.folder, { recursive: true, force: true }).catch(() => {});
    })();
    return this.disposing;
  }

  private answerLine(method: string): { line?: ReceivedLine } {
    const line = this.record.lastAnswerTo(method);
    return line ? { line } : {};
  }
}

/** The promise's value if it settles within `ms`, else undefined. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `the tool exited with code 1 <context> (its last stderr line: `...`)` */
export function endReason(end: ProgramEnd, context: string, noun: 'tool' | 'plugin' = 'tool'): string {
  const said = end.said === undefined ? '' : ` (its last stderr line: ${quoteLine(end.said)})`;
  return `the ${noun} ${end.how} ${context}${said}`;
}

/** A program's end in words: `exited with code 1`, `was ended by SIGSEGV`. */
export function describeExit(exit: ToolExit | undefined): string {
  return exit ? exitText(exit) : 'closed its output but is still running';
}
