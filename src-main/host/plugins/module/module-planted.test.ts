// Code one plugin plants for the host to run: a program plugin (fixtures/skwir-plugin.mjs, command
// `plant`) rewrites a module plugin's transpiled script wherever it finds it in the app's data
// folder, adding code that writes a marker file when run; once with the script alone, once forging
// the hash in stamp.json too. The host checks the code before each start of the worker and runs only
// what it wrote: the marker never appears, the host says so in the plugin's log, and the module
// plugin, transpiled again, still answers.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedPlatform } from '../../../platform/simulated';
import { createHost, type Host } from '../../host';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const LINES = 'dev.vitruvian.samples.skwir-lines';
const PLANTER = 'test.plants.code';

let scratch: string;
let app: string;
let host: Host;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-planted-'));
  app = join(scratch, 'app');
  host = await createHost({ dataFolder: app, platform: new SimulatedPlatform(), services: 'simulated' });
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

async function installPlanter(): Promise<void> {
  const folder = join(scratch, 'planter');
  await mkdir(folder);
  await copyFile(join(root, 'src-main/host/fixtures/skwir-plugin.mjs'), join(folder, 'plugin.mjs'));
  const manifest = [
    `id = "${PLANTER}"`,
    'name = "Planter"',
    'version = "1.0.0"',
    '[program]',
    'exec = "plugin.mjs"',
    '[[commands]]',
    'name = "plant"',
    'title = "Plant"',
  ];
  await writeFile(join(folder, 'skwir-plugin.toml'), `${manifest.join('\n')}\n`);
  expect((await host.installFolder(folder)).ok).toBe(true);
}

const plant = async (marker: string, forge: boolean) =>
  host.callPlugin(PLANTER, { method: 'command', params: { command: 'plant', args: { marker, forge } }, files: [] });

describe("a module plugin's transpiled code", () => {
  it('is kept in a folder of the host, owner only, under no plugin data or cache folder', async () => {
    expect((await host.installFolder(join(root, 'tools-sample/skwir-lines'))).ok).toBe(true);
    const file = join(scratch, 'three.txt');
    await writeFile(file, 'a\nb\nc\n');
    expect(await host.askField(LINES, 'c1', file, 'lines.count')).toMatchObject({ ok: true, answer: { value: 3 } });
    const kept = join(app, 'modules', LINES);
    const [made] = await readdir(kept);
    expect(made).toMatch(/^module-[0-9a-f]{64}$/);
    expect((await stat(join(kept, made!))).mode & 0o777).toBe(0o700);
    expect((await readdir(join(kept, made!))).sort()).toEqual(['plugin.core.wasm', 'plugin.core2.wasm', 'plugin.core3.wasm', 'plugin.mjs', 'stamp.json']);
    expect(await readdir(join(app, 'data', LINES))).toEqual([]);
    expect(existsSync(join(app, 'cache', LINES))).toBe(false);
  });

  it('runs none of what a program plugin wrote into it, hash forged or not: the code is transpiled again and the plugin answers', async () => {
    expect((await host.installFolder(join(root, 'tools-sample/skwir-lines'))).ok).toBe(true);
    await installPlanter();
    const file = join(scratch, 'three.txt');
    await writeFile(file, 'a\nb\nc\n');
    expect(await host.askField(LINES, 'c1', file, 'lines.count')).toMatchObject({ ok: true, answer: { value: 3 } });

    for (const [round, forge] of [
      [1, false],
      [2, true],
    ] as const) {
      const marker = join(scratch, `ran-${round}`);
      // The next call loads the code again.
      expect(await host.stop(LINES)).toEqual({ ok: true });
      expect(await plant(marker, forge)).toMatchObject({ outcome: 'answered', answer: { value: 'planted in 1' } });
      expect(await host.askField(LINES, `c${round + 1}`, file, 'lines.count')).toMatchObject({ ok: true, answer: { value: 3 } });
      expect(existsSync(marker), `the planted code ran (round ${round})`).toBe(false);
      const log = (await host.readLog(LINES)).map((line) => line.message);
      expect(log.filter((message) => message.startsWith("plugin.mjs of plugin.wasm's transpile is not as the host wrote it"))).toHaveLength(round);
      expect(log.filter((message) => message.startsWith('transpiled plugin.wasm'))).toHaveLength(round + 1);
    }
  });
});
