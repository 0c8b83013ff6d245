// A plugin folder's digest, on real folders: the same for the same contents wherever they are, another
// for any byte, name or link that differs; none for a folder over an install's limits; a FIFO in it
// is named, never opened.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderDigest } from './folder-digest';
import { installLimits } from './tool-copy';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A folder holding `files` (name: content; a name ending in / is a folder). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'vt-digest-'));
  made.push(root);
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) mkdirSync(join(root, name), { recursive: true });
    else writeFileSync(join(root, name), content);
  }
  return root;
}

describe('folderDigest', () => {
  it('is the same for the same contents, and differs for a byte, a name or a link', async () => {
    const files = { 'plugin.mjs': 'answer()', 'lib/': '', 'lib/a.js': 'a' };
    const one = await folderDigest(folder(files));
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(await folderDigest(folder(files))).toBe(one);
    expect(await folderDigest(folder({ ...files, 'lib/a.js': 'b' }))).not.toBe(one);
    expect(await folderDigest(folder({ 'plugin.mjs': 'answer()', 'lib/': '', 'lib/b.js': 'a' }))).not.toBe(one);
    const linked = folder(files);
    symlinkSync('lib/a.js', join(linked, 'link'));
    const other = folder(files);
    symlinkSync('plugin.mjs', join(other, 'link'));
    expect(await folderDigest(linked)).not.toBe(await folderDigest(other));
  });

  it('names a FIFO without opening it', async () => {
    const root = folder({ 'plugin.mjs': 'answer()' });
    execFileSync('mkfifo', [join(root, 'pipe')]);
    expect(await folderDigest(root)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has none for a folder of more entries than an install copies', async () => {
    const root = folder({});
    for (let i = 0; i <= installLimits.maxEntries; i++) writeFileSync(join(root, `f${i}`), '');
    expect(await folderDigest(root)).toBeUndefined();
  });
});
