// The host's end of one module plugin's worker thread (module-worker.mjs): starting it until its
// component is instantiated, a call (with the files the worker describes and serves its reads
// from) and how it ended, what the worker tells of the call (begun, reads it served, log lines) in
// batches, the other reads answered on the reply port with the worker woken through a shared word,
// the worker ended. It is
// what the supervisor runs for a module plugin, as a process is for a program: the lifetime around
// it (state, crashes and restarts, calls, idling) is module-plugin.ts's and the Supervisor's.
//
// A small call's work is a few tens of microseconds; waking a sleeping thread costs as much or more
// (docs/design/performance.md). So neither end sleeps between the quick calls of a run of them: the
// worker watches a shared board for the next call for a moment after each (module-worker.mjs), and
// the host, after posting a call whose plugin answered the last one quickly, watches the board for
// what the worker tells, taking it off the port on the spot, for at most ANSWER_WAIT_MS (told-port.ts).
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ExitReasonCode } from '../../../../src-shared/host-api';
import type { Disposable } from '../../../../src-shared/lifecycle';
import { SKWIR_LINE_LIMIT, SKWIR_READ_LIMIT } from '../../../../src-shared/skwir/limits';
import { MODULE_BUDGET, type ModuleCode } from './module-transpile';
import { READ_HEAD_BYTES } from './module-trace';
import type { CallEnding, CallEvent, FromWorker, ReadAsked, ReadReply, Started, WorkerCall } from './module-worker-messages';
import { ToldPort } from './told-port';
import { MAX_LOG_LINE_CHARS } from '../../../../src-shared/limits';
import { readStderrLines } from '../../process/stderr-lines';
import type { Child, StopReport } from '../../process/child';
import { FILE_STEP_MS } from '../file-thread';
import { workerScript } from '../worker-script';

const WORKER_SCRIPT = workerScript('./module-worker.mjs', import.meta.url);

/** A worker's own JavaScript heap (a 64 MiB answer is a string there, then a copy); its component's memories and tables are capped apart. */
const WORKER_HEAP_MB = 512;
/** Log lines one call may write; past them they are counted and dropped, so a flood cannot fill the host's memory. */
export const MODULE_LOGS_PER_CALL = 10_000;

/**
 * How long the host's thread watches for a call's answer before it goes back to its other work and
 * hears the answer as any message: the most one call can hold it. Watched only while the plugin's
 * last call took at most half of it in the worker.
 */
export const ANSWER_WAIT_MS = 0.5;
/** How long a worker watches for the next call after one ended, before its thread sleeps. */
export const NEXT_CALL_WAIT_MS = 2;
/** The shared board's words: the read reply's, the calls posted, the messages told, the file being described (its index + 1; 0, none). */
const WORDS = { wake: 0, calls: 1, told: 2, describing: 3 } as const;

export interface WorkerLinkOptions {
  /** The component's code, as the host checked it: the worker runs these bytes and reads no file. */
  code: ModuleCode;
  onRead(asked: ReadAsked): Promise<ReadReply>;
  /** What the worker tells of the open call, in its order; told before any later read or ending, in batches. */
  onEvents(events: CallEvent[]): void;
  onLogsDropped(count: number): void;
  /** Anything the worker itself printed (it should print nothing). */
  onOutput: (line: string) => void;
  /** The worker's script: module-worker.mjs beside this module unless given (the Electron bundle's test gives the bundled one). */
  script?: URL;
  /** How long ending the worker may take before it is let go (FILE_STEP_MS unless given). */
  letGoMs?: number;
  /** The worker was let go, held past that bound (a read of a file that never answers). */
  onLetGo?(seconds: number): void;
  /** ANSWER_WAIT_MS unless given (tests give it). */
  answerWaitMs?: number;
}

export class WorkerLink implements Child {
  /** A module runs inside the host's own process. */
  readonly processes: readonly number[] = [];
  stopRequested = false;
  private _ending: ExitReasonCode | undefined;
  /** Set when the host ends the worker as a crash (its component trapped): the ending it gets. */
  private crashedWith: ExitReasonCode | undefined;
  private open: { id: number; settle(ending: CallEnding): void } | undefined;
  private readonly replies: MessagePort;
  /** What the worker tells, in its order. */
  private readonly told: ToldPort;
  /** The shared board (WORDS): the word the worker sleeps on while the host answers its read, and the counts of calls and messages. */
  private readonly board: Int32Array;
  /** The last call took at most half the answer's wait in the worker: the next is watched for. */
  private quick = true;
  private readonly answerWaitMs: number;
  private onStart: (message: Started) => void = () => {};
  private readonly output: Disposable[];
  private exitMessage: string | undefined;
  /** Resolves with what ended the worker (terminated, on its own, or let go). */
  readonly exited: Promise<string>;
  private markExited!: (message: string) => void;

  private constructor(
    private readonly worker: Worker,
    ports: { replies: MessagePort; told: MessagePort },
    board: SharedArrayBuffer,
    private readonly options: WorkerLinkOptions,
  ) {
    this.answerWaitMs = options.answerWaitMs ?? ANSWER_WAIT_MS;
    this.replies = ports.replies;
    this.board = new Int32Array(board);
    this.told = new ToldPort(ports.told, this.board, WORDS.told, (message) => this.dispatch(message));
    this.output = [worker.stdout, worker.stderr].map((stream) => readStderrLines(stream, options.onOutput, MAX_LOG_LINE_CHARS));
    let error: Error | undefined;
    worker.on('error', (e) => (error = e));
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    worker.once('exit', (code) => this.ended(error ? `the worker failed: ${error.message}` : `the worker ended (code ${code})`, code));
  }

  /** The worker ended, or was let go: once. */
  private ended(message: string, exitCode: number | null): void {
    if (this.exitMessage !== undefined) return;
    // What it told before it ended comes first, whatever order the loop hears them in (Node drains
    // a worker's own port before its 'exit', not this one): an answer it posted is the call's.
    this.told.take(Infinity);
    this.exitMessage = message;
    this._ending = this.crashedWith ?? { code: 'exited', exitCode };
    this.replies.close();
    this.told.close();
    this.open?.settle({ type: 'exited', message });
    this.open = undefined;
    this.markExited(message);
  }

  get ending(): ExitReasonCode | undefined {
    return this._ending;
  }

  /**
   * Which of the open call's `files` the worker is describing now, by its index among them;
   * undefined when none (or when the word names none of them: it is read from another thread).
   */
  describing(files: number): number | undefined {
    const at = Atomics.load(this.board, WORDS.describing);
    return at > 0 && at <= files ? at - 1 : undefined;
  }

  /** A worker whose component is instantiated; rejects with why not within `timeoutMs`, the worker ended. */
  static async start(options: WorkerLinkOptions, timeoutMs: number): Promise<WorkerLink> {
    const { port1: replies, port2: theirReplies } = new MessageChannel();
    const { port1: told, port2: theirTold } = new MessageChannel();
    const board = new SharedArrayBuffer(4 * Object.keys(WORDS).length);
    const link = new WorkerLink(
      new Worker(options.script ?? WORKER_SCRIPT, {
        workerData: {
          code: options.code,
          budget: MODULE_BUDGET,
          replies: theirReplies,
          told: theirTold,
          board,
          words: WORDS,
          nextCallWaitMs: NEXT_CALL_WAIT_MS,
          logsPerCall: MODULE_LOGS_PER_CALL,
          logChars: MAX_LOG_LINE_CHARS,
          textBytes: SKWIR_LINE_LIMIT.bytes,
          readLimit: SKWIR_READ_LIMIT,
          headBytes: READ_HEAD_BYTES,
        },
        transferList: [theirReplies, theirTold],
        // Plain JavaScript: none of the host's own loaders (tsx under the CLI and tests would cost
        // each worker about 5 MB), and none of its environment.
        execArgv: [],
        env: {},
        stdout: true,
        stderr: true,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      }),
      { replies, told },
      board,
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
      this.onStart = (message) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(this);
        } else if (message.type === 'broken') fail(`the component could not be instantiated: ${message.message}`);
      };
      void this.exited.then((why) => fail(why));
    });
  }

  private dispatch(message: FromWorker): void {
    switch (message.type) {
      case 'read': {
        const { file, offset, length } = message;
        void this.answerRead({ file, offset, length });
        return;
      }
      case 'logsDropped':
        this.options.onLogsDropped(message.count);
        return;
      case 'events':
        this.options.onEvents(message.events);
        return;
      case 'ready':
      case 'broken':
        this.onStart(message);
        return;
      default:
        if (message.events.length > 0) this.options.onEvents(message.events);
        if (message.id === this.open?.id) {
          const { id: _, events: __, ms, ...ending } = message;
          const { open } = this;
          this.open = undefined;
          // The plugin's own time, not the hop's (a call heard as a message is no slower for it);
          // half the wait, so a call that takes most of it is not watched for in vain.
          this.quick = ms <= this.answerWaitMs / 2;
          open.settle(ending);
        }
    }
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
    Atomics.store(this.board, WORDS.wake, 1);
    Atomics.notify(this.board, WORDS.wake);
  }

  /**
   * One call, its files described in the worker and its reads served there; resolves with how it
   * ended. The worker takes one at a time: the caller waits for each.
   */
  call(id: number, method: string, call: WorkerCall): Promise<CallEnding> {
    if (this.exitMessage !== undefined) return Promise.resolve({ type: 'exited', message: this.exitMessage });
    return new Promise((settle) => {
      this.open = { id, settle };
      this.worker.postMessage({ type: 'call', id, method, ...call });
      Atomics.add(this.board, WORDS.calls, 1);
      // Once the caller's own steps of sending it are done, before the thread goes back to its loop.
      if (this.quick) queueMicrotask(() => this.told.watch(() => this.open?.id !== id || this.exitMessage !== undefined, this.answerWaitMs));
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
    if (this.exitMessage === undefined) {
      // Ending a worker waits for what it runs to come back to JavaScript: one held in a read of a
      // file that never answers (a stuck network disk) would hold the host's call, and its plugin,
      // for good. Past the bound it is let go; its descriptors are its own, closed by Node when it
      // ends at last, and nothing else reads them meanwhile.
      const bound = this.options.letGoMs ?? FILE_STEP_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const held = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), bound)));
      const stuck = await Promise.race([this.worker.terminate().then(() => false), held]);
      clearTimeout(timer);
      if (stuck) {
        this.worker.unref();
        this.options.onLetGo?.(bound / 1000);
        this.ended(`the worker did not end within ${bound / 1000} s (held by a file) and was let go`, null);
      }
    }
    await this.exited;
    for (const output of this.output) output.dispose();
  }
}
