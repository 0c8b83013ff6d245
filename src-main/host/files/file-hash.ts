// The SHA-256 of a file someone else gave the host (a file a plugin was asked about), read in
// chunks so a large file never sits in memory whole, and never anything but a regular file: a path
// swapped for a FIFO since would otherwise hold the host waiting for a writer.
import { constants } from 'node:fs';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const CHUNK_BYTES = 1024 * 1024;

export async function fileSha256(path: string): Promise<{ size: number; sha256: string }> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new Error(`${path} is not a regular file`);
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let size = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, size);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return { size, sha256: hash.digest('hex') };
  } finally {
    await file.close();
  }
}
