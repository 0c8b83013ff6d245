// A plan's copy, of the file that was shown into the folder that was shown, never through a link:
// the file is opened without following one and held to its device and inode by the open descriptor
// (so the bytes read are that file's, whatever the path leads to a moment later); the copy is made
// new (never over anything) and without following a link, and no byte is written before the new
// file is seen in the folder that was shown.
import { constants, type BigIntStats } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { lookAt, sameIdentity, type Identity, type PlanSight } from './plan-sight';

// Not on Windows: there the descriptor's identity alone tells a link's target from the file shown.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
// A FIFO swapped in opens at once instead of waiting for a writer (and is then refused: not a file).
const NO_WAIT = constants.O_NONBLOCK ?? 0;
const CHUNK = 1024 * 1024;

function openFailure(path: string, error: NodeJS.ErrnoException): Error {
  if (error.code === 'ELOOP') return new Error(`${path} is a symbolic link; a plan copies a file itself, never what a link leads to`);
  if (error.code === 'ENOENT') return new Error(`${path} is not there any more`);
  return error;
}

async function pump(source: FileHandle, target: FileHandle): Promise<void> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    const { bytesRead } = await source.read(chunk, 0, CHUNK, null);
    if (bytesRead === 0) return;
    let written = 0;
    while (written < bytesRead) written += (await target.write(chunk, written, bytesRead - written)).bytesWritten;
  }
}

/** Copies the file `from` to `to` (a new name in a folder the plan was shown), both as shown. */
export async function copyAsShown(from: string, to: string, sight: PlanSight): Promise<void> {
  await sight.unchanged(from);
  const source = await open(from, constants.O_RDONLY | NO_FOLLOW | NO_WAIT).catch((error: NodeJS.ErrnoException) => {
    throw openFailure(from, error);
  });
  try {
    const info = await source.stat({ bigint: true });
    sight.hold(from, info);
    if (!info.isFile()) throw new Error(`${from} is not a regular file`);
    const folder = dirname(to);
    const shown = await sight.folder(folder);
    const target = await open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, Number(info.mode & 0o777n)).catch(
      (error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new Error(`${to} exists already; nothing is overwritten`) : error;
      },
    );
    await fill(target, source, to, folder, shown);
  } finally {
    await source.close();
  }
}

/** Writes the copy once the new file is seen where it was meant to be; a copy that fails is taken away. */
async function fill(target: FileHandle, source: FileHandle, to: string, folder: string, shown: Identity): Promise<void> {
  let made: BigIntStats | undefined;
  try {
    made = await target.stat({ bigint: true });
    const there = await lookAt(to);
    const folderNow = await lookAt(folder);
    // The folder swapped for a link between its check and the open: the new file is somewhere else.
    if (!there || !sameIdentity(there, made) || !folderNow || folderNow.isSymbolicLink() || !sameIdentity(folderNow, shown)) {
      throw new Error(`the folder ${folder} changed while ${basename(to)} was copied into it; nothing was copied`);
    }
    await pump(source, target);
    await target.close();
  } catch (error) {
    await target.close().catch(() => undefined);
    const there = made && (await lookAt(to));
    if (made && there && sameIdentity(there, made)) await unlink(to).catch(() => undefined);
    throw error;
  }
}
