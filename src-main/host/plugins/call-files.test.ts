// How a read is answered, seen from the host's side (plugin-reads.test.ts drives reads from a real
// plugin): the answer is written as JSON text by hand, since JSON.stringify of a read's 5.6 MB of
// base64 costs as much as all else the host does to serve it (bench/skwir-read.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallFiles } from './call-files';
import { JsonText } from '../wire/outbox';
import { PluginReads } from './plugin-reads';

const MiB = 1024 * 1024;
const folders: string[] = [];
const reading: PluginReads[] = [];
afterEach(() => {
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  reading.splice(0).forEach((reads) => reads.stop());
});

async function callAbout(bytes: Buffer): Promise<{ reads: PluginReads; files: CallFiles }> {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-call-files-'));
  folders.push(folder);
  const path = join(folder, 'file.bin');
  writeFileSync(path, bytes);
  const reads = new PluginReads(['read']);
  reading.push(reads);
  const files = await reads.describe([path]);
  reads.opened(files);
  return { reads, files };
}

describe('a read served', () => {
  it('answers with the bytes as base64 in JSON written by hand: 4 MiB at most, fewer at the end, none past it', async () => {
    const bytes = randomBytes(4 * MiB + 10);
    const { reads, files } = await callAbout(bytes);
    const read = (offset: number, length: number) => reads.serveJson({ file: 1, offset, length });
    const first = await read(0, 8 * MiB);
    expect(first).toBeInstanceOf(JsonText);
    // A long answer is bytes, never one string of its base64 (plugin-reads.ts); a short one is text.
    expect(Buffer.isBuffer(first.json)).toBe(true);
    expect(String(first.json).startsWith('{"data":"')).toBe(true);
    expect(Buffer.from((JSON.parse(String(first.json)) as { data: string }).data, 'base64').equals(bytes.subarray(0, 4 * MiB))).toBe(true);
    expect((await read(4 * MiB, 4 * MiB)).json).toBe(`{"data":"${bytes.subarray(4 * MiB).toString('base64')}"}`);
    expect((await read(4 * MiB + 10, 100)).json).toBe('{"data":""}');
    expect((await read(3, 0)).json).toBe('{"data":""}');
    await files.close();
  });

  it('answers a read of a small file read whole in the turn it came, when no read is before it and nothing waits to be taken in', async () => {
    const { reads, files } = await callAbout(Buffer.from('0123456789'));
    const now = reads.serveJson({ file: 1, offset: 2, length: 3 }, () => undefined);
    expect(now).toBeInstanceOf(JsonText);
    expect((now as JsonText).json).toBe(`{"data":"${Buffer.from('234').toString('base64')}"}`);
    // While the plugin has not taken in what was written to it, the read waits for that, in its turn.
    let release!: () => void;
    const taken = new Promise<void>((resolve) => (release = resolve));
    const waiting = reads.serveJson({ file: 1, offset: 0, length: 2 }, () => taken);
    expect(waiting).toBeInstanceOf(Promise);
    const behind = reads.serveJson({ file: 1, offset: 8, length: 5 }, () => undefined);
    expect(behind).toBeInstanceOf(Promise);
    release();
    expect((await waiting).json).toBe(`{"data":"${Buffer.from('01').toString('base64')}"}`);
    expect((await behind).json).toBe(`{"data":"${Buffer.from('89').toString('base64')}"}`);
    // A refusal is thrown at once, for the peer to answer.
    expect(() => reads.serveJson({ file: 2, offset: 0, length: 1 })).toThrow(/file 2 is not a file of the call being answered/);
    await files.close();
  });

  it('serves reads one at a time, each once `ready` says so, and refuses those still waiting when the call ends', async () => {
    const { reads, files } = await callAbout(Buffer.from('0123456789'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waited = 0;
    const ready = () => {
      waited++;
      return gate;
    };
    const first = reads.serve({ file: 1, offset: 0, length: 4 }, ready);
    const second = reads.serve({ file: 1, offset: 4, length: 4 }, ready);
    await expect.poll(() => waited).toBe(1);
    release();
    expect((await first).toString()).toBe('0123');
    // The second waited for the first to be served before it asked.
    expect((await second).toString()).toBe('4567');
    expect(waited).toBe(2);
    const stuck = reads.serve({ file: 1, offset: 0, length: 4 }, () => new Promise<void>(() => {}));
    reads.ended(files, 7, 'answered');
    await expect(stuck).rejects.toMatchObject({
      code: -32000,
      message: 'read refused: file 1 is of call 7, which has ended; a handle means nothing once its call is over',
    });
    await files.close();
  });
});
