// The converted files the host serves by token (converted-files.ts), with real files: a token is
// good only for the file offered, as it was offered; a file the cache dropped or replaced since, a
// link put in its place, a released token and an unknown one all open nothing.
import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../files/own-files';
import { CONVERTED_FILES_SERVED, ConvertedFiles, decodedPieces } from './converted-files';

let scratch: string;
let files: ConvertedFiles;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-converted-'));
  files = new ConvertedFiles(join(scratch, 'loose'));
});
afterEach(async () => {
  await files.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** What the token opens, as text; undefined when it opens nothing. */
async function opened(token: string): Promise<string | undefined> {
  const file = await files.open(token);
  if (!file) return undefined;
  try {
    return (await file.handle.readFile()).toString();
  } finally {
    await file.handle.close();
  }
}

async function kept(name: string, text: string): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, text);
  return path;
}

describe('the converted files served', () => {
  it('opens the file offered by its token, with its name and size, and nothing by any other token', async () => {
    const shown = await files.offer(await kept('a.bin', 'the bytes'), 'a.png');
    expect(shown).toEqual({ name: 'a.png', bytes: 9, token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect(await opened(shown!.token)).toBe('the bytes');
    const other = shown!.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const token of [other, '', '../a.bin', join(scratch, 'a.bin'), `${shown!.token}/`, shown!.token.slice(1)]) {
      expect(await opened(token), token).toBeUndefined();
    }
  });

  it('opens nothing once released, once the cache dropped the file, or once it was replaced or made a link', async () => {
    const released = await files.offer(await kept('a.bin', 'a'), 'a.png');
    expect(await files.release(released!.token)).toBe(true);
    expect(await opened(released!.token)).toBeUndefined();
    expect(await files.release(released!.token)).toBe(false);

    const dropped = await files.offer(await kept('b.bin', 'b'), 'b.png');
    await rm(join(scratch, 'b.bin'));
    expect(await opened(dropped!.token)).toBeUndefined();

    // Asked again: the cache writes the new conversion in place of the old (a new file there).
    const replaced = await files.offer(await kept('c.bin', 'old'), 'c.png');
    await writeFileAtomic(join(scratch, 'c.bin'), Buffer.from('new'));
    expect(await opened(replaced!.token)).toBeUndefined();

    const linked = await files.offer(await kept('d.bin', 'd'), 'd.png');
    await rm(join(scratch, 'd.bin'));
    await writeFile(join(scratch, 'elsewhere.txt'), 'not a conversion');
    await symlink(join(scratch, 'elsewhere.txt'), join(scratch, 'd.bin'));
    expect(await opened(linked!.token)).toBeUndefined();
  });

  it('keeps bytes no cache holds in a file of its own while served, removed once released', async () => {
    const shown = await files.offerLoose(Buffer.from('loose bytes').toString('base64'), 'l.txt');
    expect(await opened(shown!.token)).toBe('loose bytes');
    expect(await readdir(join(scratch, 'loose'))).toHaveLength(1);
    await files.release(shown!.token);
    expect(await readdir(join(scratch, 'loose'))).toEqual([]);
  });

  it('decodes base64 a piece at a time into exactly the bytes it holds', () => {
    const bytes = Buffer.from(Array.from({ length: 7 * 1024 * 1024 + 5 }, (_, i) => (i * 131 + (i >> 9)) & 0xff));
    const pieces = [...decodedPieces(bytes.toString('base64'))];
    expect(pieces.length).toBe(3);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect([...decodedPieces('')]).toEqual([]);
  });

  it(`serves at most ${CONVERTED_FILES_SERVED} tokens: the oldest is let go first`, async () => {
    const path = await kept('a.bin', 'a');
    const tokens: string[] = [];
    for (let i = 0; i <= CONVERTED_FILES_SERVED; i++) tokens.push((await files.offer(path, 'a.png'))!.token);
    expect(await opened(tokens[0]!)).toBeUndefined();
    expect(await opened(tokens[1]!)).toBe('a');
    expect(await opened(tokens.at(-1)!)).toBe('a');
  });
});
