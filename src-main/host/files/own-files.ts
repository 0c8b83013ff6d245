// Files the host writes for the person: theirs alone (files 0600, folders 0700), and replaced whole
// or not at all. A write is answered only once it is on disk: temp file, fsync, rename, fsync of the
// folder, so a host killed at any moment keeps every value it has answered.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What the app writes for the person stays theirs alone: files 0600, folders 0700. */
export const ownerOnly = { file: 0o600, folder: 0o700 } as const;

/** Makes a folder, and any missing above it, that only the person can open. */
export const makeOwnFolder = (path: string) => mkdir(path, { recursive: true, mode: ownerOnly.folder });

let tempCount = 0;

/**
 * Replaces a file so that a reader (or a crash) sees either the old content or the new, never a mix.
 * `data` may come in pieces, made as they are written (a converted file decoded from its base64).
 */
export async function writeFileAtomic(file: string, data: string | Buffer | Iterable<Buffer>, mode: number = ownerOnly.file): Promise<void> {
  const temp = `${file}.${process.pid}.${++tempCount}.tmp`;
  try {
    const handle = await open(temp, 'w', mode);
    try {
      if (typeof data === 'string' || Buffer.isBuffer(data)) await handle.writeFile(data);
      // Each from where the last ended (FileHandle.writeFile writes from the handle's position).
      else for (const piece of data) await handle.writeFile(piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // The rename itself must reach the disk too, or a power cut could bring back the old file.
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse to sync a folder; the rename is still atomic there.
  } finally {
    await folder.close();
  }
}
