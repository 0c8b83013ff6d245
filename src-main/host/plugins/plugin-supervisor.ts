// The supervisor of one Skwir program plugin's process, as the plugin protocol speaks with it (docs/design/skwir.md):
// started on its first call; initialize {api, capabilities}; one call at a time from a queue, each
// call's files with handles and `read` served on them; `$/cancel` when a call runs past its limit
// or is cancelled, its reads refused after, a late answer dropped and traced; every answer checked
// and its defaults filled; stopped by closing its input (no farewell notice) and after 10 idle
// minutes. The lifetime (the stop ladder, crash restarts) is the ProgramSupervisor's, as for tools.
import type { HandAnswer } from '../../../src-shared/host-api';
import type { Disposable } from '../../../src-shared/lifecycle';
import { SKWIR_API_VERSION, SKWIR_LINE_LIMIT, spokenApi } from '../../../src-shared/skwir/limits';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { Capability } from '../../../src-shared/skwir/types';
import { readRefused } from './call-files';
import { SKWIR_REFUSALS, skwirRefusal } from './skwir-refusals';
import { decodedDataOf } from '../wire/answer-data';
import { ConnectionError, ResponseError } from '../wire/errors';
import { logNotice } from '../records/log-notice';
import { describe, type MessageId } from '../wire/message-shape';
import { PluginCalls, readyCall, readyCallNow, unanswered } from './call-sending';
import {
  cancelledByPerson,
  judgedAnswer,
  PLUGIN_LIMITS,
  pluginFailed,
  timedOut,
  type CallablePlugin,
  type CallOutcome,
  type CallRequest,
  type PluginLimits,
} from './plugin-calls';
import type { ProgramProcess } from '../process/program-process';
import { ProgramSupervisor, type ProgramSupervisorOptions } from '../process/program-supervisor';
import { endedAnswer, sendOnLink, type HandSending } from '../process/hand-sent';
import { reasonText } from '../process/reasons';
import { handResultProblems, openHandCall, stoppedBeforeSent } from './hand-calls';
import type { InitializeVerdict } from '../process/supervisor-options';

export { PLUGIN_LIMITS, type CallOutcome, type CallRequest, type PluginLimits };

export interface PluginSupervisorOptions extends Omit<ProgramSupervisorOptions, 'start' | 'limits'> {
  /** The plugin's version, from its manifest (initialize gives none). */
  version: string;
  /** What the plugin was granted: initialize says so, and `read` and plans go by it. */
  granted: readonly Capability[];
  limits?: Partial<PluginLimits>;
}

export class PluginSupervisor extends ProgramSupervisor implements CallablePlugin {
  protected readonly noun = 'plugin';
  protected readonly lineLimit = SKWIR_LINE_LIMIT;
  protected override readonly refusalCodes = SKWIR_REFUSALS;
  /** The process reads are served to: one still stopping gets none. */
  private reading: ProgramProcess | undefined;
  private readonly calls: PluginCalls;

  constructor(private readonly plugin: PluginSupervisorOptions) {
    super({ ...plugin, start: 'demand' });
    const log = { log: this.log.bind(this), hostLog: this.hostLog.bind(this) };
    this.calls = new PluginCalls(this, log, { ...plugin, send: (request, free) => this.send(request, free) });
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.calls.call(request);
  }

  /** A message sent by hand, in its turn in the queue; its files are read as a call's while it is open. */
  sendByHand(sending: HandSending, files: readonly string[]): Promise<HandAnswer> {
    return this.calls.turn(() => this.sendHandTurn(sending, files), stoppedBeforeSent);
  }

  override dispose(): Promise<void> {
    return this.calls.dispose(() => super.dispose());
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

  protected override attach(running: ProgramProcess): void {
    // A new process: its handles count from 1.
    this.calls.reads.restart();
    this.reading = running;
    running.peer.onRequest('read', (params) => {
      if (this.reading !== running) return Promise.reject(readRefused('no call is being answered; read is answered only while a call is open'));
      return this.calls.reads.serveJson(params, () => drained(running));
    });
    running.peer.onNotice('log', (params) => logNotice(params, (level, source, message) => this.log(level, source, message)));
  }

  protected async handleRequest(method: string): Promise<unknown> {
    throw skwirRefusal(`unknown method ${JSON.stringify(method.slice(0, 100))}: a plugin may ask the host only read`);
  }

  protected override stopAsked(): void {
    this.calls.stopAsked();
  }

  protected override detached(): void {
    this.reading = undefined;
    this.calls.reads.stop();
  }

  private async send(request: CallRequest, free: () => void): Promise<CallOutcome> {
    // Sent in this turn when nothing must be waited for: the plugin answered the call before and waits.
    const call =
      readyCallNow(this.runningNow(), request, this.calls.reads) ?? (await readyCall(await this.ready({ waitForRestart: true }), request, this.calls.reads));
    if ('ended' in call) return call.ended;
    const { running, files, params } = call;
    const timeoutMs = request.timeoutMs ?? this.calls.callMs;
    const started = Date.now();
    this.calls.reads.opened(files);
    // Its reads end the moment the answer is taken, before any line that came after it in the same
    // read; the next call may leave then, while this answer is judged.
    const { id, answer } = running.peer.send(request.method, params, {
      timeoutMs,
      ...(request.dataAsBytes ? { dataAsBytes: true } : {}),
      settled: (how) => {
        this.calls.reads.ended(files, id, how === 'timeout' || how === 'cancelled' ? 'cancelled' : 'answered');
        if (how === 'answered') free();
      },
    });
    this.calls.sent();
    let cancelled = false;
    const cancel = () => {
      if (!running.peer.abandon(id)) return;
      cancelled = true;
      running.peer.notify('$/cancel', { id });
    };
    request.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const result = await answer;
      const outcome = judgedAnswer(request.method, result, files, this.plugin.granted, this.calls.log, Date.now() - started);
      // Data decoded from a malformed answer has nobody to take it.
      if (outcome.outcome !== 'answered') decodedDataOf(result)?.letGo();
      return outcome;
    } catch (error) {
      const ms = Date.now() - started;
      if (error instanceof ResponseError) return pluginFailed(request.method, error.message, error.code, this.calls.log, ms);
      if (error instanceof ConnectionError && error.code === 'timeout') {
        cancelled = true;
        running.peer.notify('$/cancel', { id });
        return timedOut(request.method, timeoutMs, this.calls.log, ms);
      }
      if (error instanceof ConnectionError && error.code === 'cancelled') return cancelledByPerson(request.method, ms);
      return unanswered(await this.whyUnanswered(running), ms);
    } finally {
      request.signal?.removeEventListener('abort', cancel);
      this.calls.reads.ended(files, id, cancelled ? 'cancelled' : 'answered');
      await files.close();
    }
  }

  /** A message sent by hand on the plugin's link, its files given handles as a call's; the answer to a call judged as a call's is. */
  private async sendHandTurn(sending: HandSending, paths: readonly string[]): Promise<HandAnswer> {
    const ready = await this.ready({ waitForRestart: true });
    if ('why' in ready) return { outcome: 'unavailable', message: reasonText(ready.why, 'plugin') };
    const { running } = ready;
    const { reads } = this.calls;
    const opened = await openHandCall(sending, paths, reads);
    if ('answer' in opened) return opened.answer;
    const { files, params } = opened;
    reads.opened(files);
    try {
      const answer = await sendOnLink(
        running.peer,
        { ...sending, ...(params === undefined ? {} : { params }) },
        {
          timeoutMs: this.calls.callMs,
          settled: (id, how) => reads.ended(files, id, how === 'timeout' || how === 'cancelled' ? 'cancelled' : 'answered'),
          timedOut: (id) => running.peer.notify('$/cancel', { id }),
        },
      );
      if (answer.outcome === 'result') {
        const problems = handResultProblems(sending.method, answer.result, files, this.plugin.granted);
        return problems ? { ...answer, problems } : answer;
      }
      if (answer.outcome !== 'linkEnded') return answer;
      return endedAnswer(await this.whyUnanswered(running), 'plugin', answer);
    } finally {
      reads.ended(files, 0, 'answered');
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
