// One module plugin (a WebAssembly component, docs/design/skwir.md) as the host runs it: transpiled
// on its first start (module-transpile.ts, cached), then in a worker thread of its own (module-
// worker-link.ts) so a trap, a hang or runaway memory ends that worker and never the host. The
// worker lives as a program's process does, on the Supervisor's lifetime: started on the first call,
// its instantiation in place of initialize; a trap is its crash (the worker is ended, and started
// again after the tools' growing delays; the fifth within 3 minutes leaves the plugin failed); a
// call past its limit, cancelled, or cut short by a log line over the limit ends the worker, and the
// next call starts a fresh one. The same calls as a program plugin (plugin-calls.ts: the queue, the
// answer checks, the idle stop) and the same files and handles (plugin-reads.ts), with no
// initialize: the granted capabilities rule `read`. A call's files are described in the worker as
// it begins and the open call's reads served there (module-worker-reads.mjs): one hop a call, none a
// read; what the worker did is told here in batches. Any other read is judged here, and refused.
// The Messages tab gets each call, read and log as the JSON-RPC lines a program would have sent for
// them (module-trace.ts).
import { basename, isAbsolute } from 'node:path';
import type { HandAnswer, HostLogCode, LogLevel, LogSource } from '../../../../src-shared/host-api';
import { formatCount, quote } from '../../../../src-shared/protocol/problem-words';
import { SKWIR_LINE_LIMIT } from '../../../../src-shared/skwir/limits';
import type { CallMethod } from '../../../../src-shared/skwir/methods';
import type { Capability } from '../../../../src-shared/skwir/types';
import type { CallFiles } from '../call-files';
import { FILE_STEP_MS } from '../file-thread';
import { GivenFileRefusal } from '../given-file';
import { SKWIR_REFUSAL } from '../skwir-refusals';
import { PluginCalls, sendable, unanswered } from '../call-sending';
import { jcoTranspileVersion } from './component-tools';
import { ModuleTrace, type TraceLine } from './module-trace';
import { callCut, notGivenRefusal, OpenCalls, workerCall, type OpenCall } from './module-open-call';
import { transpiledModule } from './module-transpile';
import { MODULE_LOGS_PER_CALL, WorkerLink } from './module-worker-link';
import type { CallEnding, WorkerCall } from './module-worker-messages';
import { cancelledByPerson, judgedAnswer, malformed, notGiven, pluginFailed, timedOut } from '../plugin-calls';
import type { CallablePlugin, CallOutcome, CallRequest, PluginLimits } from '../plugin-calls';
import { LaunchError } from '../../process/child';
import { Supervisor } from '../../process/supervisor';
import type { HandSending } from '../../process/hand-sent';
import { reasonText } from '../../process/reasons';
import { ErrorCodes } from '../../wire/errors';
import { handResultProblems, moduleTakesNoNotice, openHandCall, stoppedBeforeSent } from '../hand-calls';
import type { InitializeVerdict } from '../../process/supervisor-options';

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
  onTrace?: TraceLine;
  /** initializeMs bounds the component's instantiation; the rest as for a program. */
  limits?: Partial<PluginLimits>;
  /** How long describing a call's file, or ending a worker a file holds, may take: FILE_STEP_MS unless given (tests give less). */
  fileStepMs?: number;
  /** The worker's script: module-worker.mjs unless given (a test gives one that holds a file step as a stuck disk would). */
  workerScript?: URL;
}

export class ModulePlugin extends Supervisor<WorkerLink> implements CallablePlugin {
  protected readonly noun = 'plugin';
  private readonly calls: PluginCalls;
  private readonly trace: ModuleTrace;
  /** The call the worker is answering, and what the worker tells of it. */
  private readonly opened: OpenCalls;

  constructor(private readonly options: ModulePluginOptions) {
    super({ start: 'demand', onLog: (level, source, message, code) => options.onLog(level, source, message, code), limits: options.limits });
    this.calls = new PluginCalls(this, { log: this.log.bind(this), hostLog: this.hostLog.bind(this) }, { ...options, send: (request) => this.send(request) });
    this.trace = new ModuleTrace(options.onTrace);
    this.opened = new OpenCalls(this.trace, this.calls.reads, this.log.bind(this));
  }

  /** Ends the worker; calls still queued end unavailable. */
  override dispose(): Promise<void> {
    return this.calls.dispose(() => super.dispose());
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.calls.call(request);
  }

  /** A message sent by hand: a call of any method, in its turn; a module takes no notice. */
  sendByHand(sending: HandSending, files: readonly string[]): Promise<HandAnswer> {
    return this.calls.turn(() => this.sendHandTurn(sending, files), stoppedBeforeSent);
  }

  /** Transpiles (unless cached) and starts a worker; resolves once its component is instantiated. */
  protected async spawn(): Promise<WorkerLink> {
    // A new worker: its own handles (the reads' thread starts while it does).
    this.calls.reads.restart();
    const { wasmPath } = this.options;
    try {
      const began = Date.now();
      const module = await transpiledModule(wasmPath, this.options.transpileFolder);
      if (module.changed !== undefined) this.hostLog({ code: 'transpileChanged', file: basename(wasmPath), changed: module.changed });
      if (module.transpiled)
        this.hostLog({ code: 'transpiled', file: basename(wasmPath), transpiler: `jco-transpile ${jcoTranspileVersion()}`, ms: Date.now() - began });
      const link = await WorkerLink.start(
        {
          code: module.code,
          script: this.options.workerScript,
          letGoMs: this.options.fileStepMs,
          onRead: (asked) => this.opened.answerRead(asked),
          onEvents: (events) => this.opened.take(events),
          onLogsDropped: (count) => this.hostLog({ code: 'logsDropped', count, max: MODULE_LOGS_PER_CALL }),
          onLetGo: (seconds) => this.hostLog({ code: 'workerLetGo', seconds }),
          onOutput: (line) => this.log('info', 'stderr', line),
        },
        this.limits.initializeMs,
      );
      // Before the lifetime hears of it: what the worker said of its end comes before the crash's line.
      void link.exited.then((why) => !link.stopRequested && link.ending?.code !== 'trapped' && this.hostLog({ code: 'workerEndedByItself', why }));
      return link;
    } catch (error) {
      throw new LaunchError(wasmPath, error instanceof Error ? error.message : String(error));
    }
  }

  /** A component has no initialize: instantiated, it is accepted. */
  protected initialize(): Promise<InitializeVerdict> {
    return Promise.resolve({ version: this.options.version ?? '' });
  }

  protected startedLine(): HostLogCode {
    const { version } = this.options;
    return { code: 'workerStarted', file: basename(this.options.wasmPath), ...(version === undefined ? {} : { version }) };
  }

  protected override stopAsked(): void {
    this.calls.stopAsked();
  }

  protected override detached(): void {
    this.calls.reads.stop();
  }

  private async send(request: CallRequest): Promise<CallOutcome> {
    const can = sendable(await this.ready({ waitForRestart: true }), request);
    if ('ended' in can) return can.ended;
    const { method, files: paths } = request;
    // A relative path is never looked at.
    const relative = paths.find((path) => !isAbsolute(path));
    if (relative !== undefined) return notGiven(new GivenFileRefusal(relative, { code: 'relativePath' }));
    const call = workerCall(request, this.calls.reads.reserve(paths.length), this.options.granted.includes('read'));
    const open: OpenCall = { id: this.trace.nextCallId(), method, first: call.first, paths, request };
    const timeoutMs = request.timeoutMs ?? this.calls.callMs;
    const { running: link } = can;
    const stepMs = this.options.fileStepMs ?? FILE_STEP_MS;
    const { cut, clear } = callCut(timeoutMs, stepMs, () => (open.files ? undefined : link.describing(paths.length)), request.signal);
    const started = Date.now();
    try {
      const ending = await Promise.race([this.callOn(link, open, call), cut]);
      const ms = Date.now() - started;
      if (open.files) this.calls.reads.ended(open.files, open.id, 'why' in ending ? 'cancelled' : 'answered');
      if ('why' in ending) {
        // Only ending the worker stops a component that does not return, or a thread held by a file.
        await this.cutShort(link);
        const outcome =
          ending.why === 'asked'
            ? cancelledByPerson(method, ms)
            : ending.why === 'stuck'
              ? notGiven(new GivenFileRefusal(paths[ending.file]!, { code: 'noAnswer', seconds: stepMs / 1000 }))
              : timedOut(method, timeoutMs, this.calls.log, ms);
        this.hostLog({ code: 'workerReplaced', ...(ending.why === 'asked' ? { cancelled: method } : {}) });
        return outcome;
      }
      if (ending.type === 'notGiven') return notGiven(notGivenRefusal(ending));
      // The worker tells a call's beginning before anything else of it: without it, it ended first.
      if (!open.files) return unanswered(await this.whyUnanswered(link), ms);
      return await this.callEnded(ending, method, open.id, open.files, link, ms);
    } finally {
      clear();
      await this.opened.close(open);
    }
  }

  /** The call sent to the worker: it is the open call until it ended. */
  private callOn(link: WorkerLink, open: OpenCall, call: WorkerCall): Promise<CallEnding> {
    this.opened.open = open;
    return link.call(open.id, open.method, call);
  }

  /** A call sent by hand goes as a call does; its answer is given as it came (or how the call ended), judged when it is a call's. */
  private async sendHandTurn(sending: HandSending, paths: readonly string[]): Promise<HandAnswer> {
    if (sending.kind === 'notice') return moduleTakesNoNotice;
    const ready = await this.ready({ waitForRestart: true });
    if ('why' in ready) return { outcome: 'unavailable', message: reasonText(ready.why, 'plugin') };
    const link = ready.running;
    const opened = await openHandCall(sending, paths, this.calls.reads);
    if ('answer' in opened) return opened.answer;
    const { files, params } = opened;
    const { method } = sending;
    const open: OpenCall = { id: this.trace.nextCallId(), method, first: files.first, paths, files };
    const { id } = open;
    const sent = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
    // Its files were described by the host: none can hold the worker.
    const { cut: late, clear } = callCut(this.calls.callMs, Infinity, () => undefined);
    const read = this.options.granted.includes('read');
    const described = files.described.map(({ path, real, identity, size, bytes }) => ({
      path,
      name: basename(path),
      real,
      ...identity,
      size,
      ...(bytes ? { bytes } : {}),
    }));
    const started = Date.now();
    try {
      const ending = await Promise.race([this.callOn(link, open, { first: files.first, files: described, serve: read, params }), late]);
      const ms = Date.now() - started;
      this.calls.reads.ended(files, id, 'why' in ending ? 'cancelled' : 'answered');
      if ('why' in ending) {
        await this.cutShort(link);
        this.hostLog({ code: 'workerReplaced' });
        return { outcome: 'timeout', message: `no answer within ${this.calls.callMs / 1000} s`, ms, sent };
      }
      if (ending.type === 'answered' && Buffer.byteLength(ending.text) <= SKWIR_LINE_LIMIT.bytes) {
        const result = parsedAnswer(ending.text);
        if (result !== undefined) {
          this.trace.answer(id, method, ending.text);
          const problems = handResultProblems(method, result.value, files, this.options.granted);
          return { outcome: 'result', result: result.value, ms, sent, ...(problems ? { problems } : {}) };
        }
      }
      if (ending.type === 'notGiven') return { outcome: 'unavailable', message: `file: ${notGivenRefusal(ending).message}` };
      // Any other ending is traced and logged as a call's would be, and told as a failure, or the worker's end.
      const outcome = await this.callEnded(ending, method as CallMethod, id, files, link, ms);
      const message = 'message' in outcome ? outcome.message : '';
      if (ending.type === 'failed') return { outcome: 'failure', error: { code: SKWIR_REFUSAL, message: ending.message }, ms, sent };
      if (ending.type === 'exited') return { outcome: 'ended', message, ms, sent };
      return { outcome: 'failure', error: { code: ErrorCodes.InternalError, message }, ms, sent };
    } finally {
      clear();
      await this.opened.close(open);
    }
  }

  /** How a call that came back ended, traced as the plugin's answer would be. */
  private async callEnded(ending: CallEnding, method: CallMethod, id: number, files: CallFiles, link: WorkerLink, ms: number): Promise<CallOutcome> {
    switch (ending.type) {
      case 'answered': {
        const { text } = ending;
        const bytes = Buffer.byteLength(text);
        if (bytes > SKWIR_LINE_LIMIT.bytes) return this.callEnded({ type: 'oversized', part: 'answer', bytes }, method, id, files, link, ms);
        this.trace.answer(id, method, text);
        let result: unknown;
        try {
          result = JSON.parse(text);
        } catch {
          return malformed(method, `not JSON: ${quote(text)}`, this.calls.log, ms);
        }
        return judgedAnswer(method, result, files, this.options.granted, this.calls.log, ms);
      }
      case 'oversized': {
        // Never made into a string: the trace says what came instead of it.
        const bytes = `${formatCount(ending.bytes)} bytes, over the ${formatCount(SKWIR_LINE_LIMIT.bytes)}`;
        if (ending.part === 'answer') {
          this.trace.failure(id, method, `(an answer of ${bytes} an answer may have)`);
          // The component filled its memory to make it, and a memory never shrinks: the worker goes,
          // and that memory with it, at once.
          await this.cutShort(link);
          this.hostLog({ code: 'workerReplaced' });
          return malformed(method, `${bytes} an answer may have`, this.calls.log, ms);
        }
        // Cut short from inside the component, through its frames: its instance is not to be trusted, its worker is ended.
        const message = `the plugin logged a line of ${bytes} a line may have`;
        this.trace.failure(id, method, message);
        await this.cutShort(link);
        this.hostLog({ code: 'workerReplaced' });
        return { ms, outcome: 'failed', message };
      }
      case 'failed':
        this.trace.failure(id, method, ending.message);
        return pluginFailed(method, ending.message, SKWIR_REFUSAL, this.calls.log, ms);
      case 'trapped': {
        const trap = ending.message.replace(/^wasm trap: /, '');
        const message = `the plugin trapped: ${trap}`;
        this.trace.failure(id, method, message);
        this.hostLog({ code: 'trapped', method, message: trap });
        // Its instance is done: the worker goes with it, a crash, and the lifetime starts another.
        await link.crash({ code: 'trapped' });
        return { ms, outcome: 'failed', message };
      }
      case 'exited':
        return unanswered(await this.whyUnanswered(link), ms);
      case 'notGiven':
        return notGiven(notGivenRefusal(ending));
    }
  }
}

/** The component's answer as JSON, or undefined when it is none. */
function parsedAnswer(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
