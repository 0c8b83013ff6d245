// jco's worker as the host uses it: the tasks asked at once answered each with its own answer, one
// worker for the tasks that follow each other, a failed task answered on one line with the next
// task on a fresh worker, and a process that has no more work not kept alive by the waiting worker.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { componentWorld, jcoWorkers, transpileComponent } from './component-tools';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const sampleWasm = fileURLToPath(new URL('../../../../tools-sample/skwir-lines/plugin.wasm', import.meta.url));

describe("jco's worker", () => {
  it('answers tasks asked at once each with its own answer, on one worker, the same transpile twice alike', async () => {
    const component = await readFile(sampleWasm);
    const before = jcoWorkers().started;
    const [first, world, second] = await Promise.all([
      transpileComponent(component, 'plugin'),
      componentWorld(component),
      transpileComponent(component, 'other'),
    ]);
    expect(world).toContain('export call: func');
    expect(Object.keys(first).sort()).toContain('plugin.js');
    expect(Object.keys(second).sort()).toContain('other.js');
    // Named differently, otherwise the same: the second transpile was not made of the first's leftovers.
    expect(Buffer.from(second['other.js']!).toString('utf8').replaceAll('other.', 'plugin.')).toBe(Buffer.from(first['plugin.js']!).toString('utf8'));
    const again = await transpileComponent(component, 'plugin');
    expect(Object.fromEntries(Object.entries(again).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]))).toEqual(
      Object.fromEntries(Object.entries(first).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')])),
    );
    expect(jcoWorkers()).toEqual({ started: before + 1, running: true });
  });

  it('fails a task on one line naming what jco said, and runs the next on a fresh worker', async () => {
    const component = await readFile(sampleWasm);
    await componentWorld(component);
    const before = jcoWorkers().started;
    const failed = await transpileComponent(Buffer.from('not a component'), 'plugin').catch((error: Error) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).not.toContain('\n');
    expect((failed as Error).message.length).toBeGreaterThan(0);
    expect(jcoWorkers().running).toBe(false);
    expect(await componentWorld(component)).toContain('export call: func');
    expect(jcoWorkers()).toEqual({ started: before + 1, running: true });
  });

  it('keeps no process alive while it waits for work: the process ends with its work, the worker still waiting', async () => {
    // The process tells, as it exits, whether jco's worker was still waiting for work: it was, if
    // the process ended of itself with its work done rather than when the waiting worker ended.
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
    expect(JSON.parse(out)).toMatchObject({ started: 1, running: true, files: expect.any(Number) });
  });
});
