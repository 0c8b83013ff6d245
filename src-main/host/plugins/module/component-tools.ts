// The Bytecode Alliance's jco, as a library (@bytecodealliance/jco-transpile: the transpiler and
// wasm-tools that the jco CLI itself runs): the one place that uses it, loaded on first use so the
// host pays for it only when a module plugin is installed or run (judging and transpiling a
// component in a worker of its own, component-transpile-worker.mjs, kept for the tasks that follow
// and ended when none came for a while). Its errors come back as Errors with a one-line message.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script';

type WasmTools = typeof import('@bytecodealliance/jco-transpile/wasm-tools');

let wasmTools: Promise<WasmTools> | undefined;

let version: string | undefined;

/** Set by the Electron bundle (bundle.ts), which ships jco-transpile inside it, without its package.json. */
declare const VITRUVIAN_JCO_TRANSPILE_VERSION: string | undefined;

/** jco-transpile's own version: a transpile it made is redone when it changes. Read when first asked. */
export function jcoTranspileVersion(): string {
  if (typeof VITRUVIAN_JCO_TRANSPILE_VERSION === 'string') return VITRUVIAN_JCO_TRANSPILE_VERSION;
  version ??= readJcoTranspileVersion();
  return version;
}

/** The version in jco-transpile's package.json: its exports do not name the file, found beside its entry (dist/index.js). */
export function readJcoTranspileVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@bytecodealliance/jco-transpile');
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

const oneLine = (error: unknown): Error => {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(
    message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('; '),
  );
};

/** Runs `use` with jco's wasm-tools, loaded on first use; what it throws comes back on one line. */
async function withTools<T>(use: (tools: WasmTools) => Promise<T>): Promise<T> {
  wasmTools ??= import('@bytecodealliance/jco-transpile/wasm-tools');
  const tools = await wasmTools;
  try {
    return await use(tools);
  } catch (error) {
    throw oneLine(error);
  }
}

/**
 * The WIT of a component's world; rejects naming what is wrong when the bytes are not a component.
 * Read in jco's worker, as a transpile is: jco's tools weigh tens of megabytes, and the host that
 * judges a folder at install would otherwise hold them for as long as it runs.
 */
export async function componentWorld(bytes: Uint8Array): Promise<string> {
  const answer = await inWorker<{ world?: string }>({ task: 'world', bytes });
  if (answer.world === undefined) throw new Error("jco's wasm-tools gave no world");
  return answer.world;
}

/** A component made of WAT text (a core module) for the world in `wit` (the templates and the sample). */
export const componentFromWat = (wat: string, wit: string, world: string): Promise<Uint8Array> =>
  withTools(async (tools) => {
    const embedded = await tools.componentEmbed({ binary: await tools.parse(wat), witSource: wit, world });
    return tools.componentNew(embedded, undefined);
  });

/** A core module, or a component, made of its WAT text (tests). */
export const binaryFromWat = (wat: string): Promise<Uint8Array> => withTools((tools) => tools.parse(wat));

/** What transpiling gives: the files by name (one JavaScript module, its core modules). */
export type TranspiledFiles = Record<string, Uint8Array>;

const TRANSPILE_WORKER = workerScript('./component-transpile-worker.mjs', import.meta.url);

/**
 * A component turned into JavaScript by jco, instantiated by the caller with its own imports
 * (`instantiation: 'async'`: the module exports `instantiate(getCoreModule, imports)`). Done in
 * jco's worker thread, so the host's thread goes on meanwhile.
 */
export async function transpileComponent(bytes: Uint8Array, name: string): Promise<TranspiledFiles> {
  // Every core module as a file of its own (none inlined as base64), so each goes through the
  // caller's getCoreModule; an `err` result thrown as its payload itself, not wrapped.
  const options = { name, instantiation: 'async', base64Cutoff: 0, noComponentErrorWrapping: true, emitTypescriptDeclarations: false };
  const answer = await inWorker<{ files?: TranspiledFiles }>({ task: 'transpile', bytes, options });
  if (!answer.files) throw new Error('the transpiler gave no files');
  return answer.files;
}

export type JcoTask = { task: string; bytes: Uint8Array; options?: object };

export interface JcoWorkerTimes {
  /**
   * After its last task, the kept worker waits this long for another, then ends and gives back
   * jco's memory. Loaded once, jco transpiles the next component in a tenth of the time the first
   * took: judging and transpiling several module plugins (a start after an update of jco) pays for
   * loading it once.
   */
  idleMs: number;
  /** A task that takes longer fails and ends its worker: a 12 MB component took 2 s. */
  taskMs: number;
  /**
   * A task waits this long at most for the kept worker's task before it; past that it runs in a
   * worker of its own, ended with it: a component that holds jco up delays no other plugin's
   * install or start for longer.
   */
  waitMs: number;
}

const JCO_TIMES: JcoWorkerTimes = { idleMs: 10_000, taskMs: 120_000, waitMs: 3_000 };

/**
 * jco's workers: one kept for the tasks that follow each other, in the order asked, and one of its
 * own for a task that waited too long for it. A task that fails (jco's error, a crash, past its
 * bound) ends its worker, so no task runs on a jco left in whatever state the failure left it. A
 * worker waiting for work keeps no process alive (the CLI exits when its work is done).
 */
export class JcoWorkers {
  private kept: Worker | undefined;
  /** Settles when the kept worker's task ends; undefined while it waits for one. */
  private busy: Promise<void> | undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private started = 0;

  constructor(
    private readonly script: URL | string,
    private readonly times: JcoWorkerTimes = JCO_TIMES,
  ) {}

  /** Workers started so far, and whether one is kept now (waiting for work, or working). */
  get state(): { started: number; kept: boolean } {
    return { started: this.started, kept: this.kept !== undefined };
  }

  async run<T extends object>(task: JcoTask): Promise<T> {
    let late: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<false>((resolve) => (late = setTimeout(() => resolve(false), this.times.waitMs)));
    try {
      while (this.busy) {
        if (!(await Promise.race([this.busy.then(() => true), waited]))) return await this.runOn<T>(this.start(), task, false);
      }
    } finally {
      clearTimeout(late);
    }
    clearTimeout(this.idle);
    const worker = (this.kept ??= this.start());
    let free!: () => void;
    this.busy = new Promise((resolve) => (free = resolve));
    try {
      return await this.runOn<T>(worker, task, true);
    } finally {
      this.busy = undefined;
      free();
    }
  }

  /** The task on `worker`; `keep`: the worker is kept for the next (unless the task failed), else ended with it. */
  private async runOn<T extends object>(worker: Worker, task: JcoTask, keep: boolean): Promise<T> {
    worker.ref();
    const id = this.nextId++;
    let failed = true;
    try {
      const answer = await new Promise<T & { error?: string }>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        };
        const onMessage = (message: T & { id: number; error?: string }) => {
          if (message.id !== id) return;
          done();
          resolve(message);
        };
        const onError = (error: Error) => {
          done();
          reject(error);
        };
        const onExit = (code: number) => {
          done();
          reject(new Error(`jco's worker ended (code ${code})`));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`jco took longer than ${this.times.taskMs / 1000} s`));
        }, this.times.taskMs);
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        worker.postMessage({ id, ...task });
      });
      if (answer.error !== undefined) throw new Error(answer.error);
      failed = false;
      return answer;
    } catch (error) {
      throw oneLine(error);
    } finally {
      if (failed || !keep || this.kept !== worker) this.end(worker);
      else {
        worker.unref();
        this.idle = setTimeout(() => this.end(worker), this.times.idleMs);
        this.idle.unref();
      }
    }
  }

  private start(): Worker {
    this.started++;
    const worker = new Worker(this.script, { execArgv: [], env: {} });
    // A failure is the task's (runOn); one while it waits must not be thrown at the host.
    worker.on('error', () => undefined);
    // Ended whenever (a crash while it waits): the next task starts another.
    worker.once('exit', () => {
      if (this.kept === worker) this.kept = undefined;
    });
    return worker;
  }

  private end(worker: Worker): void {
    if (this.kept === worker) this.kept = undefined;
    void worker.terminate();
  }
}

const jco = new JcoWorkers(TRANSPILE_WORKER);

/** How many of jco's workers this process started, and whether one is kept now (waiting for work, or working). */
export const jcoWorkers = (): { started: number; kept: boolean } => jco.state;

/** One task of jco's, in its worker; its answer, or its error on one line. */
const inWorker = <T extends object>(task: JcoTask & { task: 'world' | 'transpile' }): Promise<T> => jco.run<T>(task);
