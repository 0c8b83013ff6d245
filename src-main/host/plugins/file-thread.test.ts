// The plugin's file thread: each step bounded in time. A read that never ends (a hung network or
// FUSE file system; the FIFO case is plugin-read-swaps.test.ts) fails naming the file, and the next
// step gets a thread of its own while the one held stays held.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FileThread } from './file-thread';
import { PluginReads } from './plugin-reads';

const stuck = new URL('../fixtures/file-thread-stuck.mjs', import.meta.url);
const ended: { stop(): void }[] = [];
afterEach(() => ended.splice(0).forEach((thread) => thread.stop()));

it('fails a step that takes longer than its bound, and takes the next on a new thread', async () => {
  const thread = new FileThread({ stepMs: 300, script: stuck });
  ended.push(thread);
  expect(await thread.open('/some/file', { dev: 1n, ino: 2n })).toEqual({ fd: 99 });
  await expect(thread.read(99, 0, 10)).rejects.toMatchObject({ code: 'timeout', message: 'the file gave no answer within 0.3 s' });
  expect(await thread.open('/some/file', { dev: 1n, ino: 2n })).toEqual({ fd: 99 });
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
