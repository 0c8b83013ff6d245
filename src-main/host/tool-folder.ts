// The Node side of judging a folder (a tool's or a Skwir plugin's): the file system behind
// validateFolder, and jco's reading of a module plugin's component. Used by the installer (the
// registry) and by `vitruvian-tool validate` alike.
import { constants, type Stats } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateFolder, type FolderAccess, type FolderEntry, type FolderVerdict, type ValidFolder } from '../../src-shared/manifest/validate-folder';
import { componentWorld } from './component-tools';

export type { FolderVerdict, ValidFolder };

const missing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR', 'ELOOP'].includes((error as NodeJS.ErrnoException).code ?? '');

/** What a path that is not a regular file is, in words. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a file';
}

/**
 * The first `maxBytes` bytes of a regular file (fewer when it is shorter); pass a limit plus one
 * to tell a file over the limit. Every read of a file a tool's folder holds (its manifest, the
 * head of its program) goes through here: a file is never read whole before its size is judged,
 * and anything but a regular file is refused before a byte is read. A manifest linked to
 * /dev/zero would never end, and opening a FIFO for reading waits for a writer (opened
 * non-blocking here, so it does not).
 */
export async function readBounded(path: string, maxBytes: number): Promise<Uint8Array> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new Error(`${path} is not a regular file (${kindOf(info)})`);
    const buffer = new Uint8Array(maxBytes);
    let filled = 0;
    while (filled < maxBytes) {
      const { bytesRead } = await file.read(buffer, filled, maxBytes - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await file.close();
  }
}

export const nodeFolderAccess: FolderAccess = {
  async stat(path: string): Promise<FolderEntry | undefined> {
    try {
      const info = await stat(path);
      const kind = info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other';
      return { kind, size: info.size, executable: info.isFile() && (info.mode & 0o111) !== 0 };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  },
  read: (path: string, maxBytes: number) => readBounded(path, maxBytes),
  async realpath(path: string): Promise<string | undefined> {
    try {
      return await realpath(path);
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  },
  componentWorld,
};

/** Judges the folder at `folder` (relative to the working folder, or absolute): a tool or a plugin. */
export function checkFolder(folder: string): Promise<FolderVerdict> {
  return validateFolder(resolve(folder), nodeFolderAccess);
}
