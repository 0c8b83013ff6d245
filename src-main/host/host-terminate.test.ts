// processes/terminate through the host with real tools: a tool never ends another tool's process.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost, type Host } from './host';
import { processAlive } from './process/process-group';

const ender = fileURLToPath(new URL('./fixtures/host-ender', import.meta.url));
let scratch: string;
let host: Host;
let platform: SimulatedPlatform;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-terminate-'));
  platform = new SimulatedPlatform();
  host = await createHost({ dataFolder: join(scratch, 'app'), platform, services: 'simulated' });
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const until = async <T>(check: () => Promise<T | undefined>, what: string): Promise<T> => {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`never happened: ${what}`);
};
const logLine = (id: string, pattern: RegExp) =>
  until(async () => (await host.readLog(id)).find((line) => pattern.test(line.message))?.message, `${id} logs ${pattern}`);

/** Installs a copy of the fixture under `id` and resolves with its pid and its child's. */
async function installEnder(id: string): Promise<[number, number]> {
  const folder = join(scratch, id);
  await cp(ender, folder, { recursive: true });
  const file = join(folder, 'vitruvian-tool.json');
  await writeFile(file, (await readFile(file, 'utf8')).replace('"test.host.ender"', JSON.stringify(id)));
  expect((await host.installFolder(folder)).ok).toBe(true);
  const [, pid, child] = (await logLine(id, /^pids: /)).match(/(\d+) (\d+)/)!;
  return [Number(pid), Number(child)];
}

const endFrom = async (id: string, target: number) => {
  expect(await host.setPreference(id, 'target', target)).toEqual({ ok: true });
  expect(await host.runCommand(id, 'end')).toEqual({ outcome: 'done' });
  return logLine(id, new RegExp(`^end ${target}: `));
};

it('refuses a tool ending another tool or a process in its group, and lets it end any other process of the person', async () => {
  const [first, firstChild] = await installEnder('test.host.first');
  await installEnder('test.host.second');
  expect(await endFrom('test.host.second', first)).toBe(
    `end ${first}: error -32004 process ${first}: belongs to the tool "test.host.first"; a tool cannot end another tool's processes`,
  );
  expect(await endFrom('test.host.second', firstChild)).toBe(
    `end ${firstChild}: error -32004 process ${firstChild}: belongs to the tool "test.host.first"; a tool cannot end another tool's processes`,
  );
  expect(platform.calls).toEqual([]);
  expect(processAlive(first) && processAlive(firstChild)).toBe(true);

  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    expect(await endFrom('test.host.second', other.pid!)).toBe(`end ${other.pid}: {}`);
    expect(platform.calls).toEqual([{ method: 'terminateProcess', args: [other.pid] }]);
  } finally {
    other.kill('SIGKILL');
  }
});
