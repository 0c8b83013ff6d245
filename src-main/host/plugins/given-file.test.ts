import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeGivenFile } from './given-file';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-given-'));
  await writeFile(join(folder, 'notes.txt'), 'three small words\n');
  await mkdir(join(folder, 'pictures'));
  execFileSync('mkfifo', [join(folder, 'pipe')]);
  await writeFile(join(folder, 'locked.txt'), 'secret\n');
  await chmod(join(folder, 'locked.txt'), 0o000);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a path given to a plugin', () => {
  it('takes a readable file named from the root', async () => {
    expect(await judgeGivenFile(join(folder, 'notes.txt'))).toEqual({ ok: true });
  });

  it('refuses at once, naming the path and what is wrong with it: missing, relative, a folder, a pipe', async () => {
    const missing = join(folder, 'gone.txt');
    expect(await judgeGivenFile(missing)).toEqual({ ok: false, problem: `${missing}: no file is at this path`, problemCode: { code: 'missing' } });
    expect(await judgeGivenFile('notes.txt')).toMatchObject({
      ok: false,
      problemCode: { code: 'relativePath' },
      problem: expect.stringContaining('give the whole path'),
    });
    expect(await judgeGivenFile(join(folder, 'pictures'))).toMatchObject({
      ok: false,
      problemCode: { code: 'folder' },
      problem: expect.stringContaining('is a folder'),
    });
    expect(await judgeGivenFile(join(folder, 'pipe'))).toMatchObject({ ok: false, problemCode: { code: 'notAFile' } });
  });

  it.skipIf(process.getuid?.() === 0)('refuses a file it cannot read, with the system’s reason', async () => {
    expect(await judgeGivenFile(join(folder, 'locked.txt'))).toMatchObject({ ok: false, problemCode: { code: 'unreadable', reason: 'EACCES' } });
  });
});
