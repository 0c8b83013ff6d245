// Reading a file someone else gave the host (a tool's manifest, the head of its program, a plugin's
// component): at most a limit, and never anything but a regular file.
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** What a path that is not a regular file is, in words. */
export function kindOf(info: Pick<Stats, 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a file';
}

/**
 * The first `maxBytes` bytes of a regular file (fewer when it is shorter); pass a limit plus one
 * to tell a file over the limit. Every read of a file a tool's folder holds (its manifest, the
 * head of its program) goes through here: a file is never read whole before its size is judged,
 * and anything but a regular file is refused before a byte is read. A manifest linked to
 * /dev/zero would never end, and opening a FIFO for reading waits for a writer (opened
 * non-blocking here, so it does not).
 */
export async function readBounded(path: string, maxBytes: number): Promise<Uint8Array> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new Error(`${path} is not a regular file (${kindOf(info)})`);
    const buffer = new Uint8Array(maxBytes);
    let filled = 0;
    while (filled < maxBytes) {
      const { bytesRead } = await file.read(buffer, filled, maxBytes - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await file.close();
  }
}
