// jco's workers as the host uses them: tasks in a row on one kept worker, tasks asked at once each
// answered with its own answer, a failed task answered on one line with the next on a fresh
// worker, a process with no more work not kept alive by the waiting worker; and, with a stand-in
// for jco that can be made to hold its thread, a task that waited too long for the kept worker
// run on one of its own, and a task past its bound failed with its worker ended.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentWorld, JcoWorkers, jcoWorkers, transpileComponent } from './component-tools';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const sampleWasm = fileURLToPath(new URL('../../../../tools-sample/skwir-lines/plugin.wasm', import.meta.url));

const byName = (files: Record<string, Uint8Array>) =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]));

describe("jco's worker", () => {
  it('runs tasks in a row on one worker, the same transpile twice alike, and keeps it for the next', async () => {
    const component = await readFile(sampleWasm);
    expect(await componentWorld(component)).toContain('export call: func');
    const before = jcoWorkers().started;
    const first = await transpileComponent(component, 'plugin');
    const again = await transpileComponent(component, 'plugin');
    expect(Object.keys(first)).toContain('plugin.js');
    expect(byName(again)).toEqual(byName(first));
    expect(jcoWorkers()).toEqual({ started: before, kept: true });
  });

  it('answers tasks asked at once each with its own answer', async () => {
    const component = await readFile(sampleWasm);
    const [first, world, second] = await Promise.all([
      transpileComponent(component, 'plugin'),
      componentWorld(component),
      transpileComponent(component, 'other'),
    ]);
    expect(world).toContain('export call: func');
    // Named differently, otherwise the same: neither was made of the other's leftovers.
    expect(Buffer.from(second['other.js']!).toString('utf8').replaceAll('other.', 'plugin.')).toBe(Buffer.from(first['plugin.js']!).toString('utf8'));
  });

  it('fails a task on one line naming what jco said, and runs the next on a fresh worker', async () => {
    const component = await readFile(sampleWasm);
    await componentWorld(component);
    const before = jcoWorkers().started;
    const failed = await transpileComponent(Buffer.from('not a component'), 'plugin').catch((error: Error) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).not.toContain('\n');
    expect((failed as Error).message.length).toBeGreaterThan(0);
    expect(jcoWorkers().kept).toBe(false);
    expect(await componentWorld(component)).toContain('export call: func');
    expect(jcoWorkers()).toEqual({ started: before + 1, kept: true });
  });

  it('keeps no process alive while it waits for work: the process ends with its work, the worker still kept', async () => {
    // The process tells, as it exits, whether jco's worker was still kept: it was, if the process
    // ended of itself with its work done rather than when the waiting worker ended.
    const script = [
      "import { readFileSync } from 'node:fs';",
      "import { jcoWorkers, transpileComponent } from './src-main/host/plugins/module/component-tools.ts';",
      `const files = await transpileComponent(readFileSync(${JSON.stringify(sampleWasm)}), 'plugin');`,
      "process.on('exit', () => console.log(JSON.stringify({ files: Object.keys(files).length, ...jcoWorkers() })));",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repository, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ started: 1, kept: true, files: expect.any(Number) });
  });
});

describe("jco's workers, with a stand-in for jco that can hold its thread", () => {
  // What jco does to its thread, on demand: `hold` blocks it for `ms` (jco's transpile is
  // synchronous WebAssembly), `echo` answers at once; each answer says which thread gave it.
  const standIn = `
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, task, options }) => {
  if (task === 'hold') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, options.ms);
  parentPort.postMessage({ id, threadId });
});
`;
  let folder: string;
  let script: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vitruvian-jco-'));
    script = join(folder, 'stand-in.mjs');
    await writeFile(script, standIn);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));
  const none = new Uint8Array();

  it('runs a task that waited past its wait for the kept worker on a worker of its own, ended with it', async () => {
    const workers = new JcoWorkers(script, { idleMs: 60_000, taskMs: 60_000, waitMs: 100 });
    const holding = workers.run<{ threadId: number }>({ task: 'hold', bytes: none, options: { ms: 1_500 } });
    const echoed = await workers.run<{ threadId: number }>({ task: 'echo', bytes: none });
    const held = await holding;
    expect(echoed.threadId).not.toBe(held.threadId);
    expect(workers.state).toEqual({ started: 2, kept: true });
    // The kept worker serves the next task.
    expect((await workers.run<{ threadId: number }>({ task: 'echo', bytes: none })).threadId).toBe(held.threadId);
    expect(workers.state).toEqual({ started: 2, kept: true });
  });

  it('fails a task past its bound naming it, ends that worker, and runs the next on a fresh one', async () => {
    // The bound counts the worker's start too: wide enough for a thread to start on a busy machine.
    const workers = new JcoWorkers(script, { idleMs: 60_000, taskMs: 5_000, waitMs: 60_000 });
    const first = await workers.run<{ threadId: number }>({ task: 'echo', bytes: none });
    const held = await workers.run({ task: 'hold', bytes: none, options: { ms: 600_000 } }).catch((error: Error) => error);
    expect(held).toEqual(new Error('jco took longer than 5 s'));
    expect(workers.state).toEqual({ started: 1, kept: false });
    const next = await workers.run<{ threadId: number }>({ task: 'echo', bytes: none });
    expect(next.threadId).not.toBe(first.threadId);
    expect(workers.state).toEqual({ started: 2, kept: true });
  });
});
