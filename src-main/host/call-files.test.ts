// How a read is answered, seen from the host's side (plugin-reads.test.ts drives reads from a real
// plugin): the answer is written as JSON text by hand, since JSON.stringify of a read's 5.6 MB of
// base64 costs as much as all else the host does to serve it (bench/skwir-read.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallFiles, serveRead, type ReadWindow } from './call-files';
import { JsonText } from './outbox';

const MiB = 1024 * 1024;
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

async function callAbout(bytes: Buffer): Promise<ReadWindow & { open: CallFiles }> {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-call-files-'));
  folders.push(folder);
  const path = join(folder, 'file.bin');
  writeFileSync(path, bytes);
  return { open: await CallFiles.describe([path]) };
}

describe('serveRead', () => {
  it('answers with the bytes as base64 in JSON written by hand: 4 MiB at most, fewer at the end, none past it', async () => {
    const bytes = randomBytes(4 * MiB + 10);
    const window = await callAbout(bytes);
    const read = (offset: number, length: number) => serveRead({ file: 1, offset, length }, window, ['read']);
    const first = await read(0, 8 * MiB);
    expect(first).toBeInstanceOf(JsonText);
    expect(first.json.startsWith('{"data":"')).toBe(true);
    expect(Buffer.from((JSON.parse(first.json) as { data: string }).data, 'base64').equals(bytes.subarray(0, 4 * MiB))).toBe(true);
    expect(JSON.parse((await read(4 * MiB, 4 * MiB)).json)).toEqual({ data: bytes.subarray(4 * MiB).toString('base64') });
    expect((await read(4 * MiB + 10, 100)).json).toBe('{"data":""}');
    expect((await read(3, 0)).json).toBe('{"data":""}');
    await window.open.close();
  });
});
