// What both transports of a Skwir plugin do around sending one call, so neither holds a copy: the
// queue, the reads and the call's limit they keep (PluginCalls); the plugin started (or why not) and
// the call's files described under its next handles before it is sent; the words of a call nothing
// answered.
import type { CommandReasonCode, ToolState } from '../../../src-shared/host-api';
import { beforeAnswerEn } from '../../../src-shared/reasons-en';
import type { Capability } from '../../../src-shared/skwir/types';
import type { CallFiles } from './call-files';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import {
  CallQueue,
  cancelledBeforeSent,
  openCall,
  openedWith,
  PLUGIN_LIMITS,
  type CallLog,
  type CallOutcome,
  type CallRequest,
  type PluginLimits,
} from './plugin-calls';
import { CALLS_DESCRIBED_AHEAD, PluginReads } from './plugin-reads';
import { reasonText } from '../process/reasons';
import type { Running } from '../process/supervisor-options';

export interface PluginCallsOptions {
  granted: readonly Capability[];
  limits?: Partial<PluginLimits> | undefined;
  /** Sends one call and waits until it ended. Never rejects. `free`: as CallQueueOptions.send's. */
  send(request: CallRequest, free: () => void): Promise<CallOutcome>;
}

/** What a plugin's transport keeps for its calls: the queue (which stops the plugin when idle), its reads, the call's limit. */
export class PluginCalls {
  readonly reads: PluginReads;
  readonly callMs: number;
  private readonly queue: CallQueue;

  constructor(
    plugin: { readonly state: ToolState; stop(options: { idle: true }): Promise<void> },
    readonly log: CallLog,
    options: PluginCallsOptions,
  ) {
    this.queue = new CallQueue({
      send: (request, free) => options.send(request, free),
      idleMs: options.limits?.idleMs ?? PLUGIN_LIMITS.idleMs,
      running: () => plugin.state === 'running',
      log,
      idle: () => void plugin.stop({ idle: true }),
    });
    this.reads = new PluginReads(options.granted);
    this.callMs = options.limits?.callMs ?? PLUGIN_LIMITS.callMs;
  }

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return this.queue.call(request);
  }

  /**
   * A call has left: the files of the calls queued next are described now, while the plugin works,
   * so a plugin asked about many files waits for no step in the file thread between its calls.
   */
  sent(): void {
    this.reads.describeAhead(this.queue.upcoming(CALLS_DESCRIBED_AHEAD).map((request) => request.files));
  }

  /** Something else sent in a call's turn (a message sent by hand); `dropped` is its outcome when it never gets one. Never rejects. */
  turn<T>(run: () => Promise<T>, dropped: T): Promise<T> {
    return this.queue.turn(run, dropped);
  }

  /** A stop was asked: the plugin does not idle out on top of it. */
  stopAsked(): void {
    this.queue.clearIdle();
  }

  /** The calls still queued end unavailable, then `lifetime` (the plugin's own end) runs, then the file thread ends. */
  async dispose(lifetime: () => Promise<void>): Promise<void> {
    this.queue.dispose();
    await lifetime();
    this.reads.stop();
  }
}

/** A call about to be sent: what runs the plugin, the call's files with their handles, its params as they go. */
export interface ReadyCall<R> {
  running: R;
  files: CallFiles;
  params: Record<string, unknown>;
}

/** The call ready to send on what runs the plugin; or how it ended before it was sent (no plugin, cancelled, a file that is none). */
export async function readyCall<R>(ready: Running<R>, request: CallRequest, reads: PluginReads): Promise<ReadyCall<R> | { ended: CallOutcome }> {
  const can = sendable(ready, request);
  if ('ended' in can) return can;
  const opened = await openCall(request, reads);
  if ('failed' in opened) return { ended: opened.failed };
  return { running: can.running, ...opened };
}

/**
 * The call ready to send now, when nothing must be waited for (what runs the plugin known, its
 * files described ahead); undefined when readyCall must wait, nothing taken.
 */
export function readyCallNow<R>(running: R | undefined, request: CallRequest, reads: PluginReads): ReadyCall<R> | { ended: CallOutcome } | undefined {
  if (running === undefined) return undefined;
  const can = sendable({ running }, request);
  if ('ended' in can) return can;
  const files = reads.describedNow(request.files);
  return files && { running, ...openedWith(request, files) };
}

/** What runs the plugin, when the call can go to it; or how it ended unsent (no plugin, or cancelled meanwhile). */
export function sendable<R>(ready: Running<R>, request: CallRequest): { running: R } | { ended: CallOutcome } {
  if ('why' in ready) return { ended: { ms: 0, outcome: 'unavailable', message: reasonText(ready.why, 'plugin'), reasonCode: ready.why } };
  if (request.signal?.aborted) return { ended: cancelledBeforeSent() };
  return { running: ready.running };
}

/** A call nothing answered: the plugin was stopped meanwhile, or crashed (how it ended). */
export function unanswered(how: CommandReasonCode, ms: number): CallOutcome {
  if (how.code === 'stoppedBeforeAnswer') return { ms, outcome: 'unavailable', message: reasonText(how, 'plugin'), reasonCode: how };
  return { ms, outcome: 'crashed', message: `the plugin crashed: ${beforeAnswerEn(reasonText(how, 'plugin'))}`, reasonCode: how };
}
