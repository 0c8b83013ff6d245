// The installed copy of a dropped tool folder. The installer judges the source with the same
// function as `vitruvian-tool validate`, so the copy must lead everywhere the source leads, or a
// folder validate calls valid could be refused (or run something else) once copied.
//
// An install is bounded (installLimits: bytes, entries, depth), the folder is measured before a byte
// is copied, and a folder over a limit is refused with the figure. Only files, folders and symlinks
// are copied: a FIFO, a socket or a device is refused by name. A file is copied up to the size it had
// when measured, and its runs of zeros are left as holes, so a sparse file stays sparse (a folder of
// a few KB on disk must not fill GBs once copied).
//
// Files and folders are copied as they are; symlinks are copied as symlinks, each remade so that
// from the copy it leads to the same thing the source's link leads to:
// - A link that leads inside the source folder (however it is written: relative, or absolute
//   through the source's own path, or through other links) becomes a relative link to the same
//   place in the copy. Copied verbatim, an absolute one would lead back into the dropped folder.
// - A link that leads outside the folder is refused by validation only for runtime.exec; any other
//   (a shared library folder, say) keeps leading to the same place, by its absolute real path: as a
//   relative link such as ../shared it would lead into the app's data folder from the copy. What it
//   leads to is not copied in: it may be anything (a home folder, a disk), and the tool, which runs
//   as the person, can read it anyway. Such a tool keeps depending on that place, as it did.
// - A dangling link stays dangling: relative inside the copy when it pointed inside the folder,
//   else the absolute path it named.
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, opendir, readlink, realpath, symlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { isInside } from '../../../src-shared/manifest/tool-path';
import { problemOf, quote, type Problem } from '../../../src-shared/protocol/problem-reasons';

/** The most one install copies; a dropped folder over any of these is refused. */
export const installLimits = {
  /** Bytes over all files, each counted by its size (a sparse file counts whole). */
  maxBytes: 1024 ** 3,
  /** Files, folders and symlinks, the folders included. */
  maxEntries: 10_000,
  /** Folders below the tool's folder, down to the deepest entry. */
  maxDepth: 32,
} as const;

export type CopyVerdict = { ok: true } | { ok: false; problems: Problem[] };

interface Entry {
  /** Relative to the tool's folder. */
  path: string;
  kind: 'folder' | 'file' | 'link';
  size: number;
  mode: number;
}

const specialKind = (info: Stats): 'fifo' | 'socket' | 'device' | undefined =>
  info.isFIFO() ? 'fifo' : info.isSocket() ? 'socket' : info.isCharacterDevice() || info.isBlockDevice() ? 'device' : undefined;

const failure = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * Everything under `folder`, folders before what they hold, links not followed; or the problems
 * that refuse it. Stops at the first limit passed: a folder of a million files is not walked whole.
 */
async function measure(folder: string): Promise<{ entries: Entry[] } | { problems: Problem[] }> {
  const entries: Entry[] = [];
  const special: Problem[] = [];
  let bytes = 0;
  const pending = [{ under: '', depth: 1 }];
  while (pending.length > 0) {
    const { under, depth } = pending.shift() as { under: string; depth: number };
    // One name at a time: a folder of a million names is never listed whole.
    for await (const { name } of await opendir(join(folder, under))) {
      const path = under === '' ? name : join(under, name);
      if (entries.length + special.length === installLimits.maxEntries) {
        return { problems: [problemOf('folder', { code: 'tooManyEntries', limit: installLimits.maxEntries })] };
      }
      if (depth > installLimits.maxDepth) {
        return { problems: [problemOf('folder', { code: 'nestedTooDeep', value: quote(path), depth, limit: installLimits.maxDepth })] };
      }
      const info = await lstat(join(folder, path));
      const kind = specialKind(info);
      if (kind) {
        special.push(problemOf('folder', { code: 'specialFile', value: quote(path), kind }));
      } else if (info.isDirectory()) {
        entries.push({ path, kind: 'folder', size: 0, mode: info.mode });
        pending.push({ under: path, depth: depth + 1 });
      } else if (info.isSymbolicLink()) {
        entries.push({ path, kind: 'link', size: 0, mode: info.mode });
      } else {
        bytes += info.size;
        if (bytes > installLimits.maxBytes) {
          return { problems: [problemOf('folder', { code: 'tooManyFolderBytes', gib: installLimits.maxBytes / 1024 ** 3, limit: installLimits.maxBytes })] };
        }
        entries.push({ path, kind: 'file', size: info.size, mode: info.mode });
      }
    }
  }
  return special.length > 0 ? { problems: special.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)) } : { entries };
}

/**
 * Copies the tool folder `source` to `target` (which must not exist yet), or says why not. On a
 * refusal or a failure part way, `target` may hold part of the copy: the caller removes it.
 */
export async function copyToolFolder(source: string, target: string): Promise<CopyVerdict> {
  // A dropped folder that is itself a symlink is copied for what it leads to, not as a link.
  const from = await realpath(source);
  const measured = await measure(from).catch((error: unknown) => ({
    problems: [problemOf('folder', { code: 'unreadable', value: quote(source), detail: failure(error) })],
  }));
  if ('problems' in measured) return { ok: false, problems: measured.problems };
  await mkdir(target);
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  for (const entry of measured.entries) {
    const made = join(target, entry.path);
    try {
      if (entry.kind === 'folder') await mkdir(made, { mode: (entry.mode & 0o777) | 0o700 });
      else if (entry.kind === 'link') await symlink(await linkInCopy(from, entry.path), made);
      else if (!(await copyFile(join(from, entry.path), made, entry, chunk))) {
        return { ok: false, problems: [problemOf('folder', { code: 'changedWhileCopied', value: quote(entry.path) })] };
      }
    } catch (error) {
      return { ok: false, problems: [problemOf('folder', { code: 'notCopied', value: quote(entry.path), detail: failure(error) })] };
    }
  }
  return { ok: true };
}

/** Copies one file as it was measured; false when it is no longer that file or that size. */
async function copyFile(from: string, to: string, entry: Entry, chunk: Buffer): Promise<boolean> {
  const source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await source.stat();
    if (!info.isFile() || info.size !== entry.size) return false;
    const copy = await open(to, 'wx', entry.mode & 0o777);
    try {
      for (let at = 0; at < entry.size;) {
        const { bytesRead } = await source.read(chunk, 0, Math.min(chunk.length, entry.size - at), at);
        if (bytesRead === 0) return false; // it shrank
        await writeLeavingHoles(copy, chunk.subarray(0, bytesRead), at);
        at += bytesRead;
      }
      await copy.truncate(entry.size); // a hole at the end has nothing written to make it
    } finally {
      await copy.close();
    }
    return true;
  } finally {
    await source.close();
  }
}

const block = 4096;
const zeros = Buffer.alloc(block);

/** Writes `bytes` at `position`, skipping each block of zeros so it stays a hole. */
async function writeLeavingHoles(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  let run = -1; // where the current run of blocks with data starts
  for (let offset = 0; ; offset += block) {
    const end = Math.min(offset + block, bytes.length);
    const empty = offset >= bytes.length || bytes.subarray(offset, end).equals(zeros.subarray(0, end - offset));
    if (!empty && run < 0) run = offset;
    if (empty && run >= 0) {
      await file.write(bytes, run, Math.min(offset, bytes.length) - run, position + run);
      run = -1;
    }
    if (offset >= bytes.length) return;
  }
}

/** What the copy of the link at `link` (relative to the folder) should hold. */
async function linkInCopy(from: string, link: string): Promise<string> {
  const original = join(from, link);
  const leadsTo = await realpath(original).catch(() => undefined);
  const target = leadsTo ?? resolve(dirname(original), await readlink(original));
  if (!isInside(from, target)) return target;
  return relative(dirname(join(from, link)), target) || '.';
}
