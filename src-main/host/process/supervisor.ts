// A process's lifetime, whatever it speaks: start and initialize, the stop sequence, restarts after
// crashes with growing delays (docs/design/wire.md), the state the window shows. What differs between
// the dialects (protocol 1's tools, Skwir's plugins) is a subclass: how initialize is asked and
// judged, the handlers on the link, the notice sent before the input closes, the line limit.
// Tools (tool-supervisor.ts) and plugins (plugin-supervisor.ts) share everything else here.
import {
  LIFETIME_LOG_CODES,
  type CommandReasonCode,
  type HostLogCode,
  type LogLevel,
  type LogSource,
  type StateReasonCode,
  type ToolState,
} from '../../../src-shared/host-api';
import type { LineLimit } from '../../../src-shared/limits';
import { Emitter, type Event } from '../../../src-shared/lifecycle';
import type { Noun } from '../../../src-shared/reasons-en';
import { childEnvironment } from './child-env';
import { CrashHistory } from './crash-history';
import { delay } from './delay';
import { ConnectionError, ResponseError } from '../wire/errors';
import { hostLogLevel, hostLogText } from '../records/host-log';
import type { MessageId } from '../wire/message-shape';
import { exitReasonCode, stateReason, type Reason } from './reasons';
import { LaunchError, ProgramProcess } from './program-process';
import { MAX_LOG_LINE_CHARS } from '../../../src-shared/limits';
import { DEFAULT_LIMITS, type SupervisorLimits, type ToolStateChange } from './supervisor-options';

export interface SupervisorOptions {
  /** The program, an absolute path already resolved inside the folder. */
  execPath: string;
  args?: readonly string[];
  /** The data folder: the process's working directory. */
  cwd: string;
  start: 'launch' | 'demand';
  /** A line for the log; the host's own lines carry their code (host-log.ts). */
  onLog: (level: LogLevel, source: LogSource, message: string, code?: HostLogCode) => void;
  /** Every line both ways; `sent`: the message a line sent was made from (the trace reads marks on it). */
  onTrace?(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object): void;
  limits?: Partial<SupervisorLimits>;
  /** The child's environment; by default the allow-list of child-env.ts. */
  env?: Record<string, string>;
}

/** The answer to initialize, judged by the dialect: refused, or accepted with the program's version for the log. */
export type InitializeVerdict = { refusal: StateReasonCode } | { version: string };

/** Where a request to a running process stands once it failed for want of an answer. */
export type Running = { running: ProgramProcess } | { why: CommandReasonCode };

export abstract class Supervisor {
  private readonly _onDidChangeState = new Emitter<ToolStateChange>();
  readonly onDidChangeState: Event<ToolStateChange> = this._onDidChangeState.event;

  protected readonly limits: SupervisorLimits;
  private readonly crashes: CrashHistory;
  private _state: ToolState = 'idle';
  private _reason: Reason<StateReasonCode> | undefined;
  private _version: string | undefined;
  private current: ProgramProcess | undefined;
  private initialized = false;
  /** Every start and stop, one at a time, in the order asked (as the host's change() does). */
  private queue: Promise<void> = Promise.resolve();
  /** The start waiting its turn or under way: a stop cuts it short, a second start shares it. */
  private pendingStart: { cut: AbortController; done: Promise<void> } | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  /** What the log and the reasons call it. */
  protected abstract readonly noun: Noun;
  /** The wire's line limit. */
  protected abstract readonly lineLimit: LineLimit;
  /** The notice sent before the input closes at a stop, to a process that answered initialize. */
  protected readonly farewell: string | undefined = undefined;
  /** Sends initialize; a dialect whose initialize comes before anything else holds the rest back. */
  protected abstract sendInitialize(running: ProgramProcess): { id: MessageId; answer: Promise<unknown> };
  protected abstract judgeInitialize(result: unknown): InitializeVerdict;
  /** A new process: its handlers go on its link before anything is read from it. */
  protected abstract attach(running: ProgramProcess): void;
  /** A request of the process that no handler of attach() took: the answer, or a promise of it. */
  protected abstract handleRequest(method: string, params: unknown): unknown;
  /** The process answered initialize and was accepted. */
  protected accepted(_running: ProgramProcess): void {}
  /** The process is gone or going (stopped, crashed, refused): forget what was its. */
  protected detached(): void {}
  /** initialize was not answered in time (Skwir then sends $/cancel for it). */
  protected initializeTimedOut(_running: ProgramProcess, _id: MessageId): void {}

  constructor(protected readonly options: SupervisorOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.crashes = new CrashHistory({
      maxCrashes: this.limits.maxCrashes,
      windowMs: this.limits.crashWindowMs,
      restartDelaysMs: this.limits.restartDelaysMs,
    });
  }

  get state(): ToolState {
    return this._state;
  }
  /** Why it is in its state, for a person: the crash, the refusal. */
  get stateReason(): string | undefined {
    return this._reason?.text;
  }
  /** The same reason as data, for the window to word in its language. */
  get stateReasonCode(): StateReasonCode | undefined {
    return this._reason?.code;
  }
  get pid(): number | undefined {
    return this.current?.pid;
  }
  /** The process first, then the descendants seen so far; none when it does not run. */
  get processes(): readonly number[] {
    const running = this.current;
    return running ? [running.pid, ...running.tree.descendants()] : [];
  }
  /** The program's own version, when its answer to initialize gave one. */
  get toolVersion(): string | undefined {
    return this._version;
  }

  /** Starts the process; resolves once it answered initialize, or failed to. Not from 'failed'. */
  start(): Promise<void> {
    if (this.pendingStart && !this.pendingStart.cut.signal.aborted) return this.pendingStart.done;
    const cut = new AbortController();
    const done = this.enqueue(async () => {
      if (cut.signal.aborted || this._state === 'failed' || this._state === 'running') return;
      await this.launch(cut.signal);
    });
    const pending = { cut, done };
    this.pendingStart = pending;
    void done.finally(() => {
      if (this.pendingStart === pending) this.pendingStart = undefined;
    });
    return done;
  }

  /**
   * The stop sequence; resolves when nothing of the process runs any more. `idle`: it ends idle,
   * not stopped. A start under way is cut short: what it spawned is stopped too.
   */
  stop(options: { idle?: boolean } = {}): Promise<void> {
    this.clearRestart();
    const cutStart = this.pendingStart !== undefined;
    this.pendingStart?.cut.abort();
    return this.enqueue(async () => {
      const running = this.current;
      if (running) return this.stopRunning(running, options.idle ? 'idle' : 'stopped');
      if (this._state === 'crashed' || this._state === 'starting' || (cutStart && this._state === 'idle')) this.setState('stopped');
    });
  }

  /** Restart by hand: forgets past crashes and a failure, then starts again. */
  async restart(): Promise<void> {
    this.crashes.reset();
    await this.stop();
    if (this._state === 'failed') this.setState('stopped');
    await this.start();
  }

  async dispose(): Promise<void> {
    await this.stop();
    this._onDidChangeState.dispose();
  }

  /**
   * The running process to send a request to: started first when it starts on demand and is not
   * started (or stopped, or idle), waited for while it starts, and with `waitForRestart` while a
   * restart after a crash is due; else why there is none.
   */
  protected async ready(options: { waitForRestart?: boolean } = {}): Promise<Running> {
    const startsOnDemand = this._state === 'stopped' && this.options.start === 'demand';
    if (this._state === 'idle' || startsOnDemand) await this.start();
    else if (this.pendingStart) await this.pendingStart.done;
    else if (this._state === 'crashed' && options.waitForRestart && this.restartTimer) {
      await new Promise<void>((resolve) => {
        const subscription = this.onDidChangeState(({ state }) => {
          if (state === 'crashed' || state === 'starting') return;
          subscription.dispose();
          resolve();
        });
      });
    }
    const running = this.current;
    if (this._state !== 'running' || !running) return { why: this.whyNotRunning() };
    return { running };
  }

  /** Why a request sent to `running` got no answer: stopped meanwhile, or how the process ended. */
  protected async whyUnanswered(running: ProgramProcess): Promise<CommandReasonCode> {
    if (running.stopRequested) return { code: 'stoppedBeforeAnswer' };
    // Its output may end a moment before its exit is known.
    await Promise.race([running.exited, delay(this.limits.stopStepMs)]);
    return running.exit ? exitReasonCode(running.exit) : { code: 'linkBroken' };
  }

  protected log(level: LogLevel, source: LogSource, message: string): void {
    this.options.onLog(level, source, message.length > MAX_LOG_LINE_CHARS ? `${message.slice(0, MAX_LOG_LINE_CHARS)}...` : message);
  }

  /** One of the host's own lines, as data and in English; a plugin's say so. */
  protected hostLog(line: HostLogCode): void {
    const own = this.noun === 'plugin' && LIFETIME_LOG_CODES.has(line.code) ? ({ ...line, plugin: true } as HostLogCode) : line;
    const text = hostLogText(own);
    this.options.onLog(hostLogLevel(own), 'host', text.length > MAX_LOG_LINE_CHARS ? `${text.slice(0, MAX_LOG_LINE_CHARS)}...` : text, own);
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    const next = this.queue.then(operation);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Spawns and initializes, in the queue's turn; `cut` (a stop asked meanwhile) ends it early. */
  private async launch(cut: AbortSignal): Promise<void> {
    this.clearRestart();
    this.setState('starting');
    this.detached();
    let running: ProgramProcess;
    try {
      running = await ProgramProcess.launch({
        execPath: this.options.execPath,
        args: this.options.args ?? [],
        cwd: this.options.cwd,
        env: this.options.env ?? childEnvironment(),
        exitDrainMs: this.limits.exitDrainMs,
        onStderrLine: (line) => this.options.onLog('info', 'stderr', line),
        peer: {
          lineLimit: this.lineLimit,
          fallbackRequestHandler: (params, method) => this.handleRequest(method, params),
          onProtocolError: (problem) => this.log(problem.kind === 'handlerFailed' ? 'error' : 'warn', 'protocol', problem.message),
          onTrace: (direction, text, method, sent) => this.options.onTrace?.(direction === 'sent' ? 'toTool' : 'fromTool', text, method, sent),
        },
      });
    } catch (error) {
      const problem = error instanceof LaunchError ? error.problem : (error as Error).message;
      this.fail({ code: 'couldNotStart', program: this.options.execPath, problem });
      return;
    }
    if (cut.aborted) {
      // Stopped while it was being spawned: nothing of it outlives the stop, which waits its turn.
      await running.stop({ stepMs: this.limits.stopStepMs });
      return;
    }
    this.current = running;
    this.attach(running);
    void running.exited.then(() => this.exitedUnasked(running));
    running.peer.onClose(() => this.linkClosed(running));
    const { id, answer } = this.sendInitialize(running);
    // A stop asked while initialize is awaited goes at once: the stop that follows in the queue ends it.
    const stopped = new Promise<'stopped'>((resolve) => cut.addEventListener('abort', () => resolve('stopped'), { once: true }));
    answer.catch(() => undefined); // left unawaited when stopped: its rejection is no one's
    let verdict: InitializeVerdict;
    try {
      const result = await Promise.race([answer, stopped]);
      if (result === 'stopped') return;
      verdict = this.judgeInitialize(result);
    } catch (error) {
      if (error instanceof ConnectionError && error.code === 'closed') return; // exited: a crash, handled there
      if (error instanceof ResponseError) {
        verdict = { refusal: { code: 'initializeFailed', message: error.message, errorCode: error.code } };
      } else {
        this.initializeTimedOut(running, id);
        verdict = { refusal: { code: 'initializeTimeout', seconds: this.limits.initializeMs / 1000 } };
      }
    }
    if (this.current !== running) return; // it exited meanwhile
    if ('refusal' in verdict) {
      this.current = undefined;
      this.fail(verdict.refusal);
      // In the queue's turn: a stop asked meanwhile waits for this, so nothing of it outlives it.
      await running.stop({ stepMs: this.limits.stopStepMs });
      return;
    }
    this._version = verdict.version;
    this.initialized = true;
    this.accepted(running);
    this.setState('running');
    this.hostLog({ code: 'started', pid: running.pid, version: verdict.version });
  }

  private async stopRunning(running: ProgramProcess, ending: 'idle' | 'stopped'): Promise<void> {
    this.setState('stopping');
    const farewell = this.initialized ? this.farewell : undefined;
    this.current = undefined;
    this.initialized = false;
    const report = await running.stop({ ...(farewell === undefined ? {} : { farewell }), stepMs: this.limits.stopStepMs });
    if (report.signal) this.hostLog({ code: 'neededSignal', signal: report.signal, seconds: this.limits.stopStepMs / 1000 });
    else if (report.exit.code !== 0) this.hostLog({ code: 'exitedWhenStopped', exit: exitReasonCode(report.exit) });
    else if (ending === 'stopped') this.hostLog({ code: 'stopped' });
    this.detached();
    this.setState(ending);
  }

  private exitedUnasked(running: ProgramProcess): void {
    if (running.stopRequested || this.current !== running) return;
    const wasRunning = this.initialized;
    this.current = undefined;
    this.initialized = false;
    const exit = running.exit ?? { code: null, signal: null };
    if (running.killLeftovers()) this.hostLog({ code: 'leftoversKilled' });
    this.detached();
    if (wasRunning && running.exit?.code === 0 && this.options.start === 'demand') {
      this.hostLog({ code: 'exitedIdle' });
      this.setState('idle');
      return;
    }
    const verdict = this.crashes.record();
    if (!verdict.restart) {
      this.fail({ code: 'crashedTooOften', crashes: verdict.crashes, seconds: this.limits.crashWindowMs / 1000, last: exitReasonCode(exit) });
      return;
    }
    this.hostLog({ code: 'crashedRestarting', exit: exitReasonCode(exit), seconds: verdict.delayMs / 1000 });
    this.setState('crashed', stateReason(exitReasonCode(exit), this.noun));
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.start();
    }, verdict.delayMs);
  }

  /** A process that closed its stdout (or stdin) but runs on can no longer talk: it is ended. */
  private linkClosed(running: ProgramProcess): void {
    setTimeout(() => {
      if (running.exit || running.stopRequested || this.current !== running) return;
      this.hostLog({ code: 'linkClosed' });
      void running.stop({ stepMs: this.limits.stopStepMs, asked: false });
    }, this.limits.exitDrainMs).unref();
  }

  private whyNotRunning(): CommandReasonCode {
    switch (this._state) {
      case 'failed':
        return this._reason?.code ?? { code: 'notRunning' };
      case 'crashed':
        return this._reason ? { code: 'restarting', after: this._reason.code } : { code: 'restarting' };
      case 'stopping':
        return { code: 'stopping' };
      default:
        return { code: 'notRunning' };
    }
  }

  private fail(code: StateReasonCode): void {
    const reason = stateReason(code, this.noun);
    this.hostLog({ code: 'failed', reason: code });
    this.setState('failed', reason);
  }

  private clearRestart(): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
  }

  private setState(state: ToolState, reason?: Reason<StateReasonCode>): void {
    if (state === this._state && reason?.text === this._reason?.text) return;
    this._state = state;
    this._reason = reason;
    this._onDidChangeState.fire(reason === undefined ? { state } : { state, reason: reason.text, reasonCode: reason.code });
  }
}
