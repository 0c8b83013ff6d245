// What a plugin's folder holds, as one sha256: every entry's path and kind, each file's bytes, each
// link's target, in the order of their paths. The plugin cache keys what a plugin answered on it,
// so a second folder installed under the same id and version (other code, same words in its
// manifest) is asked again. Bounded as an install is (installLimits): a larger folder, or one that
// cannot be read whole, has no digest, and what its plugin answers is not kept.
import { constants } from 'node:fs';
import { lstat, open, opendir, readlink } from 'node:fs/promises';
import { createHash, type Hash } from 'node:crypto';
import { join } from 'node:path';
import { installLimits } from './tool-copy';

/** The folder's digest, or undefined when it is over an install's limits or cannot be read. */
export async function folderDigest(folder: string): Promise<string | undefined> {
  try {
    return await digest(folder);
  } catch {
    return undefined;
  }
}

async function digest(folder: string): Promise<string | undefined> {
  const paths: { path: string; depth: number }[] = [];
  const pending = [{ under: '', depth: 1 }];
  while (pending.length > 0) {
    const { under, depth } = pending.shift()!;
    for await (const { name } of await opendir(join(folder, under))) {
      const path = under === '' ? name : join(under, name);
      if (paths.length === installLimits.maxEntries || depth > installLimits.maxDepth) return undefined;
      paths.push({ path, depth });
      if ((await lstat(join(folder, path))).isDirectory()) pending.push({ under: path, depth: depth + 1 });
    }
  }
  const hash = createHash('sha256');
  let bytes = 0;
  for (const { path } of paths.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const full = join(folder, path);
    const info = await lstat(full);
    if (info.isSymbolicLink()) hash.update(`link\0${path}\0${await readlink(full)}\0`);
    else if (info.isDirectory()) hash.update(`folder\0${path}\0`);
    else if (info.isFile()) {
      bytes += info.size;
      if (bytes > installLimits.maxBytes) return undefined;
      hash.update(`file\0${path}\0${info.size}\0`);
      if (!(await hashFile(full, info.size, hash))) return undefined;
    } else hash.update(`other\0${path}\0`);
  }
  return hash.digest('hex');
}

/** Adds the file's bytes; false when it is no longer the regular file of that size. */
async function hashFile(path: string, size: number, hash: Hash): Promise<boolean> {
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile() || info.size !== size) return false;
    const chunk = Buffer.allocUnsafe(Math.min(size, 1_048_576));
    for (let at = 0; at < size;) {
      const { bytesRead } = await file.read(chunk, 0, Math.min(chunk.length, size - at), at);
      if (bytesRead === 0) return false;
      hash.update(chunk.subarray(0, bytesRead));
      at += bytesRead;
    }
    return true;
  } finally {
    await file.close();
  }
}
