// The bounded read behind every look at a tool's manifest or program, with real files: a FIFO,
// a device, a file far over the limit.
import { inEnglish } from '../../../src-shared/test/in-english';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_MAX_BYTES } from '../../../src-shared/limits';
import { readBounded } from '../files/bounded-read';
import { checkFolder } from './tool-folder';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-tool-folder-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('readBounded', () => {
  it('reads a regular file whole when it is short, and only the first maxBytes of a longer one', async () => {
    const file = join(scratch, 'big');
    await writeFile(file, 'x'.repeat(100_000));
    expect((await readBounded(file, 70_000)).length).toBe(70_000);
    expect(new TextDecoder().decode(await readBounded(file, 200_000))).toBe('x'.repeat(100_000));
  });

  it('refuses /dev/zero, a FIFO nobody writes and a folder at once, naming what they are', async () => {
    const fifo = join(scratch, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    expect((await failureOf(readBounded('/dev/zero', MANIFEST_MAX_BYTES + 1)))?.message).toBe('/dev/zero is not a regular file (a device)');
    expect((await failureOf(readBounded(fifo, MANIFEST_MAX_BYTES + 1)))?.message).toBe(`${fifo} is not a regular file (a FIFO)`);
    expect((await failureOf(readBounded(scratch, 10)))?.message).toBe(`${scratch} is not a regular file (a folder)`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('judging a folder whose manifest is not a file', () => {
  it('refuses a manifest linked to /dev/zero at once, with a reason', async () => {
    const folder = join(scratch, 'zero');
    await mkdir(folder);
    await symlink('/dev/zero', join(folder, 'vitruvian-tool.json'));
    const started = Date.now();
    expect(inEnglish(await checkFolder(folder))).toEqual({ ok: false, problems: ['vitruvian-tool.json: not a regular file'] });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
