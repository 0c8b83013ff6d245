// How a call's file is opened for its reads, wherever they are served: the plugin's file thread
// (file-thread-worker.mjs) and a module plugin's own worker (module-worker-reads.mjs) open it the
// same way. Without waiting (a FIFO would wait for a writer), without following a link, and kept only
// when the descriptor is the regular file the call was described with (same device and inode): a
// plugin can swap a path between its call and its read. Plain JavaScript, synchronous on purpose.
import { closeSync, constants, fstatSync, openSync } from 'node:fs';

const { O_RDONLY, O_NONBLOCK = 0, O_NOFOLLOW = 0, O_NOCTTY = 0 } = constants;
export const OPEN_FLAGS = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY;

/** What a path that is no regular file is, in words. */
export function kindOf(info) {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isDirectory()) return 'a folder';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/**
 * The file at `path` opened, `{fd}`, or what it is now when it is not the file described,
 * `{changed}`; throws the system's error (its `code`) when it cannot be opened.
 * @param {{ path: string, dev: bigint, ino: bigint }} file
 * @returns {{ fd: number } | { changed: string }}
 */
export function openChecked({ path, dev, ino }) {
  let fd;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    // O_NOFOLLOW refuses a link with ELOOP (EMLINK on some BSDs).
    if (O_NOFOLLOW !== 0 && (error.code === 'ELOOP' || error.code === 'EMLINK')) return { changed: 'a symbolic link' };
    throw error;
  }
  const info = fstatSync(fd, { bigint: true });
  const changed = !info.isFile() ? kindOf(info) : info.dev !== dev || info.ino !== ino ? 'another file' : undefined;
  if (changed === undefined) return { fd };
  closeSync(fd);
  return { changed };
}
