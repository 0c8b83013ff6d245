// The host's end of one module plugin's worker thread (module-worker.mjs): starting it until its
// component is instantiated, a call and how it ended, the component's reads answered on the reply
// port with the worker woken through a shared word, its log lines passed on, the worker ended. It is
// what the supervisor runs for a module plugin, as a process is for a program: the lifetime around
// it (state, crashes and restarts, calls, idling) is module-plugin.ts's and the Supervisor's.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ExitReasonCode } from '../../../../src-shared/host-api';
import type { Disposable } from '../../../../src-shared/lifecycle';
import { SKWIR_LINE_LIMIT } from '../../../../src-shared/skwir/limits';
import { MODULE_BUDGET, type ModuleCode } from './module-transpile';
import { MAX_LOG_LINE_CHARS } from '../../../../src-shared/limits';
import { readStderrLines } from '../../process/stderr-lines';
import type { Child, StopReport } from '../../process/child';
import { workerScript } from '../worker-script';

const WORKER_SCRIPT = workerScript('./module-worker.mjs', import.meta.url);

/** A worker's own JavaScript heap (a 64 MiB answer is a string there, then a copy); its component's memories and tables are capped apart. */
const WORKER_HEAP_MB = 512;
/** Log lines one call may write; past them they are counted and dropped, so a flood cannot fill the host's memory. */
export const MODULE_LOGS_PER_CALL = 10_000;

export interface ReadAsked {
  file: number;
  /** A u64, as the component gave it: past 2^53 a number would be another offset. */
  offset: bigint;
  length: number;
}

export type ReadReply = { data: Uint8Array } | { refused: string };

/** How a call ended in the worker, or that the worker did. */
export type CallEnding =
  | { type: 'answered'; text: string }
  /** The component answered `err`: its message. */
  | { type: 'failed'; message: string }
  | { type: 'trapped'; message: string }
  /** Its answer, or a line it logged, was longer than an answer may be: not made into a string, nor sent. */
  | { type: 'oversized'; part: 'answer' | 'log'; bytes: number }
  | { type: 'exited'; message: string };

export interface WorkerLinkOptions {
  /** The component's code, as the host checked it: the worker runs these bytes and reads no file. */
  code: ModuleCode;
  onRead(asked: ReadAsked): Promise<ReadReply>;
  onLog(level: unknown, message: unknown): void;
  onLogsDropped(count: number): void;
  /** Anything the worker itself printed (it should print nothing). */
  onOutput: (line: string) => void;
  /** The worker's script: module-worker.mjs beside this module unless given (the Electron bundle's test gives the bundled one). */
  script?: URL;
}

/** How the worker's start ended: its component instantiated, or not (why). */
type Started = { type: 'ready' } | { type: 'broken'; message: string };

type FromWorker =
  | Started
  | ({ type: 'read' } & ReadAsked)
  | { type: 'log'; level: unknown; message: unknown }
  | { type: 'logsDropped'; count: number }
  | ({ id: number } & Exclude<CallEnding, { type: 'exited' }>);

export class WorkerLink implements Child {
  /** A module runs inside the host's own process. */
  readonly processes: readonly number[] = [];
  stopRequested = false;
  private _ending: ExitReasonCode | undefined;
  /** Set when the host ends the worker as a crash (its component trapped): the ending it gets. */
  private crashedWith: ExitReasonCode | undefined;
  private open: { id: number; settle(ending: CallEnding): void } | undefined;
  private readonly replies: MessagePort;
  /** The word the worker sleeps on while the host answers its read. */
  private readonly wake: Int32Array;
  private readonly output: Disposable[];
  private exitMessage: string | undefined;
  /** Resolves with what ended the worker (terminated, or on its own). */
  readonly exited: Promise<string>;

  private constructor(
    private readonly worker: Worker,
    replies: MessagePort,
    wake: SharedArrayBuffer,
    private readonly options: WorkerLinkOptions,
  ) {
    this.replies = replies;
    this.wake = new Int32Array(wake);
    this.output = [worker.stdout, worker.stderr].map((stream) => readStderrLines(stream, options.onOutput, MAX_LOG_LINE_CHARS));
    let error: Error | undefined;
    worker.on('error', (e) => (error = e));
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.exitMessage = error ? `the worker failed: ${error.message}` : `the worker ended (code ${code})`;
        this._ending = this.crashedWith ?? { code: 'exited', exitCode: code };
        this.replies.close();
        this.open?.settle({ type: 'exited', message: this.exitMessage });
        this.open = undefined;
        resolve(this.exitMessage);
      });
    });
  }

  get ending(): ExitReasonCode | undefined {
    return this._ending;
  }

  /** A worker whose component is instantiated; rejects with why not within `timeoutMs`, the worker ended. */
  static async start(options: WorkerLinkOptions, timeoutMs: number): Promise<WorkerLink> {
    const { port1: replies, port2: theirReplies } = new MessageChannel();
    const wake = new SharedArrayBuffer(4);
    const link = new WorkerLink(
      new Worker(options.script ?? WORKER_SCRIPT, {
        workerData: {
          code: options.code,
          budget: MODULE_BUDGET,
          replies: theirReplies,
          wake,
          logsPerCall: MODULE_LOGS_PER_CALL,
          logChars: MAX_LOG_LINE_CHARS,
          textBytes: SKWIR_LINE_LIMIT.bytes,
        },
        transferList: [theirReplies],
        // Plain JavaScript: none of the host's own loaders (tsx under the CLI and tests would cost
        // each worker about 5 MB), and none of its environment.
        execArgv: [],
        env: {},
        stdout: true,
        stderr: true,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      }),
      replies,
      wake,
      options,
    );
    return link.whenReady(timeoutMs);
  }

  private whenReady(timeoutMs: number): Promise<WorkerLink> {
    return new Promise((resolve, reject) => {
      let failed = false;
      // The first reason stands: the worker's exit, which ending it brings, is not the reason.
      const fail = (message: string) => {
        if (failed) return;
        failed = true;
        clearTimeout(timer);
        void this.terminate().then(() => reject(new Error(message)));
      };
      const timer = setTimeout(() => fail(`the component was not instantiated within ${timeoutMs / 1000} s`), timeoutMs);
      this.listen((message) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(this);
        } else if (message.type === 'broken') fail(`the component could not be instantiated: ${message.message}`);
      });
      void this.exited.then((why) => fail(why));
    });
  }

  private listen(onStart: (message: Started) => void): void {
    this.worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'read': {
          const { file, offset, length } = message;
          void this.answerRead({ file, offset, length });
          return;
        }
        case 'log':
          this.options.onLog(message.level, message.message);
          return;
        case 'logsDropped':
          this.options.onLogsDropped(message.count);
          return;
        case 'ready':
        case 'broken':
          onStart(message);
          return;
        default:
          if (message.id === this.open?.id) {
            const { id: _, ...ending } = message;
            this.open.settle(ending);
            this.open = undefined;
          }
      }
    });
  }

  private async answerRead(asked: ReadAsked): Promise<void> {
    let reply: ReadReply;
    try {
      reply = await this.options.onRead(asked);
    } catch (error) {
      reply = { refused: `read failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (this.exitMessage !== undefined) return;
    const transfer =
      'data' in reply && reply.data.byteOffset === 0 && reply.data.byteLength === reply.data.buffer.byteLength ? [reply.data.buffer as ArrayBuffer] : [];
    this.replies.postMessage(reply, transfer);
    Atomics.store(this.wake, 0, 1);
    Atomics.notify(this.wake, 0);
  }

  /** One call; resolves with how it ended. The worker takes one at a time: the caller waits for each. */
  call(id: number, method: string, params: string): Promise<CallEnding> {
    if (this.exitMessage !== undefined) return Promise.resolve({ type: 'exited', message: this.exitMessage });
    return new Promise((settle) => {
      this.open = { id, settle };
      this.worker.postMessage({ type: 'call', id, method, params });
    });
  }

  /**
   * Ends the worker as asked, whatever it is doing (a hang, a read being waited for): nothing it
   * does can outlast or refuse it, so it ends as a program that keeps the rules would, with 0.
   */
  async stop(): Promise<StopReport> {
    this.stopRequested = true;
    await this.terminate();
    return { exit: { code: 0, signal: null }, signal: undefined };
  }

  /** Ends the worker as a crash: its component is done (it trapped) and the worker with it. */
  async crash(ending: ExitReasonCode): Promise<void> {
    this.crashedWith ??= ending;
    await this.terminate();
  }

  /** A worker leaves nothing behind in the host's process. */
  killLeftovers(): boolean {
    return false;
  }

  private async terminate(): Promise<void> {
    if (this.exitMessage === undefined) await this.worker.terminate();
    await this.exited;
    for (const output of this.output) output.dispose();
  }
}
