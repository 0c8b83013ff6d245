import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptFile } from './kept-file';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vt-kept-file-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a list kept in a file', () => {
  it('writes the last change, and changes made while a write waits share it', async () => {
    const writes: string[] = [];
    const file = new KeptFile(join(folder, 'list.json'), {
      read: (path) => readFile(path, 'utf8'),
      write: async (path, data) => {
        writes.push(data);
        await writeFile(path, data);
      },
    });
    let list = [0];
    const saved = Array.from({ length: 1_000 }, (_, n) => {
      list = [n];
      return file.save(() => list);
    });
    await Promise.all(saved);
    expect(writes.length).toBeLessThanOrEqual(2);
    expect(await file.load()).toEqual([999]);
  });

  it('reads a missing file, one that is not JSON, and one that is no list as an empty list', async () => {
    const file = new KeptFile(join(folder, 'list.json'), { read: (path) => readFile(path, 'utf8'), write: (path, data) => writeFile(path, data) });
    expect(await file.load()).toEqual([]);
    await writeFile(join(folder, 'list.json'), '{ not json');
    expect(await file.load()).toEqual([]);
    await writeFile(join(folder, 'list.json'), '{"a":1}');
    expect(await file.load()).toEqual([]);
  });
});
