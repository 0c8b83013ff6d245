// Real folders, real writes: the ways authors and their editors change a tool folder while it is loaded.
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Disposable } from '../../src-shared/lifecycle';
import { watchFolder, type FolderWatch, type FolderWatchOptions } from './folder-watch';

let work: string;
let folder: string;
let changes: number;
let problems: string[];
let watching: Disposable | undefined;

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-watch-'));
  folder = join(work, 'tool');
  await mkdir(folder);
  await writeFile(join(folder, 'vitruvian-tool.json'), '{"id": "com.example.one"}');
  changes = 0;
  problems = [];
  changeWaiters = [];
});

afterEach(async () => {
  watching?.dispose();
  watching = undefined;
  await rm(work, { recursive: true, force: true });
});

/** Told each time the watch calls back. */
let changeWaiters: (() => void)[] = [];

const startWatching = (options: FolderWatchOptions = {}) => {
  const watch = watchFolder(
    folder,
    () => {
      changes++;
      changeWaiters.splice(0).forEach((wake) => wake());
    },
    { settleMs: 50, pollMs: 100, onProblem: (problem) => problems.push(problem), ...options },
  );
  watching = watch;
  return watch;
};

const nextChange = () => new Promise<void>((resolve) => changeWaiters.push(resolve));

/**
 * Waits until the watch has no burst pending, so the next count can only grow from the next edit.
 * An edit's notifications are queued by the system before the edit's promise resolves, and read
 * before the burst's timer ends: once the watch has called back for it, nothing of it is left.
 */
async function quiet(): Promise<void> {
  while (watching && (watching as FolderWatch).settling) await nextChange();
}

/** Longer than any burst takes to be seen on a busy machine; a watch that misses an edit fails here, naming it. */
const NEVER_SEEN_MS = 10_000;

/** Makes an edit and waits until the watch reports it; fails naming the edit if it never does. */
async function seesChange(edit: () => Promise<unknown>, what: string): Promise<void> {
  await quiet();
  const before = changes;
  const seen = nextChange();
  await edit();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const missed = new Promise<'missed'>((resolve) => (timer = setTimeout(() => resolve('missed'), NEVER_SEEN_MS)));
  const outcome = await Promise.race([seen, missed]);
  clearTimeout(timer);
  expect(outcome === 'missed' ? `the watch never reported ${what}` : 'reported').toBe('reported');
  expect(changes).toBeGreaterThan(before);
}

const manifest = () => join(folder, 'vitruvian-tool.json');

it('sees a plain write, and only once for a burst', async () => {
  startWatching();
  await seesChange(async () => {
    for (const id of ['a', 'b', 'c']) await writeFile(manifest(), JSON.stringify({ id }));
  }, 'the burst of three writes');
  await quiet();
  expect(changes).toBeLessThanOrEqual(2);
});

it('keeps seeing a file after it was saved by rename (temp file renamed over it), even plain writes', async () => {
  startWatching();
  await seesChange(async () => {
    await writeFile(join(folder, '.vitruvian-tool.json.tmp'), '{"id": "com.example.two"}');
    await rename(join(folder, '.vitruvian-tool.json.tmp'), manifest());
  }, 'the manifest saved by rename');
  await seesChange(() => writeFile(manifest(), '{"id": "com.example.three"}'), 'the first plain write after the rename');
  await seesChange(() => writeFile(manifest(), '{"id": "com.example.four"}'), 'the second plain write after the rename');
});

it('sees a new subfolder and then the files written in it', async () => {
  startWatching();
  await seesChange(() => mkdir(join(folder, 'lib', 'deep'), { recursive: true }), 'the new subfolder');
  await seesChange(() => writeFile(join(folder, 'lib', 'deep', 'main.js'), '// one'), 'the new file in the new subfolder');
  await seesChange(() => writeFile(join(folder, 'lib', 'deep', 'main.js'), '// two'), 'the second write of that file');
});

it('sees a subfolder deleted, and its files again once it is made anew', async () => {
  await mkdir(join(folder, 'lib'));
  await writeFile(join(folder, 'lib', 'main.js'), '// one');
  const watch = startWatching();
  await seesChange(() => rm(join(folder, 'lib'), { recursive: true }), 'the subfolder deleted');
  await seesChange(async () => {
    await mkdir(join(folder, 'lib'));
    await writeFile(join(folder, 'lib', 'main.js'), '// two');
  }, 'the subfolder made anew with its file');
  await seesChange(() => writeFile(join(folder, 'lib', 'main.js'), '// three'), 'the write in the subfolder made anew');
  expect(watch.folders).toEqual([folder, join(folder, 'lib')]);
});

it('sees the tool folder itself deleted and made anew, and its files after', async () => {
  startWatching();
  await seesChange(() => rm(folder, { recursive: true }), 'the tool folder deleted');
  expect(problems.join('\n')).toContain(`${folder} is gone`);
  await seesChange(async () => {
    await mkdir(folder);
    await writeFile(manifest(), '{"id": "com.example.two"}');
  }, 'the tool folder made anew');
  await seesChange(() => writeFile(manifest(), '{"id": "com.example.three"}'), 'the write in the tool folder made anew');
});

it('leaves node_modules and .git alone, caps the folders watched, and polls a program beyond the cap', async () => {
  for (let index = 0; index < 40; index++) await mkdir(join(folder, 'node_modules', `package-${index}`, 'lib'), { recursive: true });
  await mkdir(join(folder, '.git', 'objects'), { recursive: true });
  for (let index = 0; index < 6; index++) await mkdir(join(folder, `part-${index}`, 'bin'), { recursive: true });
  await writeFile(join(folder, 'part-5', 'bin', 'tool.sh'), '#!/bin/sh\n');
  await writeFile(manifest(), JSON.stringify({ id: 'com.example.one', runtime: { exec: 'part-5/bin/tool.sh' } }));
  const watch = startWatching({ maxFolders: 4 });
  await watch.ready; // the program beyond the cap is polled from here on
  expect(watch.folders.length).toBe(4);
  expect(watch.folders.filter((path) => /node_modules|\.git/.test(path))).toEqual([]);
  expect(problems).toEqual([`watching the first 4 folders of ${folder}; beyond them only the manifest and the program are checked, every 100 ms`]);
  await seesChange(() => writeFile(join(folder, 'part-5', 'bin', 'tool.sh'), '#!/bin/sh\necho changed\n'), 'the write of the program beyond the cap (polled)');
  await seesChange(
    () => writeFile(manifest(), JSON.stringify({ id: 'com.example.two', runtime: { exec: 'part-5/bin/tool.sh' } })),
    'the write of the manifest naming that program',
  );
});

it('does not count what a tool or an editor writes on its own', async () => {
  await mkdir(join(folder, '__pycache__'));
  const notified: string[] = [];
  let swapSeen!: () => void;
  const swap = new Promise<void>((resolve) => (swapSeen = resolve));
  const watch = startWatching({
    onNotified: (path, authorsEdit) => {
      notified.push(`${path}: ${authorsEdit ? 'an edit' : 'not an edit'}`);
      if (path === '.main.py.swp') swapSeen();
    },
  });
  await writeFile(join(folder, '__pycache__', 'main.cpython-311.pyc'), 'x'); // its folder is not even watched
  await writeFile(join(folder, '.main.py.swp'), 'x');
  await swap; // the system's notices come in order: all of the writes above have been told and judged
  expect(notified.filter((line) => line.endsWith(': an edit'))).toEqual([]);
  expect(watch.settling).toBe(false);
  expect(changes).toBe(0);
});

it('reads at most the manifest limit of a manifest linked to /dev/zero, and goes on watching', { timeout: 10_000 }, async () => {
  await rm(manifest());
  await symlink('/dev/zero', manifest());
  const watch = startWatching();
  // Its first look reads the manifest: /dev/zero read whole would never end.
  await watch.ready;
  await seesChange(() => writeFile(join(folder, 'main.js'), '// edited'), 'the write beside a manifest linked to /dev/zero');
});
