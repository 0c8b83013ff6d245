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

/**
 * After its last task, jco's worker waits this long for another, then ends and gives back jco's
 * memory. Loaded once, jco transpiles the next component in a tenth of the time the first took:
 * judging and transpiling several module plugins (a start after an update of jco) pays for
 * loading it once.
 */
const JCO_IDLE_MS = 10_000;
/** A task that takes longer fails and ends the worker (the next starts another): a 12 MB component took 2 s. */
const JCO_TASK_MS = 120_000;

type JcoTask = { task: 'world' | 'transpile'; bytes: Uint8Array; options?: object };

/**
 * jco's worker: one task at a time, in the order asked. A task that fails (jco's error, a crash, past
 * its bound) ends the worker, so no task runs on a jco left in whatever state the failure left it.
 * While it waits for work the worker keeps no process alive (the CLI exits when its work is done).
 */
class JcoWorker {
  private worker: Worker | undefined;
  private line: Promise<unknown> = Promise.resolve();
  private idle: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private started = 0;

  run<T extends object>(task: JcoTask): Promise<T> {
    const turn = this.line.then(() => this.runNow<T>(task));
    this.line = turn.catch(() => undefined);
    return turn;
  }

  private async runNow<T extends object>(task: JcoTask): Promise<T> {
    clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    worker.ref();
    const id = this.nextId++;
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
          reject(new Error(`jco took longer than ${JCO_TASK_MS / 1000} s`));
        }, JCO_TASK_MS);
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        worker.postMessage({ id, ...task });
      });
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer;
    } catch (error) {
      this.end(worker);
      throw oneLine(error);
    } finally {
      if (this.worker === worker) {
        worker.unref();
        this.idle = setTimeout(() => this.end(worker), JCO_IDLE_MS);
        this.idle.unref();
      }
    }
  }

  /** Workers started so far, and whether one runs now (tests). */
  get state(): { started: number; running: boolean } {
    return { started: this.started, running: this.worker !== undefined };
  }

  private start(): Worker {
    this.started++;
    const worker = new Worker(TRANSPILE_WORKER, { execArgv: [], env: {} });
    // A failure is the task's (runNow); one while it waits must not be thrown at the host.
    worker.on('error', () => undefined);
    // Ended whenever (a crash while it waits): the next task starts another.
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }

  private end(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }
}

const jco = new JcoWorker();

/** How many of jco's workers this process started, and whether one runs now (waiting for work, or working). */
export const jcoWorkers = (): { started: number; running: boolean } => jco.state;

/** One task of jco's, in its worker; its answer, or its error on one line. */
const inWorker = <T extends object>(task: JcoTask): Promise<T> => jco.run<T>(task);
