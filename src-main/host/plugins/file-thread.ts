// A plugin's own thread for the files of its calls (file-thread-worker.mjs): opened, read and closed
// there, each step bounded in time. Node's file functions share a pool of four threads with the
// whole host (its storage, installs, the test bed's page); a file that never answers would hold one
// of them for good, and four would stop the host. Here it holds this plugin's thread only: past the
// bound the step fails, the thread is left to its fate and the next step starts a new one.
import { Worker } from 'node:worker_threads';
import { workerScript } from './worker-script';

const FILE_THREAD_SCRIPT = workerScript('./file-thread-worker.mjs', import.meta.url);

/** A step (open, read, close) that takes longer fails: a regular file answers in far less, even from a slow disk. */
export const FILE_STEP_MS = 15_000;

/** The file as the call was described with it: a descriptor opened later must be this one. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

export type Opened = { fd: number } | { changed: string };

/** A step failed: `code` is the system's (ENOENT...), or 'timeout' when it took longer than its bound. */
export class FileStepError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type Reply = { id: number } & (
  { fd: number } | { changed: string } | { data: ArrayBuffer } | { closed: true } | { failed: { code?: string; message: string } }
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

export class FileThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private readonly stepMs: number;

  constructor(private readonly options: FileThreadOptions = {}) {
    this.stepMs = options.stepMs ?? FILE_STEP_MS;
  }

  /** Starts the thread now, so the first step does not wait for it (a thread takes tens of ms to start, far more on a busy machine). */
  start(): void {
    this.worker ??= this.launch();
  }

  async open(path: string, identity: FileIdentity): Promise<Opened> {
    const reply = await this.ask({ op: 'open', path, ...identity });
    return 'fd' in reply ? { fd: reply.fd } : { changed: (reply as { changed: string }).changed };
  }

  async read(fd: number, offset: number, length: number): Promise<Buffer> {
    const reply = (await this.ask({ op: 'read', fd, offset, length })) as { data: ArrayBuffer };
    return Buffer.from(reply.data);
  }

  async close(fd: number): Promise<void> {
    await this.ask({ op: 'close', fd });
  }

  /**
   * Ends the thread (not waited for: one held by a file ends only when the file answers); steps
   * under way fail. A later step starts another.
   */
  stop(): void {
    if (this.worker) this.abandon(this.worker, new FileStepError('the plugin stopped', 'stopped'));
  }

  private ask(asked: { op: string } & Record<string, unknown>): Promise<Reply> {
    const worker = (this.worker ??= this.launch());
    const id = this.nextId++;
    return new Promise<Reply>((settle, fail) => {
      const timer = setTimeout(() => {
        const seconds = this.stepMs / 1000;
        this.abandon(worker, new FileStepError(`the file gave no answer within ${seconds} s`, 'timeout'));
      }, this.stepMs);
      timer.unref();
      this.waiting.set(id, { worker, settle, fail, timer });
      worker.postMessage({ id, ...asked });
    }).then((reply) => {
      if ('failed' in reply) throw new FileStepError(reply.failed.message, reply.failed.code);
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
    }
    for (const [id, waiting] of this.waiting) {
      if (waiting.worker !== worker) continue;
      this.waiting.delete(id);
      clearTimeout(waiting.timer);
      waiting.fail(error);
    }
  }
}
