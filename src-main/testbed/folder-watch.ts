// Watches a tool folder loaded in place and calls back, once things settle, after its files change.
// Editors save in bursts (temp file, rename, chmod), so changes are gathered for `settleMs`.
//
// Each folder gets a watch of its own rather than one `recursive` watch: on Linux, Node 20's recursive
// watch loses a file for good once it is replaced by a rename (`sed -i`, editors saving through a temp
// file). A rename anywhere brings a rescan that drops the watches of folders gone and arms new ones,
// and re-arms a folder made anew under the same name. The folders watched are capped; a stat poll
// covers what the watches cannot: the tool folder itself removed or replaced, and the manifest and the
// program when their folder has no watch.
import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Disposable } from '../../src-shared/lifecycle';
import { MANIFEST_FILE, MANIFEST_MAX_BYTES } from '../../src-shared/limits';
import { readBounded } from '../host/files/bounded-read';

/** Files a tool or an editor writes on its own, whose changes are not the author's edits. */
const ignoredNames = [
  /(^|[\\/])__pycache__([\\/]|$)/,
  /(^|[\\/])\.git([\\/]|$)/,
  /(^|[\\/])node_modules([\\/]|$)/,
  /\.pyc$/,
  /\.sw[px]$/,
  /~$/,
  /(^|[\\/])\.DS_Store$/,
  /(^|[\\/])4913$/,
];

export const isAuthorsEdit = (relativePath: string | null): boolean => relativePath === null || !ignoredNames.some((pattern) => pattern.test(relativePath));

export interface FolderWatchOptions {
  settleMs?: number;
  /** Told when watching fails or is partial (the folder was removed, too many folders); watching goes on when it can. */
  onProblem?: (problem: string) => void;
  /** At most this many folders get a watch of their own, the tool folder first (default 256). */
  maxFolders?: number;
  /** How often the poll looks at the tool folder, and at the manifest and program when unwatched (default 1000 ms). */
  pollMs?: number;
  /** Told of every change the system reports, with whether it counts as the author's edit (for tests and traces). */
  onNotified?: (relativePath: string | null, authorsEdit: boolean) => void;
}

export interface FolderWatch extends Disposable {
  /** The folders that have a watch now, the tool folder first. */
  readonly folders: readonly string[];
  /** A change was seen and the watch is waiting for the burst to end before it calls back. */
  readonly settling: boolean;
  /** Resolves once the first look is whole: the manifest read, the program it names watched or polled. */
  readonly ready: Promise<void>;
}

const manifestName = MANIFEST_FILE;

/** dev:inode of a folder, undefined when it is not there: a folder made anew under the same name differs. */
function folderIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function fileSignature(path: string): string {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'missing';
  }
}

/** The folder and its subfolders, breadth first, leaving out node_modules, .git and the like, at most `max`. */
function foldersUnder(root: string, max: number): { folders: string[]; complete: boolean } {
  const folders = [root];
  for (let index = 0; index < folders.length; index++) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folders[index] as string, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue; // symlinked folders are not followed: no loops, nothing outside
      const path = join(folders[index] as string, entry.name);
      if (!isAuthorsEdit(relative(root, path))) continue;
      if (folders.length >= max) return { folders, complete: false };
      folders.push(path);
    }
  }
  return { folders, complete: true };
}

/** The program the manifest names (its target when it is a symlink), if the manifest says. */
async function programOf(folder: string): Promise<string | undefined> {
  try {
    const bytes = await readBounded(join(folder, manifestName), MANIFEST_MAX_BYTES + 1);
    if (bytes.length > MANIFEST_MAX_BYTES) return undefined;
    const manifest = JSON.parse(new TextDecoder().decode(bytes)) as { runtime?: { exec?: unknown } };
    const exec = manifest.runtime?.exec;
    if (typeof exec !== 'string' || exec === '') return undefined;
    const path = resolve(folder, exec);
    return await realpath(path).catch(() => path);
  } catch {
    return undefined;
  }
}

export function watchFolder(folder: string, onChange: () => void, options: FolderWatchOptions = {}): FolderWatch {
  const settleMs = options.settleMs ?? 200;
  const maxFolders = Math.max(1, options.maxFolders ?? 256);
  const pollMs = options.pollMs ?? 1000;
  const watched = new Map<string, { watcher: FSWatcher; identity: string }>();
  /** Files no watch covers, with what they looked like at the last look. */
  let polled = new Map<string, string>();
  /** The program the manifest named at the last read, and how many reads were started. */
  let program: string | undefined;
  let programReads = 0;
  /** The latest read of the manifest for its program (programOf never rejects). */
  let lastRead: Promise<void> = Promise.resolve();
  let rootIdentity: string | undefined = 'not looked at yet';
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let rescanTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const told = new Set<string>();

  const tell = (problem: string, once = true) => {
    if (once && told.has(problem)) return;
    told.add(problem);
    options.onProblem?.(problem);
  };

  const settleSoon = () => {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      settleTimer = undefined;
      // A folder made in this burst gets its watch before the reload, so edits after it are seen.
      if (rescanTimer !== undefined) rescan();
      onChange();
    }, settleMs);
  };

  const rescanSoon = () => {
    rescanTimer ??= setTimeout(rescan, Math.min(settleMs, 20));
  };

  const stopWatching = (path: string) => {
    watched.get(path)?.watcher.close();
    watched.delete(path);
  };

  const arm = (path: string): FSWatcher => {
    const watcher = watch(path, (event, name) => {
      if (disposed) return;
      if (event === 'rename') rescanSoon();
      const changed = name === null || name === undefined ? null : relative(folder, join(path, String(name)));
      const authorsEdit = isAuthorsEdit(changed);
      options.onNotified?.(changed, authorsEdit);
      if (authorsEdit) settleSoon();
    });
    watcher.on('error', (error) => {
      tell(`stopped watching ${path}: ${error.message}`);
      if (watched.get(path)?.watcher === watcher) stopWatching(path);
      else watcher.close();
    });
    return watcher;
  };

  function rescan(): void {
    clearTimeout(rescanTimer);
    rescanTimer = undefined;
    if (disposed) return;
    const identity = folderIdentity(folder);
    if (identity === undefined && rootIdentity !== undefined) {
      tell(`${folder} is gone; watching for it to come back`, false);
    }
    rootIdentity = identity;
    const { folders, complete } = identity === undefined ? { folders: [], complete: true } : foldersUnder(folder, maxFolders);
    const wanted = new Set(folders);
    for (const path of [...watched.keys()]) if (!wanted.has(path)) stopWatching(path);
    for (const path of folders) {
      const current = folderIdentity(path);
      if (current !== undefined && watched.get(path)?.identity === current) continue;
      stopWatching(path);
      if (current === undefined) continue;
      try {
        watched.set(path, { watcher: arm(path), identity: current });
      } catch (error) {
        tell(`cannot watch ${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!complete) {
      tell(`watching the first ${maxFolders} folders of ${folder}; beyond them only the manifest and the program are checked, every ${pollMs} ms`);
    }
    pollUnwatched();
    // The manifest is read in the background, bounded: the latest read started says the program.
    const read = ++programReads;
    lastRead = programOf(folder).then((found) => {
      if (disposed || read !== programReads || found === program) return;
      program = found;
      pollUnwatched();
    });
  }

  function pollUnwatched(): void {
    const unwatched = [join(folder, manifestName), program].filter((path): path is string => path !== undefined && !watched.has(dirname(path)));
    polled = new Map(unwatched.map((path) => [path, polled.get(path) ?? fileSignature(path)]));
  }

  const poll = () => {
    if (disposed) return;
    if (folderIdentity(folder) !== rootIdentity) {
      rescan();
      settleSoon();
      return;
    }
    const changed = [...polled].filter(([path, signature]) => fileSignature(path) !== signature).map(([path]) => path);
    if (changed.length === 0) return;
    for (const path of changed) polled.set(path, fileSignature(path));
    if (changed.includes(join(folder, manifestName))) rescan(); // the program may have moved
    settleSoon();
  };

  rescan();
  const ready = lastRead;
  const pollTimer = setInterval(poll, pollMs);
  pollTimer.unref?.();

  return {
    get folders() {
      return [...watched.keys()];
    },
    ready,
    get settling() {
      return settleTimer !== undefined;
    },
    dispose() {
      disposed = true;
      clearTimeout(settleTimer);
      settleTimer = undefined;
      clearTimeout(rescanTimer);
      clearInterval(pollTimer);
      for (const path of [...watched.keys()]) stopWatching(path);
    },
  };
}
