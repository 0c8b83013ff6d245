// The plugin's file thread: each step bounded in time. A read that never ends (a hung network or
// FUSE file system; the FIFO case is plugin-read-swaps.test.ts) fails naming the file, and the next
// step gets a thread of its own while the one held stays held.
import { closeSync, fstatSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FileThread } from './file-thread';
import { PluginReads } from './plugin-reads';

const isOpen = (fd: number) => {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};

const stuck = new URL('../fixtures/file-thread-stuck.mjs', import.meta.url);
const ended: { stop(): void }[] = [];
afterEach(() => ended.splice(0).forEach((thread) => thread.stop()));

it('fails a step that takes longer than its bound, and takes the next on a new thread', async () => {
  const thread = new FileThread({ stepMs: 300, script: stuck });
  ended.push(thread);
  const described = { real: '/some/file', identity: { dev: 1n, ino: 2n }, size: 5n };
  expect(await thread.describe('/some/file')).toEqual(described);
  await expect(thread.read({ path: '/some/file', identity: described.identity }, 0, 10)).rejects.toMatchObject({
    code: 'timeout',
    message: 'the file gave no answer within 0.3 s',
  });
  expect(await thread.describe('/some/file')).toEqual(described);
});

it("refuses a read that never ends, naming the call's file", async () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-file-thread-'));
  try {
    const path = join(folder, 'slow.bin');
    writeFileSync(path, 'bytes');
    const reads = new PluginReads(['read'], { stepMs: 300, script: stuck });
    ended.push(reads);
    const files = await reads.describe([path]);
    reads.opened(files);
    await expect(reads.serve({ file: 1, offset: 0, length: 5 })).rejects.toMatchObject({
      code: -32000,
      message: `read failed: ${path} could not be read (the file gave no answer within 0.3 s)`,
    });
    // Closing does not wait on the thread that is held.
    await files.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it("refuses a call's file whose describing never ends, naming it as a file that gave no answer", async () => {
  const reads = new PluginReads(['read'], { stepMs: 300, script: stuck });
  ended.push(reads);
  await expect(reads.describe(['/share/stuck'])).rejects.toMatchObject({
    path: '/share/stuck',
    problem: { code: 'noAnswer', seconds: 0.3 },
    message: '/share/stuck: it gave no answer within 0.3 s (a disk or network share that stopped responding?)',
  });
  // The next call's file, on a thread of its own.
  expect((await reads.describe(['/share/other'])).callFiles).toHaveLength(1);
});

it('never reads nor closes a descriptor of a thread that ended: its number may be another file by then', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-file-thread-'));
  const thread = new FileThread();
  ended.push(thread);
  try {
    const path = join(folder, 'file.txt');
    writeFileSync(path, 'the bytes');
    const described = await thread.describe(path);
    const first = await thread.read({ path: described.real, identity: described.identity }, 0, 3);
    if (!('fd' in first)) throw new Error(`not opened: it is now ${first.changed}`);
    expect(first.data.toString()).toBe('the');
    // The plugin stopped: Node closes what the thread opened, and the number may be given out again.
    thread.stop();
    await expect.poll(() => isOpen(first.fd), { timeout: 10_000 }).toBe(false);
    const other = openSync(path, 'r');
    try {
      await expect(thread.read({ fd: first.fd }, 4, 5)).rejects.toMatchObject({ code: 'ended', message: 'the file thread that opened it ended' });
      thread.close(first.fd);
      await thread.describe(path);
      // The number it had is still open for whoever has it now.
      expect(fstatSync(other).isFile()).toBe(true);
    } finally {
      closeSync(other);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
