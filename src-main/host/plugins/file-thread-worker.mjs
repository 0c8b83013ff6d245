// The thread a plugin's reads of its calls' files run in (file-thread.ts starts it): plain
// JavaScript, so it runs as it is under Node, tsx, vitest and Electron alike. Everything here is
// synchronous on purpose: the host's own file work runs on Node's shared pool of four threads, and
// a file that never answers must hold this thread, not one of those. A call's file is described
// here, or opened at its first read, as call-file-open.mjs says. Each step is one message and one answer; closing is never waited for (a
// step may close descriptors first). The files of calls still queued are described several in one
// step: a message each way costs more than describing a small file does.
import { closeSync, fstatSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { describeFile, openChecked } from './call-file-open.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** One of several files described in one step: what went wrong with it is its own answer. */
function describedOrFailed(file) {
  try {
    return describeFile(file);
  } catch (error) {
    return { failed: failure(error, 'describe') };
  }
}

/** Room for a read past what the file's size says is left: a file growing, or one the system sizes 0 (/proc). */
const SLACK = 64 * 1024;

/**
 * Up to `length` bytes from `offset`: fewer only at the end of the file. The buffer is about the
 * size the file has left, not the 4 MiB a read may ask, for each of thousands of small files.
 */
function readBytes(fd, offset, length) {
  const left = Number(fstatSync(fd).size) - offset;
  const bytes = Buffer.allocUnsafeSlow(Math.min(length, Math.max(left, SLACK)));
  let filled = 0;
  while (filled < bytes.length) {
    const got = readSync(fd, bytes, filled, bytes.length - filled, offset + filled);
    if (got === 0) break;
    filled += got;
  }
  return filled === bytes.length ? bytes.buffer : bytes.buffer.slice(0, filled);
}

/** A read of the file open as `fd`, or of the file at `path`, opened first. */
function read(asked) {
  let fd = asked.fd;
  if (fd === undefined) {
    const opened = openChecked(asked);
    if (!('fd' in opened)) return opened;
    fd = opened.fd;
  }
  try {
    return { fd, data: readBytes(fd, asked.offset, asked.length) };
  } catch (error) {
    // Opened, not read: the descriptor goes back all the same, to be closed.
    return { fd, failed: failure(error, 'read') };
  }
}

const failure = (error, step) => ({ step, code: error?.code, message: error instanceof Error ? error.message : String(error) });

port.on('message', (asked) => {
  for (const fd of asked.closeFirst ?? []) {
    try {
      closeSync(fd);
    } catch {
      // Nothing to do: the descriptor is gone either way.
    }
  }
  if (asked.op === 'close') return;
  if (asked.op === 'describeMany') {
    const described = asked.files.map(describedOrFailed);
    port.postMessage(
      { id: asked.id, described },
      described.flatMap((one) => (one.data ? [one.data] : [])),
    );
    return;
  }
  let reply;
  try {
    reply = asked.op === 'describe' ? describeFile(asked) : read(asked);
  } catch (error) {
    reply = { failed: failure(error, asked.op === 'describe' ? 'describe' : 'open') };
  }
  port.postMessage({ id: asked.id, ...reply }, reply.data ? [reply.data] : []);
});
