// The thread a plugin's reads of its calls' files run in (file-thread.ts starts it): plain
// JavaScript, so it runs as it is under Node, tsx, vitest and Electron alike. Everything here is
// synchronous on purpose: the host's own file work runs on Node's shared pool of four threads, and
// a file that never answers must hold this thread, not one of those. A file is opened without
// waiting (a FIFO would wait for a writer), without following a link, and kept only when the
// descriptor is the regular file the call was described with (same device and inode).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { O_RDONLY, O_NONBLOCK = 0, O_NOFOLLOW = 0, O_NOCTTY = 0 } = constants;
const OPEN_FLAGS = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY;

/** What a path that is no regular file is, in words. */
function kindOf(info) {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isDirectory()) return 'a folder';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** The file at `path` opened, or what it is now when it is not the file described. */
function open({ path, dev, ino }) {
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

/** Up to `length` bytes from `offset`: fewer only at the end of the file. */
function read({ fd, offset, length }) {
  const bytes = Buffer.allocUnsafeSlow(length);
  let filled = 0;
  while (filled < length) {
    const got = readSync(fd, bytes, filled, length - filled, offset + filled);
    if (got === 0) break;
    filled += got;
  }
  return { data: filled === length ? bytes.buffer : bytes.buffer.slice(0, filled) };
}

port.on('message', (asked) => {
  let reply;
  try {
    if (asked.op === 'open') reply = open(asked);
    else if (asked.op === 'read') reply = read(asked);
    else {
      closeSync(asked.fd);
      reply = { closed: true };
    }
  } catch (error) {
    reply = { failed: { code: error?.code, message: error instanceof Error ? error.message : String(error) } };
  }
  port.postMessage({ id: asked.id, ...reply }, reply.data ? [reply.data] : []);
});
