// One module plugin (a WebAssembly component, docs/design/skwir.md) as the host runs it: transpiled
// on its first start (module-transpile.ts, cached), then in a worker thread of its own (module-
// worker-link.ts) so a trap, a hang or runaway memory ends that worker and never the host. The
// same calls as a program plugin (plugin-calls.ts: the queue, the answer checks, the idle stop)
// and the same reads (plugin-reads.ts), with no initialize: the granted capabilities rule `read`.
// A trap fails its call and the worker instantiates the component again; a call past its limit,
// or cancelled, ends the worker and the next call starts a fresh one. The Messages tab gets each
// call, read and log as the JSON-RPC lines a program would have sent for them.
import { basename } from 'node:path';
import type { HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../../src-shared/host-api';
import { Emitter } from '../../../../src-shared/lifecycle';
import { formatCount, quote } from '../../../../src-shared/protocol/problem-words';
import { SKWIR_LINE_LIMIT } from '../../../../src-shared/skwir/limits';
import type { CallMethod } from '../../../../src-shared/skwir/methods';
import type { Capability } from '../../../../src-shared/skwir/types';
import { SKWIR_REFUSAL, type CallHandles } from '../call-files';
import { jcoTranspileVersion } from './component-tools';
import { ErrorCodes, ResponseError } from '../../wire/errors';
import { hostLogLevel, hostLogText } from '../../records/host-log';
import { logNotice } from '../../records/log-notice';
import { transpiledModule } from './module-transpile';
import { MODULE_LOGS_PER_CALL, WorkerLink, type CallEnding, type ReadAsked, type ReadReply } from './module-worker-link';
import {
  CallQueue,
  cancelledBeforeSent,
  cancelledByPerson,
  judgedAnswer,
  malformed,
  openCall,
  PLUGIN_LIMITS,
  pluginFailed,
  timedOut,
  type CallablePlugin,
  type CallLog,
  type CallOutcome,
  type CallRequest,
  type PluginLimits,
} from '../plugin-calls';
import { PluginReads } from '../plugin-reads';
import { reasonText, stateReason, type Reason } from '../../process/reasons';
import { DEFAULT_LIMITS, type ToolStateChange } from '../../process/supervisor-options';

export interface ModulePluginOptions {
  /** The component, resolved inside the plugin's folder. */
  wasmPath: string;
  /** The host's own folder for this plugin's transpile: under no plugin's data or cache folder, where another plugin could rewrite the code the host runs. */
  transpileFolder: string;
  /** The plugin's version, from its manifest, for the log. */
  version?: string;
  granted: readonly Capability[];
  /** `code`: one of the host's own lines, as data. */
  onLog(level: LogLevel, source: LogSource, message: string, code?: HostLogCode): void;
  onTrace?(direction: 'toTool' | 'fromTool', text: string, method?: string): void;
  /** initializeMs bounds the component's instantiation; callMs and idleMs as for a program. */
  limits?: Partial<PluginLimits>;
}

const rpc = (fields: string): string => `{"jsonrpc":"2.0",${fields}}`;

export class ModulePlugin implements CallablePlugin {
  private readonly _onDidChangeState = new Emitter<ToolStateChange>();
  readonly onDidChangeState = this._onDidChangeState.event;
  /** A module runs inside the host's own process. */
  readonly processes: readonly number[] = [];

  private _state: ToolState = 'idle';
  private _reason: Reason<StateReasonCode> | undefined;
  private link: WorkerLink | undefined;
  /** Workers the host ended: a call open in one was stopped, not crashed. */
  private readonly ended = new WeakSet<WorkerLink>();
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private stops = 0;
  private readonly reads: PluginReads;
  private callSeq = 0;
  private readSeq = 0;
  private readonly calls: CallQueue;
  private readonly callMs: number;
  private readonly startMs: number;
  private readonly log: (level: LogLevel, source: LogSource, message: string) => void;
  private readonly callLog: CallLog;

  constructor(private readonly options: ModulePluginOptions) {
    this.log = (level, source, message) => options.onLog(level, source, message);
    this.callLog = { log: this.log, hostLog: (line) => this.hostLog(line) };
    this.callMs = options.limits?.callMs ?? PLUGIN_LIMITS.callMs;
    this.startMs = options.limits?.initializeMs ?? DEFAULT_LIMITS.initializeMs;
    this.reads = new PluginReads(options.granted);
    this.calls = new CallQueue({
      send: (request) => this.send(request),
      idleMs: options.limits?.idleMs ?? PLUGIN_LIMITS.idleMs,
      running: () => this._state === 'running',
      log: this.callLog,
      idle: () => void this.stop({ idle: true }),
    });
  }

  get state(): ToolState {
    return this._state;
  }
  get stateReason(): string | undefined {
    return this._reason?.text;
  }
  get stateReasonCode(): StateReasonCode | undefined {
    return this._reason?.code;
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.calls.call(request);
  }

  /** Transpiles (unless cached) and starts the worker; resolves once the component is instantiated, or failed to be. */
  async start(): Promise<void> {
    if (this.stopping) await this.stopping;
    if (this.starting) return this.starting;
    if (this._state === 'running' || this._state === 'failed') return;
    this.starting = this.launch().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Ends the worker; `idle`: it ends idle, not stopped. */
  async stop(options: { idle?: boolean } = {}): Promise<void> {
    this.calls.clearIdle();
    this.stops++;
    if (this.starting) await this.starting;
    if (this.stopping) return this.stopping;
    const link = this.link;
    if (!link) {
      if (this._state === 'starting') this.setState('stopped');
      return;
    }
    this.stopping = (async () => {
      this.setState('stopping');
      await this.endWorker(link);
      this.reads.stop();
      // An idle stop was said already (idleStopped, plugin-calls.ts).
      if (!options.idle) this.hostLog({ code: 'stopped', plugin: true });
      this.setState(options.idle ? 'idle' : 'stopped');
    })().finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  /** Restart by hand: forgets a failure, then starts again. */
  async restart(): Promise<void> {
    await this.stop();
    if (this._state === 'failed') this.setState('stopped');
    await this.start();
  }

  async dispose(): Promise<void> {
    this.calls.dispose();
    await this.stop();
    this.reads.stop();
    this._onDidChangeState.dispose();
  }

  private async launch(): Promise<void> {
    const stops = this.stops;
    this.setState('starting');
    // A new worker: its handles count from 1 (the reads' own thread starts while it does).
    this.reads.restart();
    const { wasmPath } = this.options;
    const problem = (error: unknown) => (error instanceof Error ? error.message : String(error));
    let link: WorkerLink;
    try {
      const began = Date.now();
      const module = await transpiledModule(wasmPath, this.options.transpileFolder);
      if (module.changed !== undefined) this.hostLog({ code: 'transpileChanged', file: basename(wasmPath), changed: module.changed });
      if (module.transpiled)
        this.hostLog({ code: 'transpiled', file: basename(wasmPath), transpiler: `jco-transpile ${jcoTranspileVersion()}`, ms: Date.now() - began });
      link = await WorkerLink.start(
        {
          code: module.code,
          onRead: (asked) => this.answerRead(asked),
          onLog: (level, message) => this.takeLog(level, message),
          onLogsDropped: (count) => this.hostLog({ code: 'logsDropped', count, max: MODULE_LOGS_PER_CALL }),
          onOutput: (line) => this.log('info', 'stderr', line),
        },
        this.startMs,
      );
    } catch (error) {
      this.fail({ code: 'couldNotStart', program: wasmPath, problem: problem(error) });
      return;
    }
    if (this.stops !== stops) {
      // Stopped while it was starting.
      await this.endWorker(link);
      return;
    }
    this.link = link;
    void link.exited.then((why) => {
      if (this.ended.has(link) || this.link !== link) return;
      this.link = undefined;
      this.hostLog({ code: 'workerEndedByItself', why });
      this.setState('idle');
    });
    this.setState('running');
    const { version } = this.options;
    this.hostLog({ code: 'workerStarted', file: basename(wasmPath), ...(version === undefined ? {} : { version }) });
  }

  /** Ends a worker on purpose; the plugin is idle after (the next call starts a fresh one) unless it is stopping. */
  private async endWorker(link: WorkerLink): Promise<void> {
    this.ended.add(link);
    if (this.link === link) this.link = undefined;
    await link.terminate();
    if (this._state === 'running') this.setState('idle');
  }

  private async send(request: CallRequest): Promise<CallOutcome> {
    if (this.stopping) await this.stopping;
    if (this._state !== 'running') await this.start();
    const link = this.link;
    if (this._state !== 'running' || !link) {
      const why = this._state === 'failed' && this._reason ? this._reason.code : { code: 'notRunning' as const };
      return { ms: 0, outcome: 'unavailable', message: reasonText(why, 'plugin'), reasonCode: why };
    }
    if (request.signal?.aborted) return cancelledBeforeSent();
    const opened = await openCall(request, this.reads);
    if ('failed' in opened) return opened.failed;
    const { files, params } = opened;
    const { method } = request;
    const id = ++this.callSeq;
    const paramsText = JSON.stringify(params);
    this.trace('toTool', rpc(`"id":${id},"method":${JSON.stringify(method)},"params":${paramsText}`), method);
    const timeoutMs = request.timeoutMs ?? this.callMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort = () => {};
    const cut = new Promise<'timeout' | 'asked'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      onAbort = () => resolve('asked');
      request.signal?.addEventListener('abort', onAbort, { once: true });
    });
    this.reads.opened(files);
    const started = Date.now();
    try {
      const ending = await Promise.race([link.call(id, method, paramsText), cut]);
      const ms = Date.now() - started;
      this.reads.ended(files, id, typeof ending === 'string' ? 'cancelled' : 'answered');
      if (typeof ending === 'string') {
        // Only ending the worker stops a component that does not return.
        await this.endWorker(link);
        if (ending === 'asked') {
          this.hostLog({ code: 'workerReplaced', cancelled: method });
          return cancelledByPerson(method, ms);
        }
        const outcome = timedOut(method, timeoutMs, this.callLog, ms);
        this.hostLog({ code: 'workerReplaced' });
        return outcome;
      }
      return this.callEnded(ending, method, id, files, link, ms);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      this.reads.ended(files, id, 'answered');
      await files.close();
    }
  }

  /** How a call that came back ended, traced as the plugin's answer would be. */
  private callEnded(ending: CallEnding, method: CallMethod, id: number, files: CallHandles, link: WorkerLink, ms: number): CallOutcome {
    const failure = (message: string, code = SKWIR_REFUSAL) => this.trace('fromTool', rpc(`"id":${id},"error":${JSON.stringify({ code, message })}`), method);
    switch (ending.type) {
      case 'answered': {
        const { text } = ending;
        const bytes = Buffer.byteLength(text);
        if (bytes > SKWIR_LINE_LIMIT.bytes) return this.callEnded({ type: 'oversized', part: 'answer', bytes }, method, id, files, link, ms);
        this.trace('fromTool', rpc(`"id":${id},"result":${text}`), method);
        let result: unknown;
        try {
          result = JSON.parse(text);
        } catch {
          return malformed(method, `not JSON: ${quote(text)}`, this.callLog, ms);
        }
        return judgedAnswer(method, result, files, this.options.granted, this.callLog, ms);
      }
      case 'oversized': {
        // Never made into a string: the trace says what came instead of it.
        const bytes = `${formatCount(ending.bytes)} bytes, over the ${formatCount(SKWIR_LINE_LIMIT.bytes)}`;
        if (ending.part === 'answer') {
          failure(`(an answer of ${bytes} an answer may have)`, ErrorCodes.InternalError);
          return malformed(method, `${bytes} an answer may have`, this.callLog, ms);
        }
        // Ended from inside the component, as a trap ends it: instantiated again for the next call.
        const message = `the plugin logged a line of ${bytes} a line may have`;
        failure(message, ErrorCodes.InternalError);
        this.hostLog({ code: 'trapped', method, message });
        return { ms, outcome: 'failed', message };
      }
      case 'failed':
        failure(ending.message);
        return pluginFailed(method, ending.message, SKWIR_REFUSAL, this.callLog, ms);
      case 'trapped': {
        const trap = ending.message.replace(/^wasm trap: /, '');
        const message = `the plugin trapped: ${trap}`;
        failure(message, ErrorCodes.InternalError);
        this.hostLog({ code: 'trapped', method, message: trap });
        return { ms, outcome: 'failed', message };
      }
      default: {
        if (this.ended.has(link))
          return { ms, outcome: 'unavailable', message: reasonText({ code: 'stoppedBeforeAnswer' }, 'plugin'), reasonCode: { code: 'stoppedBeforeAnswer' } };
        void this.endWorker(link);
        this.hostLog({ code: 'workerFailed', method, message: ending.message });
        return { ms, outcome: 'crashed', message: `the plugin crashed: ${ending.message} before it answered`, reasonCode: { code: 'linkBroken' } };
      }
    }
  }

  private async answerRead(asked: ReadAsked): Promise<ReadReply> {
    const id = JSON.stringify(`read-${++this.readSeq}`);
    // The offset as the component gave it, a u64 written out whole.
    const params = `{"file":${asked.file},"offset":${asked.offset},"length":${asked.length}}`;
    this.trace('fromTool', rpc(`"id":${id},"method":"read","params":${params}`), 'read');
    try {
      const data = await this.reads.serve(asked);
      this.trace('toTool', rpc(`"id":${id},"result":{"data":"${data.toString('base64')}"}`), 'read');
      return { data };
    } catch (error) {
      const code = error instanceof ResponseError ? error.code : ErrorCodes.InternalError;
      const message = error instanceof Error ? error.message : String(error);
      this.trace('toTool', rpc(`"id":${id},"error":${JSON.stringify({ code, message })}`), 'read');
      return { refused: message };
    }
  }

  private takeLog(level: unknown, message: unknown): void {
    this.trace('fromTool', rpc(`"method":"log","params":${JSON.stringify({ level, message })}`), 'log');
    logNotice({ level, message }, this.log);
  }

  private trace(direction: 'toTool' | 'fromTool', text: string, method: string): void {
    this.options.onTrace?.(direction, text, method);
  }

  private fail(code: StateReasonCode): void {
    this.hostLog({ code: 'failed', reason: code, plugin: true });
    this.setState('failed', stateReason(code, 'plugin'));
  }

  /** One of the host's own lines, as data and in English (host-log.ts), as a program plugin's. */
  private hostLog(line: HostLogCode): void {
    this.options.onLog(hostLogLevel(line), 'host', hostLogText(line), line);
  }

  private setState(state: ToolState, reason?: Reason<StateReasonCode>): void {
    if (state === this._state && reason?.text === this._reason?.text) return;
    this._state = state;
    this._reason = reason;
    this._onDidChangeState.fire(reason === undefined ? { state } : { state, reason: reason.text, reasonCode: reason.code });
  }
}
