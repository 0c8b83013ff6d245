// The Node side of judging a folder (a tool's or a Skwir plugin's): the file system behind
// validateFolder, and jco's reading of a module plugin's component. Used by the installer (the
// registry) and by `vitruvian-tool validate` alike.
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateFolder, type FolderAccess, type FolderEntry, type FolderVerdict, type ValidFolder } from '../../../src-shared/manifest/validate-folder';
import { readBounded } from '../files/bounded-read';
import { componentWorld } from '../plugins/module/component-tools';

export type { FolderVerdict, ValidFolder };

const missing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR', 'ELOOP'].includes((error as NodeJS.ErrnoException).code ?? '');

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
