// One Skwir plugin's process, as the plugin protocol speaks with it (SKWIR.md sections 1 and 2):
// started on its first call; initialize {api, capabilities}; one call at a time from a queue, each
// call's files with handles and `read` served on them; `$/cancel` when a call runs past its limit
// or is cancelled, its reads refused after, a late answer dropped and traced; every answer checked
// and its defaults filled; stopped by closing its input (no farewell notice) and after 10 idle
// minutes. The lifetime (the stop ladder, crash restarts) is the Supervisor's, as for tools.
import type { CommandReasonCode } from '../../src-shared/host-api';
import { answerProblems, type CheckedAnswers } from '../../src-shared/skwir/answers';
import { SKWIR_API_VERSION, SKWIR_LINE_LIMIT, spokenApi } from '../../src-shared/skwir/limits';
import type { CallMethod } from '../../src-shared/skwir/methods';
import { skwirMethodInfo } from '../../src-shared/skwir/methods';
import type { Capability } from '../../src-shared/skwir/types';
import { CallFiles, serveRead, SKWIR_REFUSAL, type ReadWindow } from './call-files';
import { ConnectionError, ErrorCodes, ResponseError } from './errors';
import { logNotice } from './log-notice';
import { describe, type MessageId } from './message-shape';
import { describeCommandReason, durationWords } from './reasons';
import type { RunningTool } from './running-tool';
import { Supervisor, type InitializeVerdict, type SupervisorOptions } from './supervisor';
import type { ToolProcessLimits } from './supervisor-options';

export interface PluginLimits extends ToolProcessLimits {
  /** A call's limit, after which it is cancelled. */
  callMs: number;
  /** Idle this long (no call open or queued), the process is stopped; the next call starts it again. */
  idleMs: number;
}

export const PLUGIN_LIMITS = { callMs: 60_000, idleMs: 600_000 } as const;

export interface PluginProcessOptions extends Omit<SupervisorOptions, 'start' | 'limits'> {
  /** The plugin's version, from its manifest (initialize gives none). */
  version: string;
  /** What the plugin was granted: initialize says so, and `read` and plans go by it. */
  granted: readonly Capability[];
  limits?: Partial<PluginLimits>;
}

/** How a call ended. `ms`: from the moment it was sent (0 when it never was). */
export type CallOutcome<M extends CallMethod = CallMethod> = { ms: number } & (
  | { outcome: 'answered'; answer: CheckedAnswers[M] }
  /** The plugin's failure (its message, for the person) or a malformed answer (what was wrong). */
  | { outcome: 'failed'; message: string; malformed?: true }
  | { outcome: 'cancelled'; why: 'timeout' | 'asked'; message: string }
  | { outcome: 'crashed'; message: string; reasonCode: CommandReasonCode }
  | { outcome: 'unavailable'; message: string; reasonCode?: CommandReasonCode }
);

export interface CallRequest<M extends CallMethod = CallMethod> {
  method: M;
  /** The params beyond the files, already judged by askProblems (defaults filled). */
  params: Record<string, unknown>;
  /** The files, by path: one for a call about a file, the entries of a command. */
  files: readonly string[];
  /** Cancels the call: taken off the queue, or `$/cancel` sent when it is open. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface Queued {
  request: CallRequest;
  settle(outcome: CallOutcome): void;
}

export class PluginProcess extends Supervisor {
  protected readonly noun = 'plugin';
  protected readonly lineLimit = SKWIR_LINE_LIMIT;
  private readonly queue: Queued[] = [];
  private reads: ReadWindow = { closed: 'none' };
  private busy = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly callMs: number;
  private readonly idleMs: number;

  constructor(private readonly plugin: PluginProcessOptions) {
    super({ ...plugin, start: 'demand' });
    this.callMs = plugin.limits?.callMs ?? PLUGIN_LIMITS.callMs;
    this.idleMs = plugin.limits?.idleMs ?? PLUGIN_LIMITS.idleMs;
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return new Promise<CallOutcome>((settle) => {
      const queued: Queued = { request, settle };
      if (request.signal?.aborted) return settle(cancelledBeforeSent());
      request.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(queued);
        if (at >= 0) {
          this.queue.splice(at, 1);
          settle(cancelledBeforeSent());
        }
      }, { once: true });
      this.queue.push(queued);
      clearTimeout(this.idleTimer);
      void this.pump();
    }) as Promise<CallOutcome<M>>;
  }

  override async stop(options: { idle?: boolean } = {}): Promise<void> {
    clearTimeout(this.idleTimer);
    await super.stop(options);
  }

  override async dispose(): Promise<void> {
    // Calls still queued will never be sent.
    for (const queued of this.queue.splice(0)) {
      queued.settle({ ms: 0, outcome: 'unavailable', message: 'the plugin was stopped before the call was sent', reasonCode: { code: 'stoppedBeforeAnswer' } });
    }
    await super.dispose();
  }

  protected sendInitialize(running: RunningTool) {
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

  protected override initializeTimedOut(running: RunningTool, id: MessageId): void {
    running.peer.notify('$/cancel', { id });
  }

  protected attach(running: RunningTool): void {
    running.peer.onRequest('read', (params) => serveRead(params, this.reads, this.plugin.granted));
    running.peer.onNotice('log', (params) => logNotice(params, (level, source, message) => this.log(level, source, message)));
  }

  protected async handleRequest(method: string): Promise<unknown> {
    throw new ResponseError(ErrorCodes.MethodNotFound, `unknown method ${JSON.stringify(method.slice(0, 100))}: a plugin may ask the host only read`);
  }

  protected override detached(): void {
    this.reads = { closed: 'none' };
  }

  /** Sends the calls one at a time, in order. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) next.settle(await this.send(next.request));
    } finally {
      this.busy = false;
    }
    this.armIdle();
  }

  private async send(request: CallRequest): Promise<CallOutcome> {
    const ready = await this.ready({ waitForRestart: true });
    if ('why' in ready) return { ms: 0, outcome: 'unavailable', message: describeCommandReason(ready.why, 'plugin'), reasonCode: ready.why };
    if (request.signal?.aborted) return cancelledBeforeSent();
    const { running } = ready;
    let files: CallFiles;
    try {
      files = await CallFiles.describe(request.files);
    } catch (error) {
      return { ms: 0, outcome: 'failed', message: `file: ${(error as Error).message}` };
    }
    const info = skwirMethodInfo(request.method)!;
    const params = { ...request.params, ...(info.files === 'entries' ? { entries: files.callFiles } : { file: files.callFiles[0] }) };
    const timeoutMs = request.timeoutMs ?? this.callMs;
    const started = Date.now();
    this.reads = { open: files };
    const { id, answer } = running.peer.send(request.method, params, { timeoutMs });
    let cancelled = false;
    const cancel = () => {
      if (!running.peer.abandon(id)) return;
      cancelled = true;
      running.peer.notify('$/cancel', { id });
    };
    request.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const result = await answer;
      const problems = answerProblems(request.method, result, { files: files.count, granted: this.plugin.granted });
      if (problems.length > 0) {
        const message = `the plugin's answer to ${request.method} is malformed: ${problems.join('; ')}`;
        this.log('warn', 'protocol', message);
        return { ms: Date.now() - started, outcome: 'failed', message, malformed: true };
      }
      return { ms: Date.now() - started, outcome: 'answered', answer: result as CheckedAnswers[CallMethod] };
    } catch (error) {
      const ms = Date.now() - started;
      if (error instanceof ResponseError) {
        this.hostLog({ code: 'callFailed', method: request.method, message: `${error.message}${error.code === SKWIR_REFUSAL ? '' : ` (${error.code})`}` });
        return { ms, outcome: 'failed', message: error.message };
      }
      if (error instanceof ConnectionError && error.code === 'timeout') {
        cancelled = true;
        running.peer.notify('$/cancel', { id });
        const message = `no answer to ${request.method} within ${durationWords(timeoutMs)}; it was cancelled`;
        this.hostLog({ code: 'callTimeout', method: request.method, seconds: timeoutMs / 1000 });
        return { ms, outcome: 'cancelled', why: 'timeout', message };
      }
      if (error instanceof ConnectionError && error.code === 'cancelled') {
        return { ms, outcome: 'cancelled', why: 'asked', message: `${request.method} was cancelled` };
      }
      const how = await this.whyUnanswered(running);
      if (how.code === 'stoppedBeforeAnswer') return { ms, outcome: 'unavailable', message: describeCommandReason(how, 'plugin'), reasonCode: how };
      return { ms, outcome: 'crashed', message: `the plugin crashed: ${describeCommandReason(how, 'plugin')} before it answered`, reasonCode: how };
    } finally {
      request.signal?.removeEventListener('abort', cancel);
      // Reads of this call are refused from now on, as cancelled if it was.
      this.reads = cancelled ? { closed: 'cancelled', callId: id } : { closed: 'none' };
      await files.close();
    }
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    if (this.queue.length > 0 || this.state !== 'running') return;
    this.idleTimer = setTimeout(() => {
      if (this.queue.length === 0 && !this.busy && this.state === 'running') {
        this.hostLog({ code: 'idleStopped', seconds: this.idleMs / 1000 });
        void this.stop({ idle: true });
      }
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

function cancelledBeforeSent(): CallOutcome {
  return { ms: 0, outcome: 'cancelled', why: 'asked', message: 'the call was cancelled before it was sent' };
}
