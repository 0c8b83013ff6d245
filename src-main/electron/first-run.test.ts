import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstallVerdict } from '../../src-shared/host-api';
import { installSamplesOnFirstRun, sampleFolders } from './first-run';
import { toolSummary } from './fake-host';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitruvian-first-run-'));
  for (const name of ['word-count', 'clipboard-kit', 'broken']) {
    await mkdir(join(root, 'samples', name), { recursive: true });
    await writeFile(join(root, 'samples', name, 'vitruvian-tool.json'), '{}');
  }
  await mkdir(join(root, 'samples', 'not-a-tool'));
  await writeFile(join(root, 'samples', 'README.md'), 'samples');
});
afterEach(() => rm(root, { recursive: true, force: true }));

function installer() {
  const folders: string[] = [];
  return {
    folders,
    host: {
      installFolder: async (folder: string): Promise<InstallVerdict> => {
        folders.push(folder);
        const name = folder.split('/').at(-1)!;
        return name === 'broken' ? { ok: false, problems: ['runtime.exec: "x" does not exist'] } : { ok: true, tool: toolSummary({ id: `sample.${name}` }) };
      },
    },
  };
}

describe('installSamplesOnFirstRun', () => {
  it('installs every sample folder once, reports the refused ones, and never again', async () => {
    const { host, folders } = installer();
    const options = { host, samplesFolder: join(root, 'samples'), markerFile: join(root, 'userData', 'first-run.json') };
    const report = await installSamplesOnFirstRun(options);
    expect(report).toEqual({
      installed: ['sample.clipboard-kit', 'sample.word-count'],
      problems: [`${join(root, 'samples', 'broken')}: runtime.exec: "x" does not exist`],
    });
    expect(folders.map((f) => f.split('/').at(-1))).toEqual(['broken', 'clipboard-kit', 'word-count']);
    expect(JSON.parse(await readFile(options.markerFile, 'utf8'))).toMatchObject({ installed: report!.installed });

    expect(await installSamplesOnFirstRun(options)).toBeUndefined();
    expect(folders).toHaveLength(3);
  });

  it('finds only folders that hold a manifest, and none where the samples folder is missing', async () => {
    expect((await sampleFolders(join(root, 'samples'))).map((f) => f.split('/').at(-1))).toEqual(['broken', 'clipboard-kit', 'word-count']);
    expect(await sampleFolders(join(root, 'nowhere'))).toEqual([]);
  });

  it('finds the samples this repository ships', async () => {
    const shipped = await sampleFolders(join(import.meta.dirname, '../../tools-sample'));
    expect(shipped.length).toBeGreaterThan(0);
  });
});
