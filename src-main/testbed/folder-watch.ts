// Watches a tool folder loaded in place and calls back, once things settle, after its files change.
// Editors save in bursts (temp file, rename, chmod), so changes are gathered for `settleMs`.
import { watch, type FSWatcher } from 'node:fs';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';

/** Files a tool or an editor writes on its own, whose changes are not the author's edits. */
const ignoredNames = [/(^|[\\/])__pycache__([\\/]|$)/, /(^|[\\/])\.git([\\/]|$)/, /(^|[\\/])node_modules([\\/]|$)/, /\.pyc$/, /\.sw[px]$/, /~$/, /(^|[\\/])\.DS_Store$/, /(^|[\\/])4913$/];

export const isAuthorsEdit = (relativePath: string | null): boolean =>
  relativePath === null || !ignoredNames.some((pattern) => pattern.test(relativePath));

export interface FolderWatchOptions {
  settleMs?: number;
  /** Told when watching fails (the folder was removed, too many watches); watching goes on when it can. */
  onProblem?: (problem: string) => void;
}

export function watchFolder(folder: string, onChange: () => void, options: FolderWatchOptions = {}): Disposable {
  const settleMs = options.settleMs ?? 200;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watcher: FSWatcher | undefined;
  let disposed = false;

  const changed = (_event: string, name: string | Buffer | null) => {
    if (disposed || !isAuthorsEdit(name === null ? null : String(name))) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, settleMs);
  };

  const start = () => {
    try {
      // Recursive watching is there on Linux from Node 20 and on macOS; else the top level only.
      watcher = watch(folder, { recursive: true }, changed);
    } catch {
      try {
        watcher = watch(folder, changed);
      } catch (error) {
        options.onProblem?.(`cannot watch ${folder}: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    watcher.on('error', (error) => {
      options.onProblem?.(`stopped watching ${folder}: ${error.message}`);
      watcher?.close();
      watcher = undefined;
    });
  };
  start();

  return toDisposable(() => {
    disposed = true;
    clearTimeout(timer);
    watcher?.close();
  });
}
