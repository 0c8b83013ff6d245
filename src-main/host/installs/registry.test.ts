import { inEnglish } from '../../../src-shared/test/in-english';
import { problemLines } from '../../../src-shared/protocol/problem-reasons';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from './registry';

const fixture = fileURLToPath(new URL('../fixtures/host-services', import.meta.url));
let scratch: string;
let data: string;
let source: string;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-registry-'));
  data = join(scratch, 'app');
  source = join(scratch, 'dropped');
  await cp(fixture, source, { recursive: true });
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const editManifest = async (folder: string, change: (m: Record<string, unknown>) => void) => {
  const file = join(folder, 'vitruvian-tool.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(manifest);
  await writeFile(file, JSON.stringify(manifest));
};
const noStop = async () => {};
/** The ids installed.json lists. */
const installedIds = async () => (JSON.parse(await readFile(join(data, 'installed.json'), 'utf8')) as { tools: { id: string }[] }).tools.map((tool) => tool.id);

describe('tool registry', () => {
  it('installs a copy of the folder and lists it, across restarts', async () => {
    const registry = new ToolRegistry(data);
    const verdict = await registry.install(source, noStop);
    expect(verdict.ok).toBe(true);
    const copy = join(data, 'tools', 'test.host.services');
    expect(verdict.ok && verdict.entry).toMatchObject({ id: 'test.host.services', folder: copy, loadedInPlace: false });
    expect(verdict.ok && verdict.entry.kind === 'tool' && verdict.entry.execPath).toMatch(/tools\/test\.host\.services\/tool\.mjs$/);
    expect((await readdir(copy)).sort()).toEqual(['tool.mjs', 'vitruvian-tool.json']);
    expect(existsSync(join(data, 'data', 'test.host.services'))).toBe(true);
    expect(JSON.parse(await readFile(join(data, 'installed.json'), 'utf8'))).toEqual({ version: 1, tools: [{ id: 'test.host.services' }] });

    await rm(source, { recursive: true });
    const again = new ToolRegistry(data);
    expect(await again.load()).toEqual([]);
    expect(again.list().map((e) => e.id)).toEqual(['test.host.services']);
  });

  it('says which installed version a folder would replace, and nothing for a new id or a refused folder', async () => {
    const registry = new ToolRegistry(data);
    expect(await registry.replacedBy(source)).toBeNull();
    await registry.install(source, noStop);
    await editManifest(source, (m) => {
      m.version = '2.0.0';
    });
    expect(await registry.replacedBy(source)).toEqual({ id: 'test.host.services', installedVersion: '1.0.0', version: '2.0.0' });
    await editManifest(source, (m) => {
      m.version = 'two';
    });
    expect(await registry.replacedBy(source)).toBeNull();
    expect(inEnglish(await registry.install(source, noStop))).toEqual({
      ok: false,
      problems: ['version: "two" is not a semantic version such as 1.2.0 (major.minor.patch, each a whole number)'],
    });
  });

  it('refuses a folder with every problem it has, and installs nothing', async () => {
    await editManifest(source, (m) => {
      m.uses = ['camera'];
      (m.runtime as Record<string, unknown>).exec = 'missing.sh';
    });
    const registry = new ToolRegistry(data);
    const verdict = await registry.install(source, noStop);
    expect(verdict.ok).toBe(false);
    const problems = verdict.ok ? [] : problemLines(verdict.problems);
    expect(problems.some((p) => p.includes('camera'))).toBe(true);
    expect(problems.some((p) => p.includes('missing.sh'))).toBe(true);
    expect(registry.list()).toEqual([]);
    expect(existsSync(join(data, 'tools', 'test.host.services'))).toBe(false);
    expect(existsSync(join(data, 'installed.json'))).toBe(false);
  });

  it('reinstalls an id in place: stops it first, replaces the copy, keeps its data folder', async () => {
    const registry = new ToolRegistry(data);
    await registry.install(source, noStop);
    await writeFile(join(data, 'data', 'test.host.services', 'kept.txt'), 'mine');
    await editManifest(source, (m) => (m.version = '2.0.0'));
    await writeFile(join(source, 'new-file.txt'), 'new');
    const stopped: string[] = [];
    const verdict = await registry.install(source, async (id) => {
      stopped.push(id);
    });
    expect(verdict.ok && verdict.entry.manifest.version).toBe('2.0.0');
    expect(stopped).toEqual(['test.host.services']);
    expect(await readFile(join(data, 'data', 'test.host.services', 'kept.txt'), 'utf8')).toBe('mine');
    expect((await readdir(join(data, 'tools', 'test.host.services'))).sort()).toEqual(['new-file.txt', 'tool.mjs', 'vitruvian-tool.json']);
    expect((await readdir(join(data, 'tools'))).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(registry.list()).toHaveLength(1);
  });

  it('removes a tool: its copy, its data folder, its line in installed.json', async () => {
    const registry = new ToolRegistry(data);
    await registry.install(source, noStop);
    await registry.remove('test.host.services');
    expect(registry.list()).toEqual([]);
    expect(await readdir(join(data, 'tools'))).toEqual([]);
    expect(existsSync(join(data, 'data', 'test.host.services'))).toBe(false);
    expect(await installedIds()).toEqual([]);
  });

  it('loads a folder in place without copying or persisting it', async () => {
    const registry = new ToolRegistry(data);
    const verdict = await registry.loadInPlace(source);
    expect(verdict.ok && verdict.entry).toMatchObject({ folder: source, loadedInPlace: true });
    expect(registry.inPlace(source)?.id).toBe('test.host.services');
    expect(existsSync(join(data, 'tools'))).toBe(false);
    expect(existsSync(join(data, 'installed.json'))).toBe(false);
    // The same folder again is a reload; another folder with the same id is refused.
    expect((await registry.loadInPlace(source)).ok).toBe(true);
    const twin = join(scratch, 'twin');
    await cp(source, twin, { recursive: true });
    const refused = await registry.loadInPlace(twin);
    expect(refused.ok ? [] : problemLines(refused.problems)).toEqual([`id: "test.host.services" is already loaded from ${source}`]);
    const install = await registry.install(twin, noStop);
    expect(install.ok ? [] : problemLines(install.problems)).toEqual([`id: "test.host.services" is loaded in place from ${source}`]);
  });

  it('refuses an id that differs from a listed one only in case, naming both (they would share folders on macOS)', async () => {
    const registry = new ToolRegistry(data);
    expect((await registry.install(source, noStop)).ok).toBe(true);
    const twin = join(scratch, 'twin');
    await cp(source, twin, { recursive: true });
    await editManifest(twin, (m) => (m.id = 'test.Host.Services'));
    const reason =
      'id: "test.Host.Services" differs only in case from the installed tool "test.host.services"; ' +
      'ids name folders and files, which a file system that ignores case (as macOS does) would share';
    const installed = await registry.install(twin, noStop);
    expect(installed.ok ? [] : problemLines(installed.problems)).toEqual([reason]);
    const loaded = await registry.loadInPlace(twin);
    expect(loaded.ok ? [] : problemLines(loaded.problems)).toEqual([reason]);
    expect(registry.list().map((e) => e.id)).toEqual(['test.host.services']);
    expect(await readdir(join(data, 'tools'))).toEqual(['test.host.services']);
    expect(await readdir(join(data, 'data'))).toEqual(['test.host.services']);
    // The very same id is a reinstall, as before.
    expect((await registry.install(source, noStop)).ok).toBe(true);

    // A folder loaded in place counts too, and so does an installed copy that no longer validates.
    const other = new ToolRegistry(join(scratch, 'other-app'));
    await other.loadInPlace(source);
    const refused = await other.install(twin, noStop);
    expect(refused.ok ? [] : problemLines(refused.problems)).toEqual([
      `id: "test.Host.Services" differs only in case from "test.host.services", loaded in place from ${source}; ` +
        'ids name folders and files, which a file system that ignores case (as macOS does) would share',
    ]);
    await rm(join(data, 'tools', 'test.host.services', 'tool.mjs'));
    const reloaded = new ToolRegistry(data);
    expect(await reloaded.load()).toHaveLength(1);
    const damaged = await reloaded.install(twin, noStop);
    expect(damaged.ok ? [] : problemLines(damaged.problems)).toEqual([reason]);
  });

  it('keeps an installed copy that no longer validates, and says why', async () => {
    const registry = new ToolRegistry(data);
    await registry.install(source, noStop);
    await rm(join(data, 'tools', 'test.host.services', 'tool.mjs'));
    const again = new ToolRegistry(data);
    const damaged = await again.load();
    expect(damaged).toHaveLength(1);
    expect(damaged[0]!.problems.join(' ')).toMatch(/tool\.mjs/);
    expect(again.list()).toEqual([]);
    // Installing something else keeps it in installed.json; installing it again repairs it.
    const other = join(scratch, 'other');
    await cp(fixture, other, { recursive: true });
    await editManifest(other, (m) => (m.id = 'test.host.other'));
    await again.install(other, noStop);
    expect((await installedIds()).sort()).toEqual(['test.host.other', 'test.host.services']);
    expect((await again.install(source, noStop)).ok).toBe(true);
    expect(
      again
        .list()
        .map((e) => e.id)
        .sort(),
    ).toEqual(['test.host.other', 'test.host.services']);
  });

  it('falls back on the installed copies when installed.json was broken by hand', async () => {
    const registry = new ToolRegistry(data);
    await registry.install(source, noStop);
    await writeFile(join(data, 'installed.json'), '{ broken');
    const again = new ToolRegistry(data);
    expect(await again.load()).toEqual([]);
    expect(again.list().map((e) => e.id)).toEqual(['test.host.services']);
  });
});
