// The converted files the window is shown, served by URL rather than handed over as base64 text
// (docs/design/skwir.md, "Converted files by URL"): the window gets a token of its own for a file the
// host keeps (the cache's copy, or a loose one when nothing can be cached), and the test bed's route or
// the app's protocol answers the token with the bytes. A token names the file as it was offered (its
// device and inode): once the cache drops or rewrites it, the token answers nothing. Tokens are
// released when the window lets go of the answer; past a bound the oldest go.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShownConversion } from '../../../src-shared/plugin-api';
import { writeFileAtomic } from '../files/own-files';

/** Tokens served at once (a preview holds one); past it the oldest is released, and its URL answers 404. */
export const CONVERTED_FILES_SERVED = 256;

/** Characters of base64 decoded at a time (3 MiB of bytes): a converted file's bytes are never all held beside its text. */
const BASE64_PIECE = 4 * 1024 * 1024;

/**
 * The bytes of checked base64 text (answers.ts: standard, padded), decoded a piece at a time as they
 * are written; or bytes decoded already (an answer whose data came as bytes, answer-data.ts) as they are.
 */
export function* decodedPieces(data: string | Buffer): Generator<Buffer> {
  if (typeof data !== 'string') {
    yield data;
    return;
  }
  for (let at = 0; at < data.length; at += BASE64_PIECE) yield Buffer.from(data.slice(at, at + BASE64_PIECE), 'base64');
}

/** What a token looks like: 24 random bytes in base64url. Anything else is refused before it is looked up. */
const tokenShape = /^[A-Za-z0-9_-]{32}$/;

interface Served {
  path: string;
  dev: number;
  ino: number;
  name: string;
  /** A copy of the host's own (nothing was cached), removed with its token. */
  loose: boolean;
}

/** A served file opened for reading: the caller reads it and closes the handle. */
export interface OpenedConversion {
  handle: FileHandle;
  size: number;
  name: string;
}

export class ConvertedFiles {
  private readonly served = new Map<string, Served>();

  /** `looseFolder`: where bytes that have no cache entry are kept while they are served (emptied at start). */
  constructor(private readonly looseFolder: string) {}

  async clearLoose(): Promise<void> {
    await rm(this.looseFolder, { recursive: true, force: true });
  }

  /** Serves the file the host kept at `path` under `name`; undefined when it is not a file there. */
  async offer(path: string, name: string): Promise<ShownConversion | undefined> {
    return this.serve(path, name, false);
  }

  /** Keeps a conversion that has no cache entry (its base64, or its bytes) in a file of the host's own, and serves it. */
  async offerLoose(data: string | Buffer, name: string): Promise<ShownConversion | undefined> {
    await mkdir(this.looseFolder, { recursive: true, mode: 0o700 });
    const path = join(this.looseFolder, `${newToken()}.bin`);
    await writeFileAtomic(path, decodedPieces(data));
    return this.serve(path, name, true);
  }

  /** The window no longer shows it: its URL answers 404 from now on. */
  async release(token: string): Promise<boolean> {
    const served = this.served.get(token);
    if (!served) return false;
    this.served.delete(token);
    if (served.loose) await rm(served.path, { force: true });
    return true;
  }

  /**
   * The file a token names, opened without following a link or waiting on a FIFO, when it is still the
   * file offered; undefined otherwise (an unknown token, a file the cache dropped or replaced since).
   */
  async open(token: string): Promise<OpenedConversion | undefined> {
    if (!tokenShape.test(token)) return undefined;
    const served = this.served.get(token);
    if (!served) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(served.path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch {
      // Gone from the cache: nothing will bring this token's bytes back.
      await this.release(token);
      return undefined;
    }
    const info = await handle.stat().catch(() => undefined);
    if (!info?.isFile() || info.dev !== served.dev || info.ino !== served.ino) {
      await handle.close();
      await this.release(token);
      return undefined;
    }
    return { handle, size: info.size, name: served.name };
  }

  /** Everything served goes (the host stops). */
  async dispose(): Promise<void> {
    this.served.clear();
    await this.clearLoose();
  }

  private async serve(path: string, name: string, loose: boolean): Promise<ShownConversion | undefined> {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const token = newToken();
    this.served.set(token, { path, dev: info.dev, ino: info.ino, name, loose });
    if (this.served.size > CONVERTED_FILES_SERVED) await this.release(this.served.keys().next().value as string);
    return { name, bytes: info.size, token };
  }
}

const newToken = (): string => randomBytes(24).toString('base64url');
