// One conformance run's link to the tool: its process, the host's peer over the line transport,
// the record of everything it wrote, and the simulated services that answer its requests. The
// checks drive it one step at a time; dispose() ends the tool's process group and removes the
// run's temporary folder whatever happened.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '../../src-shared/protocol/types';
import { childEnvironment } from '../host/process/child-env';
import { ConnectionError, ErrorCodes, ResponseError } from '../host/wire/errors';
import type { Peer } from '../host/wire/peer';
import { exitText } from '../host/process/reasons';
import { ProgramProcess, type ToolExit } from '../host/process/program-process';
import { quoteLine } from './check-result';
import type { ConformanceLimits } from './limits';
import { SimulatedServices } from './simulated-services';
import { WireRecord, type ReceivedLine } from './wire-record';

export type Answer =
  | { kind: 'result'; result: unknown; line?: ReceivedLine; ms: number }
  | { kind: 'failure'; error: ResponseError; line?: ReceivedLine; ms: number }
  | { kind: 'timeout'; ms: number }
  /** The tool is gone: it exited, or closed its output. */
  | { kind: 'gone'; end: ToolEnd };

/** How the tool ended, in words (`exited with code 1`), and the last thing it said on stderr. */
export interface ToolEnd {
  how: string;
  said?: string;
}

export interface CommandsStateNotice {
  params: unknown;
  line?: ReceivedLine;
}

/** How long a reason waits for the exit status of a tool whose output closed. */
const EXIT_STATUS_WAIT_MS = 1_000;
/** After the tool exits, how long its last output is still read (the host's own figure). */
const EXIT_DRAIN_MS = 200;
/** How long dispose() waits for the killed tool to be reaped. */
const REAP_MS = 2_000;

/** The tool's program could not be started at all. */
export class LaunchFailure extends Error {}

export interface ShutdownOutcome {
  /** How the tool ended; absent when it had to be killed and was not reaped. */
  exit?: ToolExit;
  /** When the tool itself exited, counted from shutdown; absent when it did not within the limit. */
  exitedInMs?: number;
  /** The signal the host's stop sequence needed: the tool, or what it started, outlived the limit. */
  signal?: 'SIGTERM' | 'SIGKILL';
}

/** How many of the tool's last stderr lines are kept, to show under a failure they may explain. */
const STDERR_LINES_KEPT = 12;
const STDERR_LINE_CHARS = 300;

/** The last lines the tool wrote to stderr (its log), quoted when it ends badly. */
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

export class ConformanceSession {
  readonly commandsStates: CommandsStateNotice[] = [];
  private disposing: Promise<void> | undefined;

  private constructor(
    readonly manifest: Manifest,
    readonly limits: ConformanceLimits,
    readonly dataFolder: string,
    private readonly runFolder: string,
    readonly record: WireRecord,
    readonly services: SimulatedServices,
    private readonly tool: ProgramProcess,
    private readonly lastWords: LastWords,
  ) {
    this.peer.onNotice('commands/state', (params) => {
      if (this.commandsStates.length < 1_000) {
        this.commandsStates.push({ params, ...(record.current ? { line: record.current } : {}) });
      }
    });
  }

  /**
   * Starts the tool's program as the host does (the host's ProgramProcess: no shell, its own process
   * group, the allow-listed environment) in a fresh temporary data folder. Rejects with
   * LaunchFailure when the program cannot be started at all.
   */
  static async start(manifest: Manifest, execPath: string, limits: ConformanceLimits): Promise<ConformanceSession> {
    const runFolder = await mkdtemp(join(tmpdir(), 'vitruvian-check-'));
    const dataFolder = join(runFolder, 'data');
    const appFolder = join(runFolder, 'app');
    await mkdir(dataFolder);
    await mkdir(appFolder);
    const record = new WireRecord();
    const services = new SimulatedServices(manifest, appFolder);
    const lastWords = new LastWords();
    let tool: ProgramProcess;
    try {
      tool = await ProgramProcess.launch({
        execPath,
        args: manifest.runtime.args ?? [],
        cwd: dataFolder,
        env: childEnvironment(),
        peer: {
          onTrace: (direction, text, method) => record.trace(direction, text, method),
          onProtocolError: (problem) => record.protocolProblem(problem),
          fallbackRequestHandler: (params, method) => answerService(record, services, method, params),
        },
        onStderrLine: (line) => lastWords.add(line),
        exitDrainMs: EXIT_DRAIN_MS,
      });
    } catch (error) {
      services.dispose();
      await rm(runFolder, { recursive: true, force: true }).catch(() => {});
      throw new LaunchFailure(error instanceof Error ? error.message : String(error));
    }
    return new ConformanceSession(manifest, limits, dataFolder, runFolder, record, services, tool, lastWords);
  }

  private get peer(): Peer {
    return this.tool.peer;
  }

  /** The tool still runs and its link is open. */
  get alive(): boolean {
    return !this.peer.isClosed && this.tool.exit === undefined;
  }

  /** Sends a request and waits for its answer, its time limit, or the end of the tool. */
  async request(method: string, params: object | undefined, timeoutMs: number): Promise<Answer> {
    const started = performance.now();
    try {
      const result = await this.peer.request(method, params, { timeoutMs });
      return { kind: 'result', result, ...this.answerLine(method), ms: performance.now() - started };
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof ResponseError) return { kind: 'failure', error, ...this.answerLine(method), ms };
      if (error instanceof ConnectionError && error.code === 'timeout') return { kind: 'timeout', ms };
      return { kind: 'gone', end: await this.howItEnded() };
    }
  }

  notify(method: string, params?: object): void {
    this.peer.notify(method, params);
  }

  /** Writes a line as it is (a message with fields the peer would not put there). */
  sendRaw(message: object): void {
    this.tool.writer.write(JSON.stringify(message))?.catch(() => {});
  }

  /** Nothing but initialize until initialize is answered: the app's side of the rule. */
  holdOutput(): void {
    this.peer.holdOutput();
  }

  releaseOutput(): void {
    this.peer.releaseOutput();
  }

  /**
   * The host's stop sequence with the limit as its step: shutdown, the end of the tool's input, a
   * wait; then signals to its process group, which a tool that keeps the rules never sees.
   */
  async shutdown(): Promise<ShutdownOutcome> {
    const started = performance.now();
    let exitedInMs: number | undefined;
    void this.tool.exited.then(() => (exitedInMs = performance.now() - started));
    const report = await this.tool.stop({ farewell: 'shutdown', stepMs: this.limits.shutdownMs });
    const inTime = exitedInMs !== undefined && exitedInMs <= this.limits.shutdownMs;
    return {
      ...(this.tool.exit ? { exit: this.tool.exit } : {}),
      ...(inTime ? { exitedInMs } : {}),
      ...(report.signal ? { signal: report.signal } : {}),
    };
  }

  /** Waits (a little) for the rest of the tool's output once it exited, so late lines are judged too. */
  async outputEnded(waitMs = EXIT_STATUS_WAIT_MS): Promise<void> {
    if (this.tool.exit === undefined) return; // still running: ended by dispose()
    await within(this.tool.exited, waitMs);
  }

  /** How the tool ended, with the last line of its stderr when there is one. */
  async howItEnded(): Promise<ToolEnd> {
    const exit = await within(this.tool.exited, EXIT_STATUS_WAIT_MS);
    const said = this.lastWords.line;
    return { how: describeExit(exit), ...(said === undefined ? {} : { said }) };
  }

  /** The tool's last lines on stderr (a few), oldest first. */
  get stderrLines(): string[] {
    return this.lastWords.lines;
  }

  /** The reason of a check not run because the tool is gone (an earlier check says how it went). */
  notRunReason(): string {
    return `not run: the tool ${describeExit(this.tool.exit)} earlier`;
  }

  /** Ends the tool's process group, closes the link and removes the run's folder; once. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      // Whatever happened, nothing the tool started outlives the run, in its process group or not.
      await this.tool.kill();
      await within(this.tool.exited, REAP_MS);
      this.tool.killLeftovers();
      this.peer.dispose();
      this.services.dispose();
      await rm(this.runFolder, { recursive: true, force: true }).catch(() => {});
    })();
    return this.disposing;
  }

  private answerLine(method: string): { line?: ReceivedLine } {
    const line = this.record.lastAnswerTo(method);
    return line ? { line } : {};
  }
}

/** A request of the tool, answered by the simulated services as the host's broker would. */
async function answerService(record: WireRecord, services: SimulatedServices, method: string, params: unknown): Promise<unknown> {
  const line = record.current;
  try {
    return await services.answer(method, params, line);
  } catch (error) {
    if (error instanceof ResponseError && error.code === ErrorCodes.InvalidParams) record.refusedParams(line, error.message);
    throw error;
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
export function endReason(end: ToolEnd, context: string): string {
  const said = end.said === undefined ? '' : ` (its last stderr line: ${quoteLine(end.said)})`;
  return `the tool ${end.how} ${context}${said}`;
}

/** A tool's end in words: `exited with code 1`, `was ended by SIGSEGV`. */
export function describeExit(exit: ToolExit | undefined): string {
  return exit ? exitText(exit) : 'closed its output but is still running';
}
