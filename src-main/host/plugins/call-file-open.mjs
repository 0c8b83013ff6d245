// How a call's file is described as the call begins and opened for its reads, wherever that is done:
// the plugin's file thread (file-thread-worker.mjs) and a module plugin's own worker
// (module-worker.mjs, module-worker-reads.mjs) do it the same way. Described: its links resolved as
// the system resolves them, which file it is (device and inode), what it is, and a call's one small
// file read whole. Opened: without waiting (a FIFO would wait for a writer), without following a
// link, and kept only when the descriptor is the regular file the call was described with: a
// plugin can swap a path between its call and its read. Plain JavaScript, synchronous on purpose.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';

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

/** What a call is told of a file, and which file it is. */
const described = (real, info) => ({ real, dev: info.dev, ino: info.ino, size: info.size, ...(info.isFile() ? {} : { kind: kindOf(info) }) });

/**
 * The file a call names: links resolved (as the system does), and what it is, `{real, dev, ino,
 * size, kind?}`. With `whole`, a regular file of at most that many bytes comes with its bytes
 * (`data`, an ArrayBuffer), read now: its reads need no other step. Throws the system's error.
 * @param {{ path: string, whole?: number }} file
 */
export function describeFile({ path, whole }) {
  const real = realpathSync.native(path);
  return (whole && withBytes(real, whole)) || described(real, statSync(real, { bigint: true }));
}

/** The file described from its descriptor, with all its bytes when it has at most `limit`; undefined when it cannot be opened (stat says why). */
function withBytes(real, limit) {
  let fd;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    if (!info.isFile() || info.size > BigInt(limit)) return described(real, info);
    // One byte more than its size: a file that grew meanwhile is read at its reads instead.
    const bytes = Buffer.allocUnsafeSlow(Number(info.size) + 1);
    let filled = 0;
    while (filled < bytes.length) {
      const got = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (got === 0) break;
      filled += got;
    }
    if (filled === bytes.length) return described(real, info);
    return { ...described(real, info), size: BigInt(filled), data: bytes.buffer.slice(0, filled) };
  } finally {
    closeSync(fd);
  }
}
