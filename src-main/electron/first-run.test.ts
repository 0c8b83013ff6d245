import { problemLine } from '../../src-shared/protocol/problem-reasons';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstallVerdict } from '../../src-shared/host-api';
import { scriptedRunner } from '../platform/scripted-runner';
import { installSamplesOnFirstRun, sampleFolders } from './first-run';
import { makeTool } from '../../src-shared/test/fake-host';
import { InterpreterCheck } from './sample-interpreter';

let root: string;
let bin: string;
/** Each sample's program, by its #! line. */
const programs: Record<string, string> = {
  broken: '#!/bin/sh',
  'clipboard-kit': '#!/usr/bin/env node',
  'system-glance': '#!/bin/sh',
  'word-count': '#!/usr/bin/env python3',
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitruvian-first-run-'));
  for (const [name, line] of Object.entries(programs)) {
    await mkdir(join(root, 'samples', name), { recursive: true });
    await writeFile(join(root, 'samples', name, 'vitruvian-tool.json'), JSON.stringify({ runtime: { exec: 'tool' } }));
    await writeFile(join(root, 'samples', name, 'tool'), `${line}\n`);
  }
  await mkdir(join(root, 'samples', 'not-a-tool'));
  await writeFile(join(root, 'samples', 'README.md'), 'samples');
  bin = join(root, 'bin');
  await mkdir(bin);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const provide = async (program: string) => {
  await writeFile(join(bin, program), '#!/bin/sh\n');
  await chmod(join(bin, program), 0o755);
};
/** What a tool finds: only the test's bin folder (and /bin/sh by its full path). */
const interpreters = () => new InterpreterCheck({ path: bin, platform: 'linux', run: scriptedRunner() });

function installer() {
  const folders: string[] = [];
  return {
    folders,
    host: {
      installFolder: async (folder: string): Promise<InstallVerdict> => {
        folders.push(folder);
        const name = folder.split('/').at(-1)!;
        return name === 'broken'
          ? { ok: false, problems: [problemLine('runtime.exec: "x" does not exist')] }
          : { ok: true, tool: makeTool({ id: `sample.${name}` }) };
      },
    },
  };
}
const names = (folders: string[]) => folders.map((f) => f.split('/').at(-1));

describe('installSamplesOnFirstRun', () => {
  it('installs each sample once when its interpreter is there, reports the refused ones, and never again', async () => {
    await provide('node');
    await provide('python3');
    const { host, folders } = installer();
    const options = { host, samplesFolder: join(root, 'samples'), markerFile: join(root, 'userData', 'first-run.json'), interpreters: interpreters() };
    const report = await installSamplesOnFirstRun(options);
    expect(report).toEqual({
      installed: ['sample.clipboard-kit', 'sample.system-glance', 'sample.word-count'],
      problems: [`${join(root, 'samples', 'broken')}: runtime.exec: "x" does not exist`],
      skipped: [],
    });
    expect(names(folders)).toEqual(['broken', 'clipboard-kit', 'system-glance', 'word-count']);
    const marker = JSON.parse(await readFile(options.markerFile, 'utf8')) as { samples: Record<string, unknown> };
    expect(marker.samples['clipboard-kit']).toMatchObject({ outcome: 'installed', id: 'sample.clipboard-kit' });
    expect(marker.samples.broken).toMatchObject({ outcome: 'refused' });

    expect(await installSamplesOnFirstRun(options)).toBeUndefined();
    expect(folders).toHaveLength(4);
  });

  it('skips a sample whose interpreter is missing, saying why, keeps the shell one, and installs it at a start that finds it', async () => {
    const { host, folders } = installer();
    const options = { host, samplesFolder: join(root, 'samples'), markerFile: join(root, 'first-run.json'), interpreters: interpreters() };
    const first = await installSamplesOnFirstRun(options);
    expect(first?.installed).toEqual(['sample.system-glance']);
    expect(first?.skipped.map((s) => s.sample)).toEqual(['clipboard-kit', 'word-count']);
    expect(first?.skipped[0]!.reason).toMatch(/needs node, which is not on the PATH tools get/);
    expect(first?.skipped[1]!.reason).toMatch(/needs python3/);
    expect(names(folders)).toEqual(['broken', 'system-glance']);

    const again = await installSamplesOnFirstRun({ ...options, interpreters: interpreters() });
    expect(again).toEqual({ installed: [], problems: [], skipped: expect.any(Array) }); // still missing: nothing else tried
    expect(names(folders)).toEqual(['broken', 'system-glance']);

    await provide('node'); // installed since
    const later = await installSamplesOnFirstRun({ ...options, interpreters: interpreters() });
    expect(later?.installed).toEqual(['sample.clipboard-kit']);
    expect(later?.skipped.map((s) => s.sample)).toEqual(['word-count']);
    expect(names(folders)).toEqual(['broken', 'system-glance', 'clipboard-kit']);
  });

  it('reads at most a manifest’s limit of a sample’s manifest, and leaves the verdict to the installer', async () => {
    await rm(join(root, 'samples', 'broken', 'vitruvian-tool.json'));
    await symlink('/dev/zero', join(root, 'samples', 'broken', 'vitruvian-tool.json'));
    const { host, folders } = installer();
    const options = { host, samplesFolder: join(root, 'samples'), markerFile: join(root, 'userData', 'first-run.json'), interpreters: interpreters() };
    const report = await installSamplesOnFirstRun(options);
    expect(names(folders)).toContain('broken'); // no program read from it: the installer says what is wrong
    expect(report?.problems).toEqual([`${join(root, 'samples', 'broken')}: runtime.exec: "x" does not exist`]);
  });

  it('writes no marker when no sample was considered, so the samples come at a later start', async () => {
    const { host } = installer();
    const markerFile = join(root, 'first-run.json');
    expect(await installSamplesOnFirstRun({ host, samplesFolder: join(root, 'nowhere'), markerFile, interpreters: interpreters() })).toBeUndefined();
    const broken = {
      installFolder: async (): Promise<InstallVerdict> => {
        throw new Error('the host is closed');
      },
    };
    const report = await installSamplesOnFirstRun({ host: broken, samplesFolder: join(root, 'samples'), markerFile, interpreters: interpreters() });
    expect(report?.problems).toHaveLength(2);
    await expect(readFile(markerFile)).rejects.toThrow();
  });

  it('installs nothing after a marker from before markers listed the samples, or a damaged one', async () => {
    const { host, folders } = installer();
    const markerFile = join(root, 'first-run.json');
    for (const text of ['{"samplesInstalled":"2025-01-01T00:00:00.000Z","installed":[],"problems":[]}', '{damaged']) {
      await writeFile(markerFile, text);
      expect(await installSamplesOnFirstRun({ host, samplesFolder: join(root, 'samples'), markerFile, interpreters: interpreters() })).toBeUndefined();
    }
    expect(folders).toEqual([]);
  });

  it('finds only folders that hold a manifest, and none where the samples folder is missing', async () => {
    expect(names(await sampleFolders(join(root, 'samples')))).toEqual(['broken', 'clipboard-kit', 'system-glance', 'word-count']);
    expect(await sampleFolders(join(root, 'nowhere'))).toEqual([]);
  });

  it('checks the interpreters of the samples this repository ships: the shell one always goes in', async () => {
    const shipped = join(import.meta.dirname, '../../tools-sample');
    expect((await sampleFolders(shipped)).length).toBeGreaterThan(0);
    const { host, folders } = installer();
    const report = await installSamplesOnFirstRun({ host, samplesFolder: shipped, markerFile: join(root, 'm.json'), interpreters: interpreters() });
    expect(report?.installed).toEqual(['sample.system-glance']);
    expect(report?.skipped.map((s) => [s.sample, s.reason.split(',')[0]])).toEqual([
      ['clipboard-kit', 'it needs node'],
      ['word-count', 'it needs python3'],
    ]);
    expect(names(folders)).toEqual(['system-glance']);
  });
});
