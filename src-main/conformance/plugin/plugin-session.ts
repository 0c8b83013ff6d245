// A Skwir program plugin's side of a conformance session: initialize as the host sends it, calls
// about files from one queue as the host sends them (each timed from when it was sent, `read`
// served on its files by the host's own rules, its answer judged by the host's own checks), and
// the stop Skwir has: the end of the plugin's input, with no farewell notice.
import { SKWIR_API_VERSION, SKWIR_LINE_LIMIT } from '../../../src-shared/skwir/limits';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import {
  CallQueue,
  cancelledBeforeSent,
  cancelledByPerson,
  judgedAnswer,
  openCall,
  pluginFailed,
  timedOut,
  type CallLog,
  type CallOutcome,
  type CallRequest,
} from '../../host/plugins/plugin-calls';
import { PluginReads } from '../../host/plugins/plugin-reads';
import { ConnectionError, ResponseError } from '../../host/wire/errors';
import type { MessageId } from '../../host/wire/message-shape';
import { ConformanceSession, endReason, type Answer, type Answering, type Launched, type ShutdownOutcome } from '../session';
import { WireRecord } from '../wire-record';
import type { PluginCheckLimits } from './plan-calls';
import { refusedAsking } from './skwir-codes';
import { SKWIR_REFUSALS } from '../../host/plugins/skwir-refusals';

/** Serves the plugin's `read` on the open call's files, and keeps what it refused. */
class PluginReader implements Answering {
  readonly reads: PluginReads;
  /** Reads refused, each with why and what was asked. */
  readonly refused: string[] = [];
  served = 0;

  constructor(manifest: PluginManifest) {
    this.reads = new PluginReads(manifest.capabilities);
    this.reads.restart();
  }

  async answer(method: string, params: unknown): Promise<unknown> {
    if (method !== 'read') throw refusedAsking(method);
    try {
      const answer = await this.reads.serveJson(params);
      this.served++;
      return answer;
    } catch (error) {
      if (error instanceof ResponseError && this.refused.length < 100) this.refused.push(`${error.message} (${error.code}), asked ${JSON.stringify(params)}`);
      throw error;
    }
  }

  dispose(): void {
    this.reads.stop();
  }
}

/** The host's words for a call that failed go nowhere here: the checks word the outcome themselves. */
const quiet: CallLog = { log: () => {}, hostLog: () => {} };

export class PluginSession extends ConformanceSession<PluginReader> {
  private readonly calls: CallQueue;

  private constructor(
    launched: Launched<PluginReader>,
    readonly manifest: PluginManifest,
    readonly limits: PluginCheckLimits,
  ) {
    super(launched);
    this.calls = new CallQueue({ send: (request) => this.sendCall(request), idleMs: 0, running: () => false, log: quiet, idle: () => {} });
  }

  /** Starts the plugin's program as the host does; rejects with LaunchFailure when it cannot start at all. */
  static async start(manifest: PluginManifest, execPath: string, limits: PluginCheckLimits): Promise<PluginSession> {
    const launched = await ConformanceSession.launch({
      execPath,
      args: manifest.transport.kind === 'program' ? manifest.transport.args : [],
      lineLimit: SKWIR_LINE_LIMIT,
      refusalCodes: SKWIR_REFUSALS,
      record: new WireRecord({ lineLimit: SKWIR_LINE_LIMIT }),
      answering: () => new PluginReader(manifest),
    });
    return new PluginSession(launched, manifest, limits);
  }

  /** initialize as the host sends it, with what the manifest asks for. */
  initialize(): Promise<Answer> {
    return this.request('initialize', { api: SKWIR_API_VERSION, capabilities: [...this.manifest.capabilities] }, this.limits.initializeMs);
  }

  /** Queues a call; it is sent once every call before it ended, and timed from then. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.calls.call(request);
  }

  /** The reads the host refused, with why; and how many it served. */
  get reads(): { refused: readonly string[]; served: number } {
    return { refused: this.answering.refused, served: this.answering.served };
  }

  /** Skwir's stop: the end of the plugin's input, a wait of the run's limit; then signals. */
  closeInput(): Promise<ShutdownOutcome> {
    return this.stop({ stepMs: this.limits.closeMs });
  }

  override async dispose(): Promise<void> {
    this.calls.dispose();
    await super.dispose();
  }

  private async sendCall(request: CallRequest): Promise<CallOutcome> {
    if (!this.alive) return this.crashed(0, 'before the call was sent');
    if (request.signal?.aborted) return cancelledBeforeSent();
    const { reads } = this.answering;
    const opened = await openCall(request, reads);
    if ('failed' in opened) return opened.failed;
    const { files, params } = opened;
    const timeoutMs = request.timeoutMs ?? this.limits.callMs;
    reads.opened(files);
    const started = performance.now();
    // Its reads end the moment it is no longer waited for, before any later line is read; a call the
    // link failed to write at once is settled within send(), before its id is known here: then just after.
    const sent: { id?: MessageId } = {};
    const { id, answer } = this.send(request.method, params, {
      timeoutMs,
      settled: (how) => {
        const end = () => reads.ended(files, sent.id!, how === 'timeout' || how === 'cancelled' ? 'cancelled' : 'answered');
        if (sent.id === undefined) queueMicrotask(end);
        else end();
      },
    });
    sent.id = id;
    let cancelled = false;
    const cancel = () => (cancelled = this.cancel(id) || cancelled);
    request.signal?.addEventListener('abort', cancel, { once: true });
    // Cancelled while its files were being opened: sent, then cancelled at once.
    if (request.signal?.aborted) cancel();
    try {
      return judgedAnswer(request.method, await answer, files, this.manifest.capabilities, quiet, performance.now() - started);
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof ResponseError) return pluginFailed(request.method, error.message, error.code, quiet, ms);
      if (error instanceof ConnectionError && error.code === 'timeout') {
        // No longer waited for, so told as the host tells it: its reads are refused from now on.
        cancelled = true;
        this.notify('$/cancel', { id });
        return timedOut(request.method, timeoutMs, quiet, ms);
      }
      if (error instanceof ConnectionError && error.code === 'cancelled') return cancelledByPerson(request.method, ms);
      return this.crashed(ms, 'before it answered');
    } finally {
      request.signal?.removeEventListener('abort', cancel);
      reads.ended(files, id, cancelled ? 'cancelled' : 'answered');
      await files.close();
    }
  }

  private async crashed(ms: number, when: string): Promise<CallOutcome> {
    return { ms, outcome: 'crashed', message: endReason(await this.howItEnded(), when, 'plugin'), reasonCode: { code: 'linkBroken' } };
  }
}
