// docs/design/performance.md: 50 tools running at once through one host, each a real process. Every one
// starts, runs a command that makes a service round trip, and nothing of them outlives dispose().
// (What they cost in memory is measured in bench/memory.ts, not asserted here.)
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost, type Host } from './host';
import { processAlive } from './process/process-group';

const fixture = fileURLToPath(new URL('./fixtures/host-many', import.meta.url));
const COUNT = 50;
const ids = Array.from({ length: COUNT }, (_, i) => `test.many.t${i}`);

let scratch: string;
let host: Host | undefined;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-many-'));
});
afterEach(async () => {
  await host?.dispose();
  host = undefined;
  await rm(scratch, { recursive: true, force: true });
});

/** The fixture folder copied under each id: 50 distinct tools. */
async function toolFolders(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(fixture, 'vitruvian-tool.json'), 'utf8')) as Record<string, unknown>;
  return Promise.all(
    ids.map(async (id) => {
      const folder = join(scratch, 'folders', id);
      await cp(fixture, folder, { recursive: true });
      await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify({ ...manifest, id, name: { en: `Tool ${id}` } }));
      return folder;
    }),
  );
}

/** The pid the host logged when the tool started ("started (pid N, ...)"). */
async function pidOf(id: string): Promise<number> {
  const line = (await host!.readLog(id)).find((l) => l.source === 'host' && /^started \(pid \d+/.test(l.message));
  if (!line) throw new Error(`${id} logged no start`);
  return Number(/pid (\d+)/.exec(line.message)![1]);
}

it('runs 50 tools at once: each starts, runs a command with a service round trip, and is gone after dispose', async () => {
  const folders = await toolFolders();
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
  for (const folder of folders) {
    const verdict = await host.installFolder(folder);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  }

  // Each is started at install (a launch tool); start() waits for the start under way.
  const started = await Promise.all(ids.map((id) => host!.start(id)));
  expect(started).toEqual(ids.map(() => ({ ok: true })));
  const tools = await host.listTools();
  expect(tools.map((t) => [t.id, t.state]).sort()).toEqual(ids.map((id) => [id, 'running']).sort());

  const pids = await Promise.all(ids.map(pidOf));
  expect(new Set(pids).size).toBe(COUNT);
  expect(pids.every(processAlive)).toBe(true);

  // All at once: the tool answers done only when its clipboard/writeText call was answered.
  const outcomes = await Promise.all(ids.map((id) => host!.runCommand(id, 'copy')));
  expect(outcomes).toEqual(ids.map(() => ({ outcome: 'done' })));
  const calls = await host.readServiceCalls();
  const byTool = new Map(calls.filter((c) => c.method === 'clipboard/writeText').map((c) => [c.toolId, c.params]));
  expect([...byTool.keys()].sort()).toEqual([...ids].sort());
  ids.forEach((id, i) => expect(byTool.get(id)).toEqual({ text: `from ${pids[i]}` }));

  await host.dispose();
  host = undefined;
  expect(pids.filter(processAlive)).toEqual([]);
}, 180_000);
