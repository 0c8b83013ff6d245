// The Node side of judging a folder (a tool's or a Skwir plugin's): the file system behind
// validateFolder. Used by the installer (the registry) and by `vitruvian-tool validate` alike.
import { open, realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  validateFolder, type FolderAccess, type FolderEntry, type FolderVerdict, type ValidFolder,
} from '../../src-shared/manifest/validate-folder';

export type { FolderVerdict, ValidFolder };

const missing = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR', 'ELOOP'].includes((error as NodeJS.ErrnoException).code ?? '');

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
  async read(path: string, maxBytes: number): Promise<Uint8Array> {
    const file = await open(path, 'r');
    try {
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
  },
  async realpath(path: string): Promise<string | undefined> {
    try {
      return await realpath(path);
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  },
};

/** Judges the folder at `folder` (relative to the working folder, or absolute): a tool or a plugin. */
export function checkFolder(folder: string): Promise<FolderVerdict> {
  return validateFolder(resolve(folder), nodeFolderAccess);
}
