// A plugin's own thread for the files of its calls (file-thread-worker.mjs): described, opened, read
// and closed there, each step bounded in time. Node's file functions share a pool of four threads with the
// whole host (its storage, installs, the test bed's page); a file that never answers would hold one
// of them for good, and four would stop the host. Here it holds this plugin's thread only: past the
// bound the step fails, the thread is left to its fate and the next step starts a new one.
import { Worker } from 'node:worker_threads';
import { workerScript } from './worker-script';

const FILE_THREAD_SCRIPT = workerScript('./file-thread-worker.mjs', import.meta.url);

/** A step (describe, read, close) that takes longer fails: a regular file answers in far less, even from a slow disk. */
export const FILE_STEP_MS = 15_000;

/** The file as the call was described with it: a descriptor opened later must be this one. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

/** A call's file: where its links lead, which file it is, its size; `kind` when it is no regular file ('a folder'). */
export interface DescribedPath {
  real: string;
  identity: FileIdentity;
  size: bigint;
  kind?: string;
  /** Every byte of the file, when it was asked read whole and is small enough. */
  bytes?: Buffer;
}

/** A read's bytes and the descriptor they came from, or what the file is now when it is not the one described. */
export type Read = { fd: number; data: Buffer } | { changed: string };

/** Which step failed: describing the path, opening the file (at its first read) or reading it. */
export type FileStep = 'describe' | 'open' | 'read';

/** A step failed: `code` is the system's (ENOENT...), or 'timeout' when it took longer than its bound. */
export class FileStepError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** Set when the thread said which step failed. */
    readonly step?: FileStep,
    /** The file was opened and its read failed: the descriptor, to be closed. */
    readonly fd?: number,
  ) {
    super(message);
  }
}

/** A step that took longer than its bound: the file gave no answer (a disk or share that stopped responding). */
export class FileStepTimeout extends FileStepError {
  constructor(readonly seconds: number) {
    super(`the file gave no answer within ${seconds} s`, 'timeout');
  }
}

/** A path as the thread describes it, or why it could not. */
type Description =
  { real: string; dev: bigint; ino: bigint; size: bigint; kind?: string; data?: ArrayBuffer } | { failed: { step: FileStep; code?: string; message: string } };

type Reply = { id: number; fd?: number } & (
  | { real: string; dev: bigint; ino: bigint; size: bigint; kind?: string; data?: ArrayBuffer }
  | { described: Description[] }
  | { changed: string }
  | { data: ArrayBuffer }
  | { failed: { step: FileStep; code?: string; message: string } }
);

interface Waiting {
  worker: Worker;
  settle(reply: Reply): void;
  fail(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface FileThreadOptions {
  stepMs?: number;
  /** The worker's script: file-thread-worker.mjs beside this module unless given (a test gives one that hangs). */
  script?: URL;
}

function describedPath(reply: Exclude<Description, { failed: unknown }>): DescribedPath {
  return {
    real: reply.real,
    identity: { dev: reply.dev, ino: reply.ino },
    size: reply.size,
    ...(reply.kind ? { kind: reply.kind } : {}),
    ...(reply.data ? { bytes: Buffer.from(reply.data) } : {}),
  };
}

export class FileThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private readonly stepMs: number;
  /**
   * The descriptors the running thread opened and has not closed. Node closes a thread's
   * descriptors when it ends: one a thread ended with may already be the number of another file
   * (a pipe, a socket), so it is never read nor closed by a later thread.
   */
  private readonly descriptors = new Set<number>();
  /** Descriptors to close, sent with the next step (or on their own once this turn is over). */
  private closing: number[] = [];

  constructor(private readonly options: FileThreadOptions = {}) {
    this.stepMs = options.stepMs ?? FILE_STEP_MS;
  }

  /** Starts the thread now, so the first step does not wait for it (a thread takes tens of ms to start, far more on a busy machine). */
  start(): void {
    this.worker ??= this.launch();
  }

  /**
   * The file at `path` as a call describes it; fails with the system's code (ENOENT...). `whole`:
   * a regular file of at most that many bytes is read whole in the same step.
   */
  async describe(path: string, whole?: number): Promise<DescribedPath> {
    return describedPath((await this.ask({ op: 'describe', path, ...(whole ? { whole } : {}) })) as Extract<Reply, { real: string }>);
  }

  /**
   * Several files described in one step, each as describe() would (`whole` is each one's own); a
   * file that could not be is its FileStepError. The step fails as a whole only when the thread
   * does (it took longer than its bound, or ended).
   */
  async describeMany(files: readonly { path: string; whole?: number | undefined }[]): Promise<(DescribedPath | FileStepError)[]> {
    const asked = files.map(({ path, whole }) => ({ path, ...(whole ? { whole } : {}) }));
    const reply = (await this.ask({ op: 'describeMany', files: asked })) as Extract<Reply, { described: Description[] }>;
    return reply.described.map((one) => ('failed' in one ? new FileStepError(one.failed.message, one.failed.code, one.failed.step) : describedPath(one)));
  }

  /**
   * Up to `length` bytes from `offset` of the file open as `fd`, or of the file at `path`, opened
   * in the same step (never following a link, never waiting) when it is still `identity`.
   */
  async read(from: { fd: number } | { path: string; identity: FileIdentity }, offset: number, length: number): Promise<Read> {
    if ('fd' in from && (!this.worker || !this.descriptors.has(from.fd))) {
      throw new FileStepError('the file thread that opened it ended', 'ended', 'read');
    }
    const asked = 'fd' in from ? { fd: from.fd } : { path: from.path, ...from.identity };
    const worker = (this.worker ??= this.launch());
    const reply = await this.ask({ op: 'read', ...asked, offset, length }).catch((error: unknown) => {
      const fd = error instanceof FileStepError ? error.fd : undefined;
      if (fd !== undefined && this.worker === worker) this.descriptors.add(fd);
      throw error;
    });
    if ('changed' in reply) return { changed: reply.changed };
    // Kept only while the thread that opened it runs (an answer can come as it is abandoned).
    if (this.worker === worker) this.descriptors.add(reply.fd!);
    return { fd: reply.fd!, data: Buffer.from((reply as { data: ArrayBuffer }).data) };
  }

  /**
   * Closes a descriptor a read opened, after the steps before it; nothing waits for it. Sent
   * with the next step, when one comes in this turn (the next call's describe, most often).
   */
  close(fd: number): void {
    // Not the running thread's: closed by Node when the thread that opened it ended.
    if (!this.descriptors.delete(fd)) return;
    this.closing.push(fd);
    if (this.closing.length === 1) setImmediate(() => this.sendClosing());
  }

  /**
   * Ends the thread (not waited for: one held by a file ends only when the file answers); steps
   * under way fail. A later step starts another.
   */
  stop(): void {
    if (this.worker) this.abandon(this.worker, new FileStepError('the plugin stopped', 'stopped'));
  }

  private sendClosing(): void {
    if (this.closing.length > 0) this.worker?.postMessage({ op: 'close', closeFirst: this.closing.splice(0) });
  }

  private ask(asked: { op: string } & Record<string, unknown>): Promise<Reply> {
    const worker = (this.worker ??= this.launch());
    const id = this.nextId++;
    return new Promise<Reply>((settle, fail) => {
      const timer = setTimeout(() => {
        this.abandon(worker, new FileStepTimeout(this.stepMs / 1000));
      }, this.stepMs);
      timer.unref();
      this.waiting.set(id, { worker, settle, fail, timer });
      worker.postMessage({ id, ...asked, ...(this.closing.length > 0 ? { closeFirst: this.closing.splice(0) } : {}) });
    }).then((reply) => {
      if ('failed' in reply) throw new FileStepError(reply.failed.message, reply.failed.code, reply.failed.step, reply.fd);
      return reply;
    });
  }

  private launch(): Worker {
    const worker = new Worker(this.options.script ?? FILE_THREAD_SCRIPT, {
      // Plain JavaScript: none of the host's loaders, none of its environment. The bytes read
      // live outside this heap (they are handed over, not copied).
      execArgv: [],
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    // A thread held by a file must not keep the host from exiting.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting || waiting.worker !== worker) return;
      this.waiting.delete(reply.id);
      clearTimeout(waiting.timer);
      waiting.settle(reply);
    });
    worker.on('error', (error) => this.abandon(worker, new FileStepError(`the file thread failed: ${error.message}`, undefined)));
    worker.on('exit', () => this.abandon(worker, new FileStepError('the file thread ended', undefined)));
    return worker;
  }

  /** Every step of `worker` fails; the next step starts a new thread. A thread held by a file cannot be stopped: it is let go. */
  private abandon(worker: Worker, error: Error): void {
    if (this.worker === worker) {
      this.worker = undefined;
      void worker.terminate();
      // Its descriptors are closed as it ends (a thread held by a file: when the file answers).
      this.descriptors.clear();
      this.closing = [];
    }
    for (const [id, waiting] of this.waiting) {
      if (waiting.worker !== worker) continue;
      this.waiting.delete(id);
      clearTimeout(waiting.timer);
      waiting.fail(error);
    }
  }
}
