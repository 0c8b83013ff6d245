import { problemLines } from '../../src-shared/protocol/problem-reasons';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readlink, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../host/installs/registry';
import { checkFolder, type FolderVerdict } from '../host/installs/tool-folder';
import { exampleFolders, exampleName, prepareExamples, type PreparedExamples } from './example-folders';
import type { CliIo } from './io';
import { main } from './main';
import { verdictLines } from './validate';

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
  it.each(exampleFolders.map((example) => [exampleName(example), example] as const))('%s', async (_name, example) => {
    const verdict = await checkFolder(examples.path(example));
    expect(verdictLines(verdict)).toEqual(examples.expected(example));
    // The CLI gives the same verdict, from the same function.
    const result = await cli(['validate', examples.path(example)]);
    expect(result).toEqual({ code: example.exit, out: examples.expected(example), err: [] });
  });
});

/** Installs `folder` into a fresh app data folder; the verdict, and the installed copy's own. */
async function install(folder: string, data: string) {
  const installed = await new ToolRegistry(data).install(folder, async () => {});
  const copy = installed.ok ? await checkFolder(installed.entry.folder) : undefined;
  const lines = installed.ok ? verdictLines(copy!) : problemLines(installed.problems);
  return { installed, lines, copy };
}

/** What the installer can say of a folder: a refusal carries its problems only. */
const installerLines = (verdict: FolderVerdict): string[] => (verdict.ok ? verdictLines(verdict) : problemLines(verdict.problems));

describe('the installer gives every example folder the verdict validate gives', () => {
  it.each(exampleFolders.map((example) => [exampleName(example), example] as const))('%s', async (_name, example) => {
    const data = await mkdtemp(join(tmpdir(), 'vitruvian-install-'));
    try {
      const judged = await checkFolder(examples.path(example));
      const { installed, lines, copy } = await install(examples.path(example), data);
      expect(lines).toEqual(installerLines(judged));
      expect(lines).toEqual(examples.expected(example).filter((line) => installed.ok || !line.startsWith('warning: ')));
      if (installed.ok && judged.ok) {
        expect(installed.entry.manifest).toEqual(judged.manifest);
        // Accepted with its warnings, which the window shows.
        expect(installed.entry.warnings).toEqual(judged.warnings);
        expect(copy && verdictLines(copy)).toEqual(verdictLines(judged));
      }
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });
});

describe('a folder with symlinks is installed as validate judged it', () => {
  let scratch: string;
  let folder: string;
  const data = () => join(scratch, 'app');
  const copyOf = (id: string) => join(data(), 'tools', id);
  beforeAll(async () => {
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'vitruvian-links-')));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));
  beforeEach(async () => {
    await rm(join(scratch, 'app'), { recursive: true, force: true });
    folder = join(scratch, `tool-${Math.random().toString(36).slice(2)}`);
    await cp(examples.path(exampleFolders.find((e) => e.folder === 'valid-exec-symlink-inside')!), folder, {
      recursive: true,
      verbatimSymlinks: true,
    });
  });

  it('takes an exec symlink with an absolute target inside the folder (validate says valid, so does the installer)', async () => {
    await rm(join(folder, 'run'), { force: true });
    await symlink(join(folder, 'bin', 'run'), join(folder, 'run'));
    expect((await cli(['validate', folder])).out).toEqual(['valid: com.example.exec.symlink.inside 1.0.0']);
    const { installed, copy } = await install(folder, data());
    expect(installed.ok ? [] : installed.problems).toEqual([]);
    const id = 'com.example.exec.symlink.inside';
    // The copy's link leads into the copy, never back into the dropped folder.
    expect(installed.ok && installed.entry.kind === 'tool' && installed.entry.execPath).toBe(join(copyOf(id), 'bin', 'run'));
    expect(copy?.ok && copy.kind === 'tool' && copy.execPath).toBe(join(copyOf(id), 'bin', 'run'));
    expect(await readlink(join(copyOf(id), 'run'))).toBe('bin/run');
  });

  it('takes an exec reached through an absolute folder symlink inside the folder', async () => {
    await symlink(join(folder, 'bin'), join(folder, 'tools'));
    await writeFile(
      join(folder, 'vitruvian-tool.json'),
      (await readFile(join(folder, 'vitruvian-tool.json'), 'utf8')).replace('"exec": "run"', '"exec": "tools/run"'),
    );
    expect((await cli(['validate', folder])).out).toEqual(['valid: com.example.exec.symlink.inside 1.0.0']);
    const { installed } = await install(folder, data());
    expect(installed.ok && installed.entry.kind === 'tool' && installed.entry.execPath).toBe(join(copyOf('com.example.exec.symlink.inside'), 'bin', 'run'));
  });

  it('keeps a link that leaves the folder (not the program) leading to the same place from the copy', async () => {
    const shared = join(scratch, 'shared');
    await mkdir(shared, { recursive: true });
    await writeFile(join(shared, 'words.txt'), 'shared words');
    await symlink(`../${shared.split('/').pop()}`, join(folder, 'lib')); // relative, leaves the folder
    await symlink(join(shared, 'words.txt'), join(folder, 'words.txt')); // absolute, leaves the folder
    await symlink('nowhere', join(folder, 'bin', 'dangling'));
    expect((await cli(['validate', folder])).out).toEqual(['valid: com.example.exec.symlink.inside 1.0.0']);
    const { installed } = await install(folder, data());
    expect(installed.ok).toBe(true);
    const copy = copyOf('com.example.exec.symlink.inside');
    expect(await realpath(join(copy, 'lib'))).toBe(shared);
    expect(await readFile(join(copy, 'lib', 'words.txt'), 'utf8')).toBe('shared words');
    expect(await readFile(join(copy, 'words.txt'), 'utf8')).toBe('shared words');
    expect(await readlink(join(copy, 'bin', 'dangling'))).toBe('nowhere');
  });

  it('copies a dropped folder that is itself a symlink, rather than linking to it', async () => {
    const link = join(scratch, 'dropped-link');
    await rm(link, { force: true });
    await symlink(folder, link);
    const { installed } = await install(link, data());
    expect(installed.ok).toBe(true);
    await rm(folder, { recursive: true });
    const copy = await checkFolder(copyOf('com.example.exec.symlink.inside'));
    expect(verdictLines(copy)).toEqual(['valid: com.example.exec.symlink.inside 1.0.0']);
  });
});

describe('vitruvian-tool validate', () => {
  it('resolves the program of a valid folder to its real path', async () => {
    const example = exampleFolders.find((e) => e.folder === 'valid-exec-symlink-inside')!;
    const verdict = await checkFolder(examples.path(example));
    expect(verdict.ok && verdict.kind === 'tool' && verdict.execPath).toBe(join(examples.path(example), 'bin', 'run'));
  });

  it('exits 2 naming the mistake, then the usage, on a usage error', async () => {
    expect(await cli(['validate'])).toEqual({
      code: 2,
      out: [],
      err: ['validate: missing <folder>', 'usage: vitruvian-tool validate <folder>... [--strict]'],
    });
    expect((await cli(['validate', '--json', 'a'])).err[0]).toBe('validate: unknown option --json; it takes --strict');
    expect((await cli(['validate', '-c', 'a', 'b'])).err[0]).toBe('validate: unknown option -c; it takes --strict');
  });

  it('judges several folders: each line after its folder, exit 1 when one is refused', async () => {
    const valid = examples.path(exampleFolders.find((e) => e.folder === 'valid-design-example')!);
    const minimal = examples.path(exampleFolders.find((e) => e.folder === 'valid-minimal')!);
    const refused = exampleFolders.find((e) => e.folder === 'many-problems')!;
    expect(await cli(['validate', valid, minimal])).toEqual({
      code: 0,
      out: [`${valid}: valid: com.acme.deploys 1.2.0`, `${minimal}: ${examples.expected(exampleFolders.find((e) => e.folder === 'valid-minimal')!)[0]}`],
      err: [],
    });
    const mixed = await cli(['validate', valid, examples.path(refused)]);
    expect(mixed).toEqual({
      code: 1,
      out: [`${valid}: valid: com.acme.deploys 1.2.0`, ...examples.expected(refused).map((line) => `${examples.path(refused)}: ${line}`)],
      err: [],
    });
    expect(examples.expected(refused).length).toBeGreaterThan(1);
  });

  it('names every typo as a warning and exits 0; with --strict, refuses the folder for them (exit 1)', async () => {
    for (const set of ['skwir', 'protocol'] as const) {
      const typos = exampleFolders.find((e) => e.set === set && e.folder === 'typos')!;
      const lines = examples.expected(typos);
      expect(lines.filter((line) => line.startsWith('warning: line '))).toHaveLength(4);
      expect(await cli(['validate', examples.path(typos)])).toEqual({ code: 0, out: lines, err: [] });
      expect(await cli(['validate', '--strict', examples.path(typos)])).toEqual({ code: 1, out: [...lines, 'refused by --strict: 4 warnings'], err: [] });
    }
    const clean = examples.path(exampleFolders.find((e) => e.set === 'skwir' && e.folder === 'valid-minimal')!);
    expect(await cli(['validate', '--strict', clean])).toEqual({ code: 0, out: ['valid: org.example.minimal 1.0.0 (Skwir plugin, program)'], err: [] });
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
  const node = (...args: string[]) =>
    run(process.execPath, [bin, ...args]).then(
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
