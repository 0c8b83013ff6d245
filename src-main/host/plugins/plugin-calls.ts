// What a Skwir plugin's calls are whatever its transport (a program, or a module in a worker):
// one at a time from a queue, a call cancelled before it was sent taken off it, an idle plugin
// stopped; each call's files described with their handles, its answer checked and its defaults
// filled, and the words of every way a call ends. plugin-supervisor.ts (the program transport) and
// module-plugin.ts (the module transport) send the calls, with what call-sending.ts gives both.
import path from 'node:path';
import type { CommandReasonCode, HandAnswer, HostLogCode, LogLevel, LogSource } from '../../../src-shared/host-api';
import { callTimeoutEn } from '../../../src-shared/host-log-en';
import { answerProblems, type AnswerContext, type CheckedAnswers } from '../../../src-shared/skwir/answers';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import { skwirMethodInfo } from '../../../src-shared/skwir/methods';
import type { CallBytes } from '../../../src-shared/plugin-api';
import type { Capability } from '../../../src-shared/skwir/types';
import type { CallFiles, CallHandles } from './call-files';
import { GivenFileRefusal } from './given-file';
import type { PluginReads } from './plugin-reads';
import { SKWIR_REFUSAL } from './skwir-refusals';
import type { SupervisorLimits } from '../process/supervisor-options';
import type { HandSending } from '../process/hand-sent';
import type { Supervised } from '../process/supervised';

export interface PluginLimits extends SupervisorLimits {
  /** A call's limit, after which it is cancelled. */
  callMs: number;
  /** Idle this long (no call open or queued), the plugin is stopped; the next call starts it again. */
  idleMs: number;
}

export const PLUGIN_LIMITS = { callMs: 60_000, idleMs: 600_000 } as const;

/**
 * How a call ended. `ms`: from the moment it was sent (0 when it never was). An answer comes with
 * `files`, the handles the call gave its files, by which a plan names them.
 */
export type CallOutcome<M extends CallMethod = CallMethod> = { ms: number } & (
  | { outcome: 'answered'; answer: CheckedAnswers[M]; files: CallHandles }
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
  /** Cancels the call: taken off the queue, or cancelled when it is open. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Told how far the call reads its files: their size once described, each read's bytes as served. */
  bytes?: CallBytes;
  /**
   * A program plugin's long answer may bring its `data` decoded rather than as base64 text
   * (SendOptions.dataAsBytes): whoever asks so takes the bytes from decodedDataOf(answer).
   */
  dataAsBytes?: true;
}

/** What the host holds of a plugin it runs, whichever the transport: its calls and its lifetime. */
export interface CallablePlugin extends Supervised {
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>>;
  /** A message sent by hand (hand-calls.ts), in its turn behind the calls before it. Never rejects. */
  sendByHand(sending: HandSending, files: readonly string[]): Promise<HandAnswer>;
}

/** Where a plugin's calls write: lines of their own, and the host's lines as data (host-log.ts words them). */
export interface CallLog {
  log(level: LogLevel, source: LogSource, message: string): void;
  hostLog(line: HostLogCode): void;
}

/** One turn in the queue: a call, or a message sent by hand, which waits its turn as a call does. */
interface Queued {
  /** The call, when it is one: the next call's files are described while the one before runs. */
  request?: CallRequest;
  /**
   * Sends it and waits until it ended; then hands on its outcome when called. Never rejects.
   * `free`: the plugin is done with it (its answer is in) though its outcome is not yet made.
   */
  run(free: () => void): Promise<() => void>;
  /** It will never be sent: the plugin was stopped first. */
  drop(): void;
}

export interface CallQueueOptions {
  /**
   * Sends one call and waits until it ended. Never rejects. Calls `free` (when it does) the moment
   * the plugin answered, before the answer is judged: the next call leaves then.
   */
  send(request: CallRequest, free: () => void): Promise<CallOutcome>;
  idleMs: number;
  /** Only a running plugin idles out. */
  running(): boolean;
  log: CallLog;
  /** Nothing was asked for idleMs: the plugin is to stop. */
  idle(): void;
}

/** The calls waiting for a plugin, sent one at a time in order; the idle timer runs while none is. */
export class CallQueue {
  private readonly queue: Queued[] = [];
  private busy = false;
  /** Outcomes are handed on in the order their calls were sent, each once the next call has left. */
  private handing: Promise<void> = Promise.resolve();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: CallQueueOptions) {}

  /** Queues a call; it is sent once every call before it ended. Never rejects. */
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    return new Promise<CallOutcome>((settle) => {
      const queued: Queued = {
        request,
        run: async (free) => {
          const outcome = await this.options.send(request, free);
          return () => settle(outcome);
        },
        drop: () =>
          settle({ ms: 0, outcome: 'unavailable', message: 'the plugin was stopped before the call was sent', reasonCode: { code: 'stoppedBeforeAnswer' } }),
      };
      if (request.signal?.aborted) return settle(cancelledBeforeSent());
      request.signal?.addEventListener(
        'abort',
        () => {
          const at = this.queue.indexOf(queued);
          if (at >= 0) {
            this.queue.splice(at, 1);
            settle(cancelledBeforeSent());
          }
        },
        { once: true },
      );
      this.queue.push(queued);
      this.clearIdle();
      this.pump();
    }) as Promise<CallOutcome<M>>;
  }

  /** The calls among the next `count` turns queued, in their order (a message sent by hand is none). */
  upcoming(count: number): CallRequest[] {
    const calls: CallRequest[] = [];
    for (const queued of this.queue.slice(0, count)) if (queued.request) calls.push(queued.request);
    return calls;
  }

  /** Queues something else sent in a call's turn (a message sent by hand); `dropped` is its outcome when it never gets one. Never rejects. */
  turn<T>(run: () => Promise<T>, dropped: T): Promise<T> {
    return new Promise<T>((settle) => {
      this.queue.push({
        run: async () => {
          const outcome = await run();
          return () => settle(outcome);
        },
        drop: () => settle(dropped),
      });
      this.clearIdle();
      this.pump();
    });
  }

  clearIdle(): void {
    clearTimeout(this.idleTimer);
  }

  /** Calls still queued will never be sent: each ends unavailable. */
  dispose(): void {
    this.clearIdle();
    for (const queued of this.queue.splice(0)) queued.drop();
  }

  /**
   * Sends the next call when none is out. The next leaves the moment the one before is freed (its
   * answer taken), in that same turn when nothing it needs must be waited for: the plugin waits for
   * no step of the host's between its calls.
   */
  private pump(): void {
    if (this.busy) return;
    const queued = this.queue.shift();
    if (!queued) return this.armIdle();
    this.busy = true;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      this.busy = false;
      this.pump();
    };
    // Handed on after a turn of the event loop: the next call leaves first (a few steps that
    // wait for nothing), and whoever waits for this outcome (the window asking its next file)
    // does its part while the plugin works on the next. In line before the call runs, so a call
    // freed within its own run cannot hand the next one's outcome on before its own.
    let started!: (run: Promise<() => void>) => void;
    const ended = new Promise<() => void>((resolve) => (started = resolve));
    this.handing = this.handing.then(() => ended).then((handOn) => new Promise<void>((resolve) => setImmediate(() => resolve(handOn()))));
    started(queued.run(free));
    void ended.then(free);
  }

  private armIdle(): void {
    this.clearIdle();
    if (this.queue.length > 0 || !this.options.running()) return;
    const { idleMs } = this.options;
    this.idleTimer = setTimeout(() => {
      if (this.queue.length === 0 && !this.busy && this.options.running()) {
        this.options.log.hostLog({ code: 'idleStopped', seconds: idleMs / 1000 });
        this.options.idle();
      }
    }, idleMs);
    this.idleTimer.unref();
  }
}

/** A call's files with their handles and its params as they go to the plugin. */
export interface OpenedCall {
  files: CallFiles;
  params: Record<string, unknown>;
}

/** Describes a call's files under the plugin's next handles and makes its params; or the call's failure, naming the file. */
export async function openCall(request: CallRequest, reads: PluginReads): Promise<OpenedCall | { failed: CallOutcome }> {
  let files: CallFiles;
  try {
    files = await reads.describe(request.files);
  } catch (error) {
    if (error instanceof GivenFileRefusal) return { failed: notGiven(error) };
    return { failed: { ms: 0, outcome: 'unavailable', message: `file: ${(error as Error).message}` } };
  }
  return openedWith(request, files);
}

/** The call opened with its files described already (PluginReads.describedNow). */
export function openedWith(request: CallRequest, files: CallFiles): OpenedCall {
  countBytes(request, files);
  const info = skwirMethodInfo(request.method)!;
  const params = { ...request.params, ...(info.files === 'entries' ? { entries: files.callFiles } : { file: files.callFiles[0] }) };
  return { files, params };
}

/** The host's own refusal of a call's path: said of the file, never as the plugin's failure. */
export function notGiven(refusal: GivenFileRefusal): CallOutcome {
  return { ms: 0, outcome: 'unavailable', message: refusal.message, reasonCode: { code: 'fileNotGiven', path: refusal.path, problem: refusal.problem } };
}

/** The call's files' size told to whoever follows its progress (the window), and each read's bytes counted as they are served. */
export function countBytes({ bytes }: CallRequest, files: CallFiles): void {
  if (!bytes) return;
  bytes.size = files.callFiles.reduce((sum, file) => sum + (file.size ?? 0), 0);
  files.onRead = (count) => (bytes.read += count);
}

/** What a call's answer is judged against: its files (the one file's size too), what was granted, the host's paths. */
export function answerContext(files: CallFiles, granted: readonly Capability[]): AnswerContext {
  const size = files.callFiles.length === 1 ? files.callFiles[0]!.size : undefined;
  // Plan paths are judged as the host's platform means them: it is where the steps run.
  return { files: files.count, firstHandle: files.first, granted, paths: path, ...(size !== undefined ? { fileSize: size } : {}) };
}

/**
 * The plugin's answer, checked (defaults filled); a malformed one fails the call naming what is
 * wrong. Whatever the answer holds, judging it ends this call and nothing else: a throw is its failure.
 */
export function judgedAnswer(method: CallMethod, result: unknown, files: CallFiles, granted: readonly Capability[], log: CallLog, ms: number): CallOutcome {
  let problems: string[];
  try {
    problems = answerProblems(method, result, answerContext(files, granted));
  } catch (error) {
    return malformed(method, `it could not be judged (${error instanceof Error ? error.message : String(error)})`, log, ms);
  }
  if (problems.length > 0) return malformed(method, problems.join('; '), log, ms);
  return { ms, outcome: 'answered', answer: result as CheckedAnswers[CallMethod], files: { first: files.first, count: files.count } };
}

export function malformed(method: CallMethod, problem: string, log: CallLog, ms: number): CallOutcome {
  const message = `the plugin's answer to ${method} is malformed: ${problem}`;
  log.log('warn', 'protocol', message);
  return { ms, outcome: 'failed', message, malformed: true };
}

/** The plugin answered with a failure: its message is the person's. */
export function pluginFailed(method: CallMethod, message: string, code: number, log: CallLog, ms: number): CallOutcome {
  log.hostLog({ code: 'callFailed', method, message: `${message}${code === SKWIR_REFUSAL ? '' : ` (${code})`}` });
  return { ms, outcome: 'failed', message };
}

export function timedOut(method: CallMethod, timeoutMs: number, log: CallLog, ms: number): CallOutcome {
  const message = callTimeoutEn(method, timeoutMs / 1000);
  log.hostLog({ code: 'callTimeout', method, seconds: timeoutMs / 1000 });
  return { ms, outcome: 'cancelled', why: 'timeout', message };
}

export function cancelledByPerson(method: CallMethod, ms: number): CallOutcome {
  return { ms, outcome: 'cancelled', why: 'asked', message: `${method} was cancelled` };
}

export function cancelledBeforeSent(): CallOutcome {
  return { ms: 0, outcome: 'cancelled', why: 'asked', message: 'the call was cancelled before it was sent' };
}
