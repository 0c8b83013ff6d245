// Module plugins (WebAssembly components run in a worker), measured against the same transpiled
// component in the same run. (a) A `call` round trip through the host (callPlugin: the queue, the
// call's files described and handed to the worker, the hop to it, each `read` served there, the
// reads told back in batches and traced, the answer checks) against calling the component directly
// on the main thread with a read import served by fs.readSync: the cost of containing it. Two files:
// 1 KiB (one read a call) and 4 MiB (64 reads of 64 KiB). Pairs of batches, each side first in every
// other pair, judged on the median of the pairs' ratios: within 3x on 1 KiB, 1.5x on 4 MiB
// (docs/design/performance.md). `round-trip` as the argument runs (a) alone. (b) The memory of an
// idle module plugin (its worker and instantiated component) through the host, against bare
// workers that instantiate the same component; each side in a fresh Node process with --expose-gc,
// its numbers sent back over IPC. No target is set for (b).
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHost, type Host } from '../src-main/host/host';
import { jcoWorkers } from '../src-main/host/plugins/module/component-tools';
import { transpiledModule } from '../src-main/host/plugins/module/module-transpile';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { best, inPairs, median } from './measure/pairs';

const here = fileURLToPath(new URL('.', import.meta.url));
const sample = join(here, '..', 'tools-sample', 'skwir-lines');
const sampleId = 'dev.vitruvian.samples.skwir-lines';
const IDLE_PLUGINS = 20;
const IDLE_MS = 4_000;
const MB = 1024 ** 2;
/** Pairs of batches, each side first in every other pair. */
const PAIRS = 9;

const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

async function withHost<T>(dataFolder: string, use: (host: Host) => Promise<T>): Promise<T> {
  const host = await createHost({ dataFolder, platform: new SimulatedPlatform(), services: 'simulated' });
  try {
    return await use(host);
  } finally {
    await host.dispose();
  }
}

/** Milliseconds a call, over a batch of `calls`. */
async function batch(calls: number, once: () => Promise<void> | void): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await once();
  return (performance.now() - start) / calls;
}

/** The transpiled component instantiated on this thread, its read served straight from the file. */
async function directComponent(cacheFolder: string, path: string) {
  const module = await transpiledModule(join(sample, 'plugin.wasm'), cacheFolder);
  const bindings = (await import(pathToFileURL(module.script).href)) as {
    instantiate(getCoreModule: (name: string) => Promise<WebAssembly.Module>, imports: object): Promise<{ call(method: string, params: string): string }>;
  };
  const fd = openSync(path, 'r');
  const logged: string[] = [];
  const component = await bindings.instantiate(async (name) => WebAssembly.compile(await readFile(join(module.folder, name))), {
    read: {
      default(_file: number, offset: bigint, length: number) {
        const buffer = Buffer.allocUnsafe(Math.min(length, 4 * MB));
        return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, Number(offset)));
      },
    },
    log: { default: (_level: string, message: string) => void logged.splice(0, logged.length, message) },
  });
  const params = JSON.stringify({ key: 'lines.count', file: { handle: 1, name: 'file.txt', path } });
  return { call: () => JSON.parse(component.call('field', params)) as { value: number }, close: () => closeSync(fd) };
}

/**
 * What a hop to a worker costs at least: the same component in a bare worker, each call posted to
 * it and its answer posted back; the file opened (links resolved, its size read) and closed each
 * call, its reads served by fs.readSync, its log line posted to the main thread as it comes.
 */
const BARE_HOP_WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { closeSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
const { instantiate } = await import(workerData.script);
let fd;
const component = await instantiate(async (name) => WebAssembly.compile(await readFile(join(workerData.folder, name))), {
  read: { default(_file, offset, length) { const bytes = Buffer.allocUnsafe(Math.min(length, 4194304)); return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, Number(offset))); } },
  log: { default: (level, message) => parentPort.postMessage({ level, message }) },
});
parentPort.on('message', ({ id, path, params }) => {
  fd = openSync(realpathSync.native(path), 'r');
  fstatSync(fd, { bigint: true });
  try {
    parentPort.postMessage({ id, text: component.call('field', params) });
  } finally {
    closeSync(fd);
  }
});
parentPort.postMessage({ ready: true });
`;

/** The component in a bare worker (BARE_HOP_WORKER), called on `path` one call at a time. */
async function bareHop(scratch: string, path: string) {
  const module = await transpiledModule(join(sample, 'plugin.wasm'), join(scratch, 'bare-cache'));
  const script = join(scratch, 'bare-hop.mjs');
  await writeFile(script, BARE_HOP_WORKER);
  const worker = new Worker(script, { workerData: { script: pathToFileURL(module.script).href, folder: module.folder }, execArgv: [] });
  await new Promise((resolve) => worker.once('message', resolve));
  const params = JSON.stringify({ key: 'lines.count', file: { handle: 1, name: 'file.txt', path } });
  let answered: ((text: string) => void) | undefined;
  worker.on('message', (message: { id?: number; text?: string }) => message.id !== undefined && answered?.(message.text!));
  let id = 0;
  return {
    call: () =>
      new Promise<{ value: number }>((resolve) => {
        answered = (text) => resolve(JSON.parse(text) as { value: number });
        worker.postMessage({ id: ++id, path, params });
      }),
    close: () => worker.terminate(),
  };
}

const CASES = [
  { what: '1 KiB, one read', size: 1024, calls: 400, target: 3 },
  { what: '4 MiB, 64 reads of 64 KiB', size: 4 * MB, calls: 20, target: 1.5 },
] as const;

async function benchRoundTrip(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-module-'));
  try {
    console.log(`module plugin call round trip (skwir-lines, field lines.count), ${PAIRS} pairs of batches taken in turn, judged on the pairs' median:`);
    await withHost(join(scratch, 'host'), async (host) => {
      const loaded = await host.loadInPlace(sample);
      if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('; '));
      for (const { what, size, calls, target } of CASES) {
        const path = join(scratch, `file-${size}.txt`);
        await writeFile(path, Buffer.alloc(size, 'x\n'));
        const expected = size / 2;
        const direct = await directComponent(join(scratch, 'direct-cache'), path);
        const throughHost = async () => {
          const outcome = await host.callPlugin(sampleId, { method: 'field', params: { key: 'lines.count' }, files: [path] });
          if (outcome.outcome !== 'answered' || outcome.answer.value !== expected) throw new Error(`field: ${JSON.stringify(outcome)}`);
        };
        const directly = () => {
          if (direct.call().value !== expected) throw new Error('the component counted wrong');
        };
        // Warmed: the worker started, both sides' code compiled.
        await batch(calls, throughHost);
        await batch(calls, directly);
        const pairs = await inPairs(
          PAIRS,
          () => batch(calls, throughHost),
          () => batch(calls, directly),
        );
        const bare = await bareHop(scratch, path);
        const hop = async () => {
          if ((await bare.call()).value !== expected) throw new Error('the bare worker counted wrong');
        };
        await batch(calls, hop);
        const hops = await inPairs(
          PAIRS,
          () => batch(calls, hop),
          () => batch(calls, directly),
        );
        await bare.close();
        direct.close();
        const [hostMs, directMs] = [best(pairs.host), best(pairs.peer)];
        console.log(
          `  ${what}: through the host ${us(hostMs)} (median ${us(median(pairs.host))}), direct on the main thread ${us(directMs)} (median ${us(median(pairs.peer))}); ` +
            `best ${(hostMs / directMs).toFixed(2)}x (+${us(hostMs - directMs)} a call), pairs' median ${pairs.paired.toFixed(2)}x ` +
            `(target within ${target}x: ${pairs.paired <= target ? 'met' : 'NOT MET'})`,
        );
        console.log(
          `    what a hop costs at least, no target: a bare worker (the file opened each call, the log posted) ${us(best(hops.host))} (median ${us(median(hops.host))}), ` +
            `pairs' median ${hops.paired.toFixed(2)}x the direct call in its own pairs`,
        );
      }
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// ---- (b) memory, each side in a process of its own ----

interface Measured {
  start: number;
  end: number;
  running: number;
}

function resident(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

/** Copies of the sample, each with an id of its own. */
async function sampleCopies(scratch: string, count: number): Promise<{ folder: string; id: string }[]> {
  const copies = [];
  for (let i = 0; i < count; i++) {
    const folder = join(scratch, `lines-${i}`);
    await cp(sample, folder, { recursive: true });
    const toml = join(folder, 'skwir-plugin.toml');
    await writeFile(toml, (await readFile(toml, 'utf8')).replace(sampleId, `bench.lines.p${i}`));
    copies.push({ folder, id: `bench.lines.p${i}` });
  }
  return copies;
}

async function idleHost(scratch: string): Promise<Measured> {
  const file = join(scratch, 'a.txt');
  await writeFile(file, 'a\n');
  const copies = await sampleCopies(scratch, IDLE_PLUGINS + 1);
  return withHost(join(scratch, 'host'), async (host) => {
    const ask = async ({ folder, id }: { folder: string; id: string }) => {
      if (!(await host.listTools()).some((tool) => tool.id === id) && !(await host.loadInPlace(folder)).ok) throw new Error(`${folder} was refused`);
      const outcome = await host.callPlugin(id, { method: 'field', params: { key: 'lines.count' }, files: [file] });
      if (outcome.outcome !== 'answered') throw new Error(`${id}: ${JSON.stringify(outcome)}`);
    };
    await ask(copies[0]!); // the code paths loaded once
    // Each copy transpiled once and stopped: the cost measured is an idle plugin's, not a first run's.
    for (const copy of copies.slice(1)) {
      await ask(copy);
      await host.stop(copy.id);
    }
    // jco's worker, kept a while for more transpiles, ended first: it is no idle plugin's cost.
    while (jcoWorkers().kept) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const start = resident();
    for (const copy of copies.slice(1)) await ask(copy);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const running = (await host.listTools()).filter((tool) => tool.state === 'running').length - 1;
    return { start, end: resident(), running };
  });
}

const BARE_WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
const { instantiate } = await import(workerData.script);
await instantiate(async (name) => WebAssembly.compile(await readFile(join(workerData.folder, name))), {
  read: { default: () => new Uint8Array() }, log: { default: () => {} },
});
parentPort.postMessage('ready');
parentPort.on('message', () => {}); // kept alive, as the host's worker waits for calls
`;

async function idleBare(scratch: string): Promise<Measured> {
  const module = await transpiledModule(join(sample, 'plugin.wasm'), join(scratch, 'cache'));
  const script = join(scratch, 'bare-worker.mjs');
  await writeFile(script, BARE_WORKER);
  const workerData = { script: pathToFileURL(module.script).href, folder: module.folder };
  const start1 = async () => {
    const worker = new Worker(script, { workerData, execArgv: [] });
    await new Promise((resolve) => worker.once('message', resolve));
    return worker;
  };
  const workers = [await start1()];
  const start = resident();
  for (let i = 0; i < IDLE_PLUGINS; i++) workers.push(await start1());
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const end = resident();
  await Promise.all(workers.map((worker) => worker.terminate()));
  return { start, end, running: workers.length - 1 };
}

function runSide(side: 'idle-host' | 'idle-bare'): Promise<Measured> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), side], {
    cwd: join(here, '..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let measured: Measured | undefined;
    child.on('message', (message) => (measured = message as Measured));
    child.on('exit', (code) => (measured ? resolve(measured) : reject(new Error(`the ${side} side ended (exit code ${code}) without its numbers`))));
  });
}

async function benchIdleMemory(): Promise<void> {
  const bare = await runSide('idle-bare');
  const host = await runSide('idle-host');
  if (host.running !== IDLE_PLUGINS) throw new Error(`only ${host.running} of ${IDLE_PLUGINS} module plugins were running`);
  const per = (m: Measured) => `${((m.end - m.start) / IDLE_PLUGINS / MB).toFixed(2)} MB`;
  console.log(`memory of ${IDLE_PLUGINS} idle module plugins (added to one already running, then idle ${IDLE_MS / 1000} s), resident size after a collection:`);
  console.log(`  through the host ${per(host)} a plugin; bare workers instantiating the same component ${per(bare)} a worker`);
}

const side = process.argv[2];
if (side === 'idle-host' || side === 'idle-bare') {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-module-idle-'));
  try {
    process.send!(await (side === 'idle-host' ? idleHost : idleBare)(scratch));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
} else {
  await benchRoundTrip();
  // `round-trip`: the calls alone (to profile them).
  if (side !== 'round-trip') await benchIdleMemory();
}
