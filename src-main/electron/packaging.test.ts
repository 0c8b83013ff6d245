// Packs the app with electron-builder as `npm run dist` would on Linux (the unpacked "dir" target),
// with a stand-in for the Electron binary (the real one cannot be downloaded here) that carries
// Electron's fuse wire, then reads what came out: app.asar holds the bundles and nothing else,
// the samples are extra resources with their programs executable, and the fuses are flipped.
import { chmod, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleElectron } from './bundle';

const repository = join(import.meta.dirname, '..', '..');
const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's defaults, in wire order: runAsNode, cookieEncryption, nodeOptions, nodeCliInspect,
// embeddedAsarIntegrity, onlyLoadAppFromAsar, browserV8Snapshot, grantFileProtocolExtraPrivileges.
const defaultWire = '10110001';

let work: string;
let unpacked: string;

/** The file names an asar archive holds (its header is JSON after a 16-byte preamble). */
async function asarFiles(archive: string): Promise<string[]> {
  const bytes = await readFile(archive);
  type Entry = { files?: Record<string, Entry> };
  const header = JSON.parse(bytes.subarray(16, 16 + bytes.readUInt32LE(12)).toString('utf8')) as { files: Record<string, Entry> };
  const names: string[] = [];
  const walk = (files: Record<string, Entry>, prefix: string) => {
    for (const [name, entry] of Object.entries(files)) {
      if (entry.files) walk(entry.files, `${prefix}${name}/`);
      else names.push(`${prefix}${name}`);
    }
  };
  walk(header.files, '');
  return names.sort();
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-pack-'));
  const project = join(work, 'project');
  const electronDist = join(work, 'electron-dist');
  await mkdir(electronDist, { recursive: true });
  await writeFile(
    join(electronDist, 'electron'),
    Buffer.concat([Buffer.from(`#!/bin/sh\nexit 0\n#${fuseSentinel}`), Buffer.from([1, 8]), Buffer.from(`${defaultWire}\n`)]),
  );
  await chmod(join(electronDist, 'electron'), 0o755);
  await writeFile(join(electronDist, 'version'), '45.3.4');

  const pkg = JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as Record<string, unknown>;
  await mkdir(project);
  // The app's package.json without its dependencies: everything the app runs is in the bundles.
  const { name, productName, version, description, main, license } = pkg;
  await writeFile(join(project, 'package.json'), JSON.stringify({ name, productName, version, description, main, license, author: 'Vitruvian' }));
  for (const item of ['electron-builder.yml', 'build', 'tools-sample']) await cp(join(repository, item), join(project, item), { recursive: true });
  await bundleElectron({ outDir: join(project, 'dist', 'electron') });
  await mkdir(join(project, 'dist', 'renderer', 'assets'), { recursive: true });
  await writeFile(join(project, 'dist', 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(project, 'dist', 'renderer', 'assets', 'index.js'), '');

  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir'),
    config: { electronDist, electronVersion: '45.3.4', directories: { output: join(work, 'release') } },
    publish: 'never',
  });
  unpacked = join(work, 'release', 'linux-unpacked');
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the packed app (electron-builder, Linux dir target)', () => {
  it('holds package.json and the bundles in app.asar, and no node_modules or source maps', async () => {
    const files = await asarFiles(join(unpacked, 'resources', 'app.asar'));
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/electron/main.cjs',
        'dist/electron/preload.cjs',
        'dist/electron/assets/menubarTemplate.png',
        'dist/renderer/index.html',
      ]),
    );
    expect(files.filter((file) => !file.startsWith('dist/electron/') && !file.startsWith('dist/renderer/') && file !== 'package.json')).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('ships the sample tools beside it, programs still executable, tests left out', async () => {
    const samples = join(unpacked, 'resources', 'tools-sample');
    for (const [tool, program] of [
      ['clipboard-kit', 'tool.mjs'],
      ['word-count', 'word_count.py'],
      ['system-glance', 'glance.sh'],
    ]) {
      await stat(join(samples, tool!, 'vitruvian-tool.json'));
      expect((await stat(join(samples, tool!, program!))).mode & 0o111, `${tool}/${program}`).not.toBe(0);
    }
    await expect(stat(join(samples, 'clipboard-kit.test.ts'))).rejects.toThrow();
  });

  it('flips the fuses: no ELECTRON_RUN_AS_NODE, no NODE_OPTIONS, no --inspect, app.asar only and checked, no file:// privileges', async () => {
    const binary = await readFile(join(unpacked, 'vitruvian'));
    const at = binary.indexOf(fuseSentinel) + fuseSentinel.length;
    const wire = binary.subarray(at + 2, at + 2 + binary[at + 1]!).toString('latin1');
    expect({
      runAsNode: wire[0],
      nodeOptions: wire[2],
      nodeCliInspect: wire[3],
      embeddedAsarIntegrity: wire[4],
      onlyLoadAppFromAsar: wire[5],
      grantFileProtocolExtraPrivileges: wire[7],
    }).toEqual({
      runAsNode: '0',
      nodeOptions: '0',
      nodeCliInspect: '0',
      embeddedAsarIntegrity: '1',
      onlyLoadAppFromAsar: '1',
      grantFileProtocolExtraPrivileges: '0',
    });
  });
});
