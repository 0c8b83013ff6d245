// A lifetime, whatever it runs (a program's process, a module plugin's worker: child.ts): start
// and initialize, one queue of starts and stops, the stop sequence, restarts after crashes with
// growing delays (docs/design/wire.md), the state the window shows. What differs is a subclass with
// a handful of hooks, as the MCP SDK's client and server extend one protocol class: how it is
// spawned, how initialize is asked and judged, what is forgotten when it goes. program-supervisor.ts
// runs programs (tools, program plugins); module-plugin.ts runs a component in a worker.
import { LIFETIME_LOG_CODES } from '../../../src-shared/host-api';
import type { CommandReasonCode, HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import { Emitter, type Event } from '../../../src-shared/lifecycle';
import type { Noun } from '../../../src-shared/reasons-en';
import { CrashHistory } from './crash-history';
import { delay } from './delay';
import { hostLogLevel, hostLogText } from '../records/host-log';
import { exitReasonCode, notRunningReason, stateReason, type Reason } from './reasons';
import { LaunchError, type Child } from './child';
import type { Supervised } from './supervised';
import { MAX_LOG_LINE_CHARS } from '../../../src-shared/limits';
import { DEFAULT_LIMITS } from './supervisor-options';
import type { InitializeVerdict, Running, SupervisorLimits, SupervisorOptions, ToolStateChange } from './supervisor-options';

export abstract class Supervisor<R extends Child> implements Supervised {
  private readonly _onDidChangeState = new Emitter<ToolStateChange>();
  readonly onDidChangeState: Event<ToolStateChange> = this._onDidChangeState.event;

  protected readonly limits: SupervisorLimits;
  private readonly crashes: CrashHistory;
  private _state: ToolState = 'idle';
  private _reason: Reason<StateReasonCode> | undefined;
  private _version: string | undefined;
  private current: R | undefined;
  private initialized = false;
  /** Every start and stop, one at a time, in the order asked (as the host's change() does). */
  private queue: Promise<void> = Promise.resolve();
  /** The start waiting its turn or under way: a stop cuts it short, a second start shares it. */
  private pendingStart: { cut: AbortController; done: Promise<void> } | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  /** What the log and the reasons call it. */
  protected abstract readonly noun: Noun;
  /** The notice sent before the input closes at a stop, to what answered initialize. */
  protected readonly farewell: string | undefined = undefined;
  /** Starts a new one; rejects with a LaunchError when it cannot start at all. */
  protected abstract spawn(): Promise<R>;
  /** Asks initialize and judges the answer; undefined when it ended meanwhile (a crash, handled as one). */
  protected abstract initialize(running: R): Promise<InitializeVerdict | undefined>;
  /** Its handlers go on a new one before anything is read from it. */
  protected attach(_running: R): void {}
  /** It answered initialize and was accepted. */
  protected accepted(_running: R): void {}
  /** The line the log says once it was accepted: "started (pid N, ...)". */
  protected abstract startedLine(running: R, version: string): HostLogCode;
  /** It is gone or going (stopped, crashed, refused, cut short): forget what was its. */
  protected detached(): void {}
  /** A stop was asked, before it waits its turn. */
  protected stopAsked(): void {}

  constructor(private readonly lifetime: SupervisorOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...lifetime.limits };
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
    return this.current?.processes[0];
  }
  /** Its processes, the first its own; none when it does not run, or runs in the host's own. */
  get processes(): readonly number[] {
    return this.current?.processes ?? [];
  }
  /** The program's own version, when its answer to initialize gave one. */
  get toolVersion(): string | undefined {
    return this._version;
  }

  /** Starts it; resolves once it answered initialize, or failed to. Not from 'failed'. */
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
   * The stop sequence; resolves when nothing of it runs any more. `idle`: it ends idle, not
   * stopped. A start under way is cut short: what it spawned is stopped too.
   */
  stop(options: { idle?: boolean } = {}): Promise<void> {
    this.stopAsked();
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
   * What runs, to send a request to: started first when it starts on demand and is not started (or
   * stopped, or idle), waited for while it starts, and with `waitForRestart` while a restart after a
   * crash is due; else why there is none.
   */
  protected async ready(options: { waitForRestart?: boolean } = {}): Promise<Running<R>> {
    const startsOnDemand = this._state === 'stopped' && this.lifetime.start === 'demand';
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
    if (this._state !== 'running' || !running) return { why: notRunningReason(this._state, this._reason?.code) };
    return { running };
  }

  /** What runs, when it runs now with nothing to wait for (what ready() would give at once); else undefined. */
  protected runningNow(): R | undefined {
    return this._state === 'running' && !this.pendingStart ? this.current : undefined;
  }

  /** Why a request sent to `running` got no answer: stopped meanwhile, or how it ended. */
  protected async whyUnanswered(running: R): Promise<CommandReasonCode> {
    if (running.stopRequested) return { code: 'stoppedBeforeAnswer' };
    // Its output may end a moment before its exit is known.
    await Promise.race([running.exited, delay(this.limits.stopStepMs)]);
    return running.ending ?? { code: 'linkBroken' };
  }

  /**
   * Ends `running` at once to cut short what it is doing (a module's call that does not return): not
   * a crash, nor a stop; idle after, and the next request starts it afresh.
   */
  protected cutShort(running: R): Promise<void> {
    return this.enqueue(async () => {
      if (this.current !== running) return;
      this.current = undefined;
      this.initialized = false;
      await running.stop({ stepMs: this.limits.stopStepMs });
      this.detached();
      this.setState('idle');
    });
  }

  /** Whether `running` is the one that runs now (not one stopped, crashed or cut short since). */
  protected isCurrent(running: R): boolean {
    return this.current === running;
  }

  protected log(level: LogLevel, source: LogSource, message: string): void {
    this.lifetime.onLog(level, source, cut(message));
  }

  /** One of the host's own lines, as data and in English; a plugin's say so. */
  protected hostLog(line: HostLogCode): void {
    const own = this.noun === 'plugin' && LIFETIME_LOG_CODES.has(line.code) ? ({ ...line, plugin: true } as HostLogCode) : line;
    this.lifetime.onLog(hostLogLevel(own), 'host', cut(hostLogText(own)), own);
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
    let running: R;
    try {
      running = await this.spawn();
    } catch (error) {
      const launch = error instanceof LaunchError ? error : new LaunchError(this.noun, (error as Error).message);
      this.fail({ code: 'couldNotStart', program: launch.program, problem: launch.problem });
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
    // A stop asked while initialize is awaited goes at once: the stop that follows in the queue ends it.
    const stopped = new Promise<'stopped'>((resolve) => cut.addEventListener('abort', () => resolve('stopped'), { once: true }));
    const verdict = await Promise.race([this.initialize(running), stopped]);
    if (verdict === 'stopped' || verdict === undefined || this.current !== running) return; // stopped, or it exited meanwhile
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
    this.hostLog(this.startedLine(running, verdict.version));
  }

  private async stopRunning(running: R, ending: 'idle' | 'stopped'): Promise<void> {
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

  private exitedUnasked(running: R): void {
    if (running.stopRequested || this.current !== running) return;
    const wasRunning = this.initialized;
    this.current = undefined;
    this.initialized = false;
    const ending = running.ending ?? { code: 'exited', exitCode: null };
    if (running.killLeftovers()) this.hostLog({ code: 'leftoversKilled' });
    this.detached();
    if (wasRunning && ending.code === 'exited' && ending.exitCode === 0 && this.lifetime.start === 'demand') {
      this.hostLog({ code: 'exitedIdle' });
      this.setState('idle');
      return;
    }
    const verdict = this.crashes.record();
    if (!verdict.restart) {
      this.fail({ code: 'crashedTooOften', crashes: verdict.crashes, seconds: this.limits.crashWindowMs / 1000, last: ending });
      return;
    }
    this.hostLog({ code: 'crashedRestarting', exit: ending, seconds: verdict.delayMs / 1000 });
    this.setState('crashed', stateReason(ending, this.noun));
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.start();
    }, verdict.delayMs);
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

/** A line for the log, cut to what a log line may hold. */
const cut = (text: string): string => (text.length > MAX_LOG_LINE_CHARS ? `${text.slice(0, MAX_LOG_LINE_CHARS)}...` : text);
