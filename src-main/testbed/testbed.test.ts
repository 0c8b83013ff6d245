import { problemLine } from '../../src-shared/protocol/problem-reasons';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstallVerdict } from '../../src-shared/host-api';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';
import { createHost, type Host } from '../host/host';
import { ConvertedFiles } from '../host/plugins/converted-files';
import { SimulatedPlatform } from '../platform/simulated';
import { isAuthorsEdit } from './folder-watch';
import { startTestbed, type Testbed } from './testbed';

/** A fake host that judges a folder by its manifest's id alone, enough to see reloads happen. */
function inPlaceHost() {
  const fake = createFakeHost();
  const seen = { reloads: [] as string[], disposed: false };
  const loadInPlace = async (folder: string): Promise<InstallVerdict> => {
    try {
      const manifest = JSON.parse(await readFile(join(folder, 'vitruvian-tool.json'), 'utf8')) as { id?: unknown };
      if (typeof manifest.id !== 'string') return { ok: false, problems: [problemLine(`id: missing, got ${JSON.stringify(manifest.id)}`)] };
      const tool = makeTool({ id: manifest.id, folder, loadedInPlace: true });
      fake.emit({ type: 'tool', tool });
      return { ok: true, tool };
    } catch (error) {
      return { ok: false, problems: [problemLine(String(error))] };
    }
  };
  const host: Host = {
    ...fake.host,
    loadInPlace,
    reload(folder) {
      seen.reloads.push(folder);
      return loadInPlace(folder);
    },
    start: async () => ({ ok: true }),
    callPlugin: () => Promise.reject(new Error('no plugins here')),
    converted: new ConvertedFiles(join(tmpdir(), 'vitruvian-testbed-test-unused')),
    async dispose() {
      seen.disposed = true;
    },
  };
  return Object.assign(seen, { host });
}

let work: string;
let testbed: Testbed | undefined;
let inPlace: ReturnType<typeof inPlaceHost>;
let lines: string[];

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-testbed-test-'));
  lines = [];
  inPlace = inPlaceHost();
});

afterEach(async () => {
  await testbed?.close();
  testbed = undefined;
  await rm(work, { recursive: true, force: true });
});

async function toolFolder(name: string, id: string): Promise<string> {
  const folder = join(work, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify({ id }));
  return folder;
}

const start = (folders: string[], dataFolder?: string) =>
  startTestbed({
    folders,
    port: 0,
    services: 'simulated',
    ...(dataFolder ? { dataFolder } : {}),
    rendererDir: work,
    report: (line) => lines.push(line),
    createHost: async () => inPlace.host,
    createPlatform: async () => new SimulatedPlatform(),
    settleMs: 50,
  });

describe('the test bed', () => {
  it('loads each folder in place and says what it found', async () => {
    const good = await toolFolder('good', 'com.example.good');
    const bad = await toolFolder('bad', '');
    await writeFile(join(bad, 'vitruvian-tool.json'), '{}');
    testbed = await start([good, bad]);
    expect(testbed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
    expect(lines).toEqual([`loaded ${good}: com.example.good 1.0.0`, `refused ${bad}:`, '  id: missing, got undefined']);
  });

  it('reloads a folder once after a burst of edits, with the new verdict', async () => {
    const folder = await toolFolder('tool', 'com.example.one');
    testbed = await start([folder]);
    for (const id of ['com.example.a', 'com.example.b', 'com.example.two']) {
      await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify({ id }));
    }
    await expect.poll(() => lines.at(-1), { timeout: 5_000 }).toBe(`loaded ${folder}: com.example.two 1.0.0`);
    expect(inPlace.reloads.length).toBeLessThanOrEqual(2);
  });

  it('reloads after a change in a subfolder, and shows a refusal at once', async () => {
    const folder = await toolFolder('tool', 'com.example.one');
    await mkdir(join(folder, 'lib'));
    testbed = await start([folder]);
    await writeFile(join(folder, 'lib', 'main.js'), '// changed');
    await expect.poll(() => inPlace.reloads.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await writeFile(join(folder, 'vitruvian-tool.json'), '{"id": 7}');
    await expect.poll(() => lines.at(-1), { timeout: 5_000 }).toBe('  id: missing, got 7');
  });

  it('stops the host and removes its temporary data folder when closed, keeps a given one', async () => {
    testbed = await start([]);
    const temporary = testbed.dataFolder;
    expect(existsSync(temporary)).toBe(true);
    await testbed.close();
    expect(inPlace.disposed).toBe(true);
    expect(existsSync(temporary)).toBe(false);

    const given = join(work, 'data');
    await mkdir(given);
    testbed = await start([], given);
    await testbed.close();
    expect(existsSync(given)).toBe(true);
  });

  it('takes edits a tool or an editor makes on its own for what they are', () => {
    expect(isAuthorsEdit('main.py')).toBe(true);
    expect(isAuthorsEdit('lib/tool.js')).toBe(true);
    expect(isAuthorsEdit('__pycache__/main.cpython-311.pyc')).toBe(false);
    expect(isAuthorsEdit('.main.py.swp')).toBe(false);
    expect(isAuthorsEdit('node_modules/x/index.js')).toBe(false);
  });
});

describe('the test bed over the real host', () => {
  it('lists a folder refused at start-up beside the good one, refused with every problem, and never starts it', async () => {
    const good = join(work, 'good');
    const bad = join(work, 'bad');
    await cp(fileURLToPath(new URL('../host/fixtures/host-services', import.meta.url)), good, { recursive: true });
    await cp(fileURLToPath(new URL('../host/fixtures/host-demand', import.meta.url)), bad, { recursive: true });
    const manifestFile = join(bad, 'vitruvian-tool.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, uses: ['notify', 'camera'], runtime: { exec: 'tool.mjs' } }));
    testbed = await startTestbed({
      folders: [good, bad],
      port: 0,
      services: 'simulated',
      rendererDir: work,
      report: (line) => lines.push(line),
      createHost,
      createPlatform: async () => new SimulatedPlatform(),
      settleMs: 50,
    });
    expect(lines).toEqual([
      `loaded ${good}: test.host.services 1.0.0`,
      `refused ${bad}:`,
      '  uses[1]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
    ]);
    const tools = await testbed.host.listTools();
    expect(tools.map((tool) => [tool.id, tool.state === 'refused'])).toEqual([
      ['test.host.services', false],
      ['test.host.demand', true],
    ]);
    expect(tools[1]).toMatchObject({
      name: { en: 'Host demand fixture' },
      folder: bad,
      problems: [
        { text: 'uses[1]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage' },
      ],
    });

    await writeFile(manifestFile, JSON.stringify({ ...manifest, uses: ['notify'] }));
    await expect.poll(() => lines.at(-1), { timeout: 10_000 }).toBe(`loaded ${bad}: test.host.demand 2.0.0`);
    expect((await testbed.host.listTools()).find((tool) => tool.id === 'test.host.demand')?.state).toBe('idle');
  });
});

describe('the test bed over the real host, with a manifest holding typos', () => {
  it("takes the folders, names each typo on the console and in each one's summary, and drops the warnings once fixed", async () => {
    const plugin = join(work, 'plugin');
    const tool = join(work, 'tool');
    await mkdir(plugin, { recursive: true });
    await cp(fileURLToPath(new URL('../conformance/fixtures/skwir/plugin.mjs', import.meta.url)), join(plugin, 'plugin.mjs'));
    const toml = (capabilities: string) =>
      `id = "test.typos.plugin"\nname = "Typos"\nversion = "1.0.0"\n${capabilities} = ["read"]\n[program]\nexec = "plugin.mjs"\n`;
    await writeFile(join(plugin, 'skwir-plugin.toml'), toml('capabilites'));
    await cp(fileURLToPath(new URL('../host/fixtures/host-services', import.meta.url)), tool, { recursive: true });
    const manifestFile = join(tool, 'vitruvian-tool.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, use: ['notify'] }, null, 2));
    testbed = await startTestbed({
      folders: [plugin, tool],
      port: 0,
      services: 'simulated',
      rendererDir: work,
      report: (line) => lines.push(line),
      createHost,
      createPlatform: async () => new SimulatedPlatform(),
      settleMs: 50,
    });
    const pluginWarning = 'line 4: capabilites is not a key of skwir-plugin.toml; did you mean capabilities?';
    const toolWarning = expect.stringMatching(/^line \d+: use is not a key of vitruvian-tool\.json; did you mean uses\?$/);
    expect(lines).toEqual([
      `loaded ${plugin}: test.typos.plugin 1.0.0`,
      `  warning: ${pluginWarning}`,
      `loaded ${tool}: test.host.services 1.0.0`,
      expect.stringMatching(/^ {2}warning: line \d+: use is not a key/),
    ]);
    const summaries = await testbed.host.listTools();
    expect(summaries.map((summary) => [summary.id, summary.state !== 'refused', summary.warnings])).toEqual([
      ['test.typos.plugin', true, [pluginWarning]],
      ['test.host.services', true, [toolWarning]],
    ]);

    await writeFile(join(plugin, 'skwir-plugin.toml'), toml('capabilities'));
    await expect.poll(() => lines.at(-1), { timeout: 10_000 }).toBe(`loaded ${plugin}: test.typos.plugin 1.0.0`);
    expect((await testbed.host.listTools()).find((summary) => summary.id === 'test.typos.plugin')).not.toHaveProperty('warnings');
  });
});
