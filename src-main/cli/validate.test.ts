import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkToolFolder } from '../host/tool-folder';
import { exampleFolders, prepareExamples, type PreparedExamples } from './example-folders';
import type { CliIo } from './io';
import { main } from './main';

const run = promisify(execFile);

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await main(args, io);
  return { code, out, err };
}

let examples: PreparedExamples;
beforeAll(async () => {
  examples = await prepareExamples();
});
afterAll(() => examples.dispose());

describe('every example folder is judged as folders.json labels it', () => {
  it.each(exampleFolders.map((example) => [example.folder, example] as const))('%s', async (_name, example) => {
    const verdict = await checkToolFolder(examples.path(example));
    const lines = verdict.ok ? [`valid: ${verdict.manifest.id} ${verdict.manifest.version}`] : verdict.problems;
    expect(lines).toEqual(examples.expected(example));
    // The CLI gives the same verdict, from the same function.
    const result = await cli(['validate', examples.path(example)]);
    expect(result).toEqual({ code: example.exit, out: examples.expected(example), err: [] });
  });
});

describe('vitruvian-tool validate', () => {
  it('resolves the program of a valid folder to its real path', async () => {
    const example = exampleFolders.find((e) => e.folder === 'valid-exec-symlink-inside')!;
    const verdict = await checkToolFolder(examples.path(example));
    expect(verdict.ok && verdict.execPath).toBe(join(examples.path(example), 'bin', 'run'));
  });

  it('exits 2 with one line naming the mistake on a usage error', async () => {
    expect(await cli(['validate'])).toEqual({
      code: 2, out: [], err: ['validate: missing <folder>; usage: vitruvian-tool validate <folder>'],
    });
    expect((await cli(['validate', 'a', 'b'])).err).toEqual(['validate: one folder only, got 2; usage: vitruvian-tool validate <folder>']);
    expect(await cli(['validate', '--strict', 'a'])).toMatchObject({ code: 2, err: [expect.stringContaining('unknown option "--strict"')] });
  });

  it('takes a folder whose name starts with a dash after --', async () => {
    const result = await cli(['validate', '--', '-no-such-folder']);
    expect(result.code).toBe(1);
    expect(result.out[0]).toMatch(/^folder: ".*-no-such-folder" does not exist$/);
  });

  it('judges a manifest that is a FIFO without reading from it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-fifo-'));
    await run('mkfifo', [join(folder, 'vitruvian-tool.json')]);
    expect((await cli(['validate', folder])).out).toEqual(['vitruvian-tool.json: not a regular file']);
    await rm(folder, { recursive: true });
  });

  it('says which folder is not a folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-file-'));
    await writeFile(join(folder, 'file'), 'x');
    expect((await cli(['validate', join(folder, 'file')])).out).toEqual([`folder: "${join(folder, 'file')}" is not a folder`]);
    await rm(folder, { recursive: true });
  });
});

describe('the real bin', () => {
  const bin = join(import.meta.dirname, '../../bin/vitruvian-tool.mjs');
  const node = (...args: string[]) => run(process.execPath, [bin, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

  it('prints valid: <id> <version> and exits 0 for a valid folder', async () => {
    const example = exampleFolders.find((e) => e.folder === 'valid-design-example')!;
    expect(await node('validate', examples.path(example))).toEqual({ code: 0, stdout: 'valid: com.acme.deploys 1.2.0\n', stderr: '' });
  });

  it('prints one line per problem and exits 1 for a refused folder', async () => {
    const example = exampleFolders.find((e) => e.folder === 'many-problems')!;
    const result = await node('validate', examples.path(example));
    expect(result).toEqual({ code: 1, stdout: `${example.lines.join('\n')}\n`, stderr: '' });
  });

  it('exits 2 for a usage error', async () => {
    expect(await node('validate')).toMatchObject({ code: 2, stdout: '' });
    expect(await node('frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "frobnicate"') });
  });
});
