// One tool's process lifetime, by DESIGN.md section 3: start and initialize, the commands it says
// are runnable, command/run with its limit, the notices the app sends, the stop sequence, and
// restarts after crashes. The caller decides when to start (`launch` tools at once, `demand`
// tools on first use); runCommand starts a tool that is not started yet.
import type {
  CommandOutcome, CommandReasonCode, HostLogCode, LogLevel, LogSource, PreferenceValue, StateReasonCode, ToolState,
} from '../../src-shared/host-api';
import { Emitter, type Event } from '../../src-shared/lifecycle';
import { childEnvironment } from './child-env';
import { CrashHistory } from './crash-history';
import { ConnectionError, ResponseError } from './errors';
import { describeHostLog, hostLogLevel } from './host-log';
import { judgeInitializeAnswer } from './initialize';
import { describeCommandReason, exitReasonCode, stateReason, unavailable, type Reason } from './reasons';
import { LaunchError, RunningTool } from './running-tool';
import { MAX_LOG_LINE_CHARS } from './stderr-lines';
import {
  DEFAULT_LIMITS,
  PROTOCOLS_OFFERED,
  type ToolProcessLimits,
  type ToolProcessOptions,
  type ToolStateChange,
} from './supervisor-options';
import { ToolNotices } from './tool-notices';

export {
  DEFAULT_LIMITS,
  PROTOCOLS_OFFERED,
  type ToolProcessLimits,
  type ToolProcessOptions,
  type ToolStateChange,
} from './supervisor-options';

export class ToolProcess {
  private readonly _onDidChangeState = new Emitter<ToolStateChange>();
  readonly onDidChangeState: Event<ToolStateChange> = this._onDidChangeState.event;
  private readonly _onDidChangeRunnable = new Emitter<readonly string[]>();
  readonly onDidChangeRunnable: Event<readonly string[]> = this._onDidChangeRunnable.event;

  private readonly limits: ToolProcessLimits;
  private readonly crashes: CrashHistory;
  private readonly notices: ToolNotices;
  private _state: ToolState = 'idle';
  private _reason: Reason<StateReasonCode> | undefined;
  private _language: string;
  private _version: string | undefined;
  private current: RunningTool | undefined;
  private initialized = false;
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private stops = 0;

  constructor(private readonly options: ToolProcessOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this._language = options.language;
    this.crashes = new CrashHistory({
      maxCrashes: this.limits.maxCrashes,
      windowMs: this.limits.crashWindowMs,
      restartDelaysMs: this.limits.restartDelaysMs,
    });
    this.notices = new ToolNotices(options.commandIds, {
      onRunnable: (runnable) => this._onDidChangeRunnable.fire(runnable),
      onLog: options.onLog,
    });
  }

  get state(): ToolState {
    return this._state;
  }
  /** Why the tool is in its state, for a person: the crash, the refusal. */
  get stateReason(): string | undefined {
    return this._reason?.text;
  }
  /** The same reason as data, for the window to word in its language. */
  get stateReasonCode(): StateReasonCode | undefined {
    return this._reason?.code;
  }
  /** Commands runnable now: all of them until the tool's first commands/state. */
  get runnable(): readonly string[] {
    return this.notices.runnable;
  }
  get pid(): number | undefined {
    return this.current?.pid;
  }
  /** The tool's own version, from its answer to initialize. */
  get toolVersion(): string | undefined {
    return this._version;
  }
  get language(): string {
    return this._language;
  }

  /** Starts the tool; resolves once it answered initialize, or failed to. Not from 'failed'. */
  async start(): Promise<void> {
    if (this.stopping) await this.stopping;
    if (this.starting) await this.starting; // one under way: its outcome is ours, unless it was stopped
    if (this._state === 'failed' || this._state === 'running') return;
    this.starting ??= this.launch().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** The stop sequence; resolves when nothing of the tool runs any more. */
  stop(): Promise<void> {
    this.clearRestart();
    this.stops++; // a start still spawning sees it and ends what it spawned
    const running = this.current;
    if (running) {
      this.stopping ??= this.stopRunning(running).finally(() => (this.stopping = undefined));
      return this.stopping;
    }
    if (this._state === 'crashed' || this._state === 'starting') this.setState('stopped');
    // A start still spawning, or a refused tool being ended: wait until its process is gone.
    return (async () => {
      if (this.starting) await this.starting;
      if (this.stopping) await this.stopping;
    })();
  }

  /** Restart by hand: forgets past crashes and a failure, then starts again. */
  async restart(): Promise<void> {
    this.crashes.reset();
    await this.stop();
    if (this._state === 'failed') this.setState('stopped');
    await this.start();
  }

  async runCommand(commandId: string): Promise<CommandOutcome> {
    if (!this.options.commandIds.includes(commandId)) return unavailable({ code: 'unknownCommand', command: commandId });
    const startsOnDemand = this._state === 'stopped' && this.options.start === 'demand';
    if (this._state === 'idle' || startsOnDemand) await this.start();
    else if (this.starting) await this.starting;
    const running = this.current;
    if (this._state !== 'running' || !running) return unavailable(this.whyNotRunning());
    if (!this.notices.runnable.includes(commandId)) return unavailable({ code: 'notRunnable', command: commandId });
    try {
      await running.peer.request('command/run', { command: commandId }, { timeoutMs: this.limits.commandMs });
      return { outcome: 'done' };
    } catch (error) {
      if (error instanceof ResponseError) {
        const message = error.code === -32010 ? error.message : `${error.message} (${error.code})`;
        return { outcome: 'refused', message };
      }
      if (error instanceof ConnectionError && error.code === 'timeout') {
        this.hostLog({ code: 'commandTimeout', command: commandId, seconds: this.limits.commandMs / 1000 });
        return { outcome: 'timeout' };
      }
      if (running.stopRequested) return unavailable({ code: 'stoppedBeforeAnswer' });
      // Its output may end a moment before its exit is known.
      await Promise.race([running.exited, delay(this.limits.stopStepMs)]);
      const how: CommandReasonCode = running.exit ? exitReasonCode(running.exit) : { code: 'linkBroken' };
      // "it": the outcome already says the tool crashed ("The tool crashed: it exited with code 3 ...").
      return { outcome: 'crashed', message: `${describeCommandReason(how)} before it answered`, reasonCode: how };
    }
  }

  preferencesChanged(preferences: readonly { id: string; value: PreferenceValue }[]): void {
    if (this._state === 'running' && this.initialized) this.current?.peer.notify('preferences/changed', { preferences });
  }

  languageChanged(language: string): void {
    this._language = language;
    if (this._state === 'running' && this.initialized) this.current?.peer.notify('language/changed', { language });
  }

  async dispose(): Promise<void> {
    await this.stop();
    this._onDidChangeState.dispose();
    this._onDidChangeRunnable.dispose();
  }

  private async launch(): Promise<void> {
    this.clearRestart();
    const stops = this.stops;
    this.setState('starting');
    this.notices.reset();
    let running: RunningTool;
    try {
      running = await RunningTool.launch({
        execPath: this.options.execPath,
        args: this.options.args ?? [],
        cwd: this.options.cwd,
        env: this.options.env ?? childEnvironment(),
        exitDrainMs: this.limits.exitDrainMs,
        onStderrLine: (line) => this.options.onLog('info', 'stderr', line),
        peer: {
          fallbackRequestHandler: (params, method) => this.options.handleRequest(method, params),
          onProtocolError: (problem) =>
            this.log(problem.kind === 'handlerFailed' ? 'error' : 'warn', 'protocol', problem.message),
          onTrace: (direction, text, method) =>
            this.options.onTrace?.(direction === 'sent' ? 'toTool' : 'fromTool', text, method),
        },
      });
    } catch (error) {
      const problem = error instanceof LaunchError ? error.problem : (error as Error).message;
      this.fail({ code: 'couldNotStart', program: this.options.execPath, problem });
      return;
    }
    if (this.stops !== stops) {
      // Stopped while it was being spawned.
      this.stopping = running.stop({ sendShutdown: false, stepMs: this.limits.stopStepMs }).then(() => undefined);
      await this.stopping.finally(() => (this.stopping = undefined));
      return;
    }
    this.current = running;
    this.notices.attach(running.peer);
    void running.exited.then(() => this.exitedUnasked(running));
    running.peer.onClose(() => this.linkClosed(running));
    const offered = { protocols: [...PROTOCOLS_OFFERED], language: this._language, dataFolder: this.options.cwd };
    // Nothing else goes either way before initialize is answered (see Peer.request's `first`).
    const answer = running.peer.request('initialize', offered, { timeoutMs: this.limits.initializeMs, first: true });
    let refusal: StateReasonCode | undefined;
    try {
      const verdict = judgeInitializeAnswer(await answer);
      refusal = verdict.refusal;
      this._version = verdict.version;
    } catch (error) {
      if (error instanceof ConnectionError && error.code === 'closed') return; // exited: a crash, handled there
      refusal =
        error instanceof ResponseError
          ? { code: 'initializeFailed', message: error.message, errorCode: error.code }
          : { code: 'initializeTimeout', seconds: this.limits.initializeMs / 1000 };
    }
    if (this.current !== running) return; // stopped meanwhile
    if (refusal !== undefined) {
      this.current = undefined;
      this.fail(refusal);
      // stop() meanwhile waits for this, so nothing of the refused tool outlives it.
      this.stopping = running.stop({ sendShutdown: false, stepMs: this.limits.stopStepMs }).then(() => undefined);
      await this.stopping.finally(() => (this.stopping = undefined));
      return;
    }
    this.initialized = true;
    running.peer.releaseOutput();
    this.setState('running');
    this.hostLog({ code: 'started', pid: running.pid, version: this._version ?? 'unknown' });
  }

  private async stopRunning(running: RunningTool): Promise<void> {
    this.setState('stopping');
    const sendShutdown = this.initialized;
    this.current = undefined;
    this.initialized = false;
    const report = await running.stop({ sendShutdown, stepMs: this.limits.stopStepMs });
    if (report.signal) this.hostLog({ code: 'neededSignal', signal: report.signal, seconds: this.limits.stopStepMs / 1000 });
    else if (report.exit.code !== 0) this.hostLog({ code: 'exitedWhenStopped', exit: exitReasonCode(report.exit) });
    else this.hostLog({ code: 'stopped' });
    this.notices.reset();
    this.setState('stopped');
  }

  private exitedUnasked(running: RunningTool): void {
    if (running.stopRequested || this.current !== running) return;
    const wasRunning = this.initialized;
    this.current = undefined;
    this.initialized = false;
    const exit = running.exit ?? { code: null, signal: null };
    if (running.killLeftovers()) this.hostLog({ code: 'leftoversKilled' });
    this.notices.reset();
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
    this.setState('crashed', stateReason(exitReasonCode(exit)));
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.start();
    }, verdict.delayMs);
  }

  /** A tool that closed its stdout (or stdin) but runs on can no longer talk: it is ended. */
  private linkClosed(running: RunningTool): void {
    setTimeout(() => {
      if (running.exit || running.stopRequested || this.current !== running) return;
      this.hostLog({ code: 'linkClosed' });
      void running.stop({ sendShutdown: false, stepMs: this.limits.stopStepMs, asked: false });
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
    const reason = stateReason(code);
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

  private log(level: LogLevel, source: LogSource, message: string, code?: HostLogCode): void {
    const text = message.length > MAX_LOG_LINE_CHARS ? `${message.slice(0, MAX_LOG_LINE_CHARS)}...` : message;
    if (code) this.options.onLog(level, source, text, code);
    else this.options.onLog(level, source, text);
  }

  private hostLog(code: HostLogCode): void {
    this.log(hostLogLevel(code), 'host', describeHostLog(code), code);
  }
}


function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
