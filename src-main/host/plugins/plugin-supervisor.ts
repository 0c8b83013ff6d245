// The supervisor of one Skwir program plugin's process, as the plugin protocol speaks with it (docs/design/skwir.md):
// started on its first call; initialize {api, capabilities}; one call at a time from a queue, each
// call's files with handles and `read` served on them; `$/cancel` when a call runs past its limit
// or is cancelled, its reads refused after, a late answer dropped and traced; every answer checked
// and its defaults filled; stopped by closing its input (no farewell notice) and after 10 idle
// minutes. The lifetime (the stop ladder, crash restarts) is the Supervisor's, as for tools.
import type { Disposable } from '../../../src-shared/lifecycle';
import { beforeAnswerEn } from '../../../src-shared/reasons-en';
import { SKWIR_API_VERSION, SKWIR_LINE_LIMIT, spokenApi } from '../../../src-shared/skwir/limits';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { Capability } from '../../../src-shared/skwir/types';
import { readRefused } from './call-files';
import { ConnectionError, ErrorCodes, ResponseError } from '../wire/errors';
import { logNotice } from '../records/log-notice';
import { describe, type MessageId } from '../wire/message-shape';
import {
  CallQueue,
  cancelledBeforeSent,
  cancelledByPerson,
  judgedAnswer,
  openCall,
  PLUGIN_LIMITS,
  pluginFailed,
  timedOut,
  type CallablePlugin,
  type CallLog,
  type CallOutcome,
  type CallRequest,
  type PluginLimits,
} from './plugin-calls';
import { PluginReads } from './plugin-reads';
import { reasonText } from '../process/reasons';
import type { ProgramProcess } from '../process/program-process';
import { Supervisor, type InitializeVerdict, type SupervisorOptions } from '../process/supervisor';

export { PLUGIN_LIMITS, type CallOutcome, type CallRequest, type PluginLimits };

export interface PluginSupervisorOptions extends Omit<SupervisorOptions, 'start' | 'limits'> {
  /** The plugin's version, from its manifest (initialize gives none). */
  version: string;
  /** What the plugin was granted: initialize says so, and `read` and plans go by it. */
  granted: readonly Capability[];
  limits?: Partial<PluginLimits>;
}

export class PluginSupervisor extends Supervisor implements CallablePlugin {
  protected readonly noun = 'plugin';
  protected readonly lineLimit = SKWIR_LINE_LIMIT;
  private readonly reads: PluginReads;
  /** The process reads are served to: one still stopping gets none. */
  private reading: ProgramProcess | undefined;
  private readonly calls: CallQueue;
  private readonly callMs: number;
  private readonly logTo: CallLog = { log: this.log.bind(this), hostLog: this.hostLog.bind(this) };

  constructor(private readonly plugin: PluginSupervisorOptions) {
    super({ ...plugin, start: 'demand' });
    this.callMs = plugin.limits?.callMs ?? PLUGIN_LIMITS.callMs;
    this.reads = new PluginReads(plugin.granted);
    this.calls = new CallQueue({
      send: (request) => this.send(request),
      idleMs: plugin.limits?.idleMs ?? PLUGIN_LIMITS.idleMs,
      running: () => this.state === 'running',
      log: this.logTo,
      idle: () => void this.stop({ idle: true }),
    });
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.calls.call(request);
  }

  override async stop(options: { idle?: boolean } = {}): Promise<void> {
    this.calls.clearIdle();
    await super.stop(options);
  }

  override async dispose(): Promise<void> {
    this.calls.dispose();
    await super.dispose();
    this.reads.stop();
  }

  protected sendInitialize(running: ProgramProcess) {
    return running.peer.send('initialize', { api: SKWIR_API_VERSION, capabilities: [...this.plugin.granted] }, { timeoutMs: this.limits.initializeMs });
  }

  protected judgeInitialize(result: unknown): InitializeVerdict {
    const api = typeof result === 'object' && result !== null ? (result as Record<string, unknown>).api : undefined;
    if (api === undefined) return { refusal: { code: 'apiMissing' } };
    if (typeof api !== 'number' || !spokenApi(api)) {
      return { refusal: { code: 'apiNotSpoken', picked: describe(api), spoken: `${SKWIR_API_VERSION}` } };
    }
    return { version: this.plugin.version };
  }

  protected override initializeTimedOut(running: ProgramProcess, id: MessageId): void {
    running.peer.notify('$/cancel', { id });
  }

  protected attach(running: ProgramProcess): void {
    // A new process: its handles count from 1.
    this.reads.restart();
    this.reading = running;
    running.peer.onRequest('read', (params) => {
      if (this.reading !== running) return Promise.reject(readRefused('no call is being answered; read is answered only while a call is open'));
      return this.reads.serveJson(params, () => drained(running));
    });
    running.peer.onNotice('log', (params) => logNotice(params, (level, source, message) => this.log(level, source, message)));
  }

  protected async handleRequest(method: string): Promise<unknown> {
    throw new ResponseError(ErrorCodes.MethodNotFound, `unknown method ${JSON.stringify(method.slice(0, 100))}: a plugin may ask the host only read`);
  }

  protected override detached(): void {
    this.reading = undefined;
    this.reads.stop();
  }

  private async send(request: CallRequest): Promise<CallOutcome> {
    const ready = await this.ready({ waitForRestart: true });
    if ('why' in ready) return { ms: 0, outcome: 'unavailable', message: reasonText(ready.why, 'plugin'), reasonCode: ready.why };
    if (request.signal?.aborted) return cancelledBeforeSent();
    const { running } = ready;
    const opened = await openCall(request, this.reads);
    if ('failed' in opened) return opened.failed;
    const { files, params } = opened;
    const timeoutMs = request.timeoutMs ?? this.callMs;
    const started = Date.now();
    this.reads.opened(files);
    // Its reads end the moment the answer is taken, before any line that came after it in the same read.
    const { id, answer } = running.peer.send(request.method, params, {
      timeoutMs,
      settled: (how) => this.reads.ended(files, id, how === 'timeout' || how === 'cancelled' ? 'cancelled' : 'answered'),
    });
    let cancelled = false;
    const cancel = () => {
      if (!running.peer.abandon(id)) return;
      cancelled = true;
      running.peer.notify('$/cancel', { id });
    };
    request.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return judgedAnswer(request.method, await answer, files, this.plugin.granted, this.logTo, Date.now() - started);
    } catch (error) {
      const ms = Date.now() - started;
      if (error instanceof ResponseError) return pluginFailed(request.method, error.message, error.code, this.logTo, ms);
      if (error instanceof ConnectionError && error.code === 'timeout') {
        cancelled = true;
        running.peer.notify('$/cancel', { id });
        return timedOut(request.method, timeoutMs, this.logTo, ms);
      }
      if (error instanceof ConnectionError && error.code === 'cancelled') return cancelledByPerson(request.method, ms);
      const how = await this.whyUnanswered(running);
      if (how.code === 'stoppedBeforeAnswer') return { ms, outcome: 'unavailable', message: reasonText(how, 'plugin'), reasonCode: how };
      return { ms, outcome: 'crashed', message: `the plugin crashed: ${beforeAnswerEn(reasonText(how, 'plugin'))}`, reasonCode: how };
    } finally {
      request.signal?.removeEventListener('abort', cancel);
      this.reads.ended(files, id, cancelled ? 'cancelled' : 'answered');
      await files.close();
    }
  }
}

/** Resolves once the plugin took in what was written to it; nothing when it has already. */
function drained(running: ProgramProcess): Promise<void> | undefined {
  const { writer } = running;
  if (!writer.congested) return undefined;
  return new Promise((resolve) => {
    const subscriptions: Disposable[] = [];
    const done = () => {
      for (const subscription of subscriptions) subscription.dispose();
      resolve();
    };
    subscriptions.push(writer.onDrain(done), writer.onClose(done));
  });
}
