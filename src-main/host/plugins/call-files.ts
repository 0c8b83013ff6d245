// The files of one call a plugin is answering: described when the call begins (each a regular
// file, its handle, name, mime and size, and which file it is: device and inode), in the plugin's
// file thread (file-thread.ts). The one file of a call, when it is small, is read whole then: its
// reads are served from those bytes, the file the call began with, whatever is at its path since.
// Any other file is opened once at its first read and kept only when what opened is still that
// file: a plugin can swap a path between its call and its read (for a FIFO, which would hold the
// host waiting for a writer, or a link to another file), and the read is refused naming the file.
// plugin-reads.ts judges each read and serves them in turn; this does the file work.
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { mimeOf } from '../../../src-shared/skwir/file-types';
import type { CallFile } from '../../../src-shared/skwir/types';
import { kindOf } from '../files/bounded-read';
import { FileStepError, type DescribedPath, type FileIdentity, type FileThread, type Read } from './file-thread';
import { GivenFileRefusal, givenFileProblemOf, notAFileProblem } from './given-file';
import { skwirRefusal } from './skwir-refusals';

/**
 * A call's one file of at most this many bytes is read whole as it is described: thousands of
 * small files cost a step in the thread each, not three (describe, open and read, the read that
 * finds the end).
 */
export const READ_WHOLE_BYTES = 64 * 1024;

/**
 * Files of calls still queued described in one step of the file thread at most: a step holds about
 * that many small files' bytes, and a message each way costs more than describing a small file.
 */
export const AHEAD_FILES_PER_STEP = 64;

export const readRefused = (message: string) => skwirRefusal(`read refused: ${message}`);
const readFailed = (message: string) => skwirRefusal(`read failed: ${message}`);

/** A call's file as it was described; each is one call's. */
export interface DescribedFile {
  /** As the call names it (and the person chose it). */
  path: string;
  size: number;
  /** The file itself, links resolved when the call began: what is opened, never following a link. */
  real: string;
  identity: FileIdentity;
  /** All its bytes, read as it was described: its reads are served from them. */
  bytes?: Buffer;
  /** Set by its first read: the descriptor it opened, or what the file was instead. Never rejects. */
  opened?: Promise<{ fd: number } | { changed: string } | { failed: unknown }>;
}

/** The handles of a call's files: `first` to `first + count - 1`. */
export interface CallHandles {
  first: number;
  count: number;
}

/** "its only file is 3", "its files are 3 to 5", "it names no file". */
export function handleWords({ first, count }: CallHandles): string {
  return count === 0 ? 'it names no file' : count === 1 ? `its only file is ${first}` : `its files are ${first} to ${first + count - 1}`;
}

export class CallFiles implements CallHandles {
  private ended = false;
  /** Told the bytes of each read served (how far the call has read, for the window). */
  onRead: ((bytes: number) => void) | undefined;
  private markEnded!: () => void;
  /** Resolves once the call ended: a read waiting for its turn stops waiting. */
  readonly whenEnded = new Promise<void>((resolve) => (this.markEnded = resolve));

  private constructor(
    readonly first: number,
    readonly callFiles: CallFile[],
    private readonly files: DescribedFile[],
    private readonly thread: FileThread,
  ) {}

  /** A call's files, described (describeFiles), under handles from `first`. */
  static of(files: DescribedFile[], first: number, thread: FileThread): CallFiles {
    const callFiles = files.map(({ path, size }, index): CallFile => {
      const name = basename(path);
      const mime = mimeOf(name);
      return { handle: first + index, name, path, ...(mime ? { mime } : {}), size };
    });
    return new CallFiles(first, callFiles, files, thread);
  }

  get count(): number {
    return this.callFiles.length;
  }

  /** Each file as it was described, in the order of its handle (a module's worker reads them itself). */
  get described(): readonly DescribedFile[] {
    return this.files;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The call's answer is in, or it was given up: no read of it is served from now on. */
  end(): void {
    this.ended = true;
    this.markEnded();
  }

  /** What read() gives, when it has it in memory (a small file read whole as it was described); else undefined. */
  readNow(handle: number, offset: number, length: number): Buffer | undefined {
    const file = this.files[handle - this.first]!;
    if (length === 0) return Buffer.alloc(0);
    if (file.bytes) return this.served(file.bytes.subarray(Math.min(offset, file.bytes.length), Math.min(offset + length, file.bytes.length)));
    return undefined;
  }

  /** At most `length` bytes of the file with this handle (one the call holds) from `offset`; fewer at its end. */
  async read(handle: number, offset: number, length: number): Promise<Buffer> {
    const now = this.readNow(handle, offset, length);
    if (now) return now;
    const file = this.files[handle - this.first]!;
    let read: Read;
    if (file.opened) {
      // Opened once: a file that was not what the call began with stays refused.
      const opened = await file.opened;
      if ('failed' in opened) throw readFailed(`${file.path} could not be opened (${stepProblem(opened.failed)})`);
      if ('changed' in opened) throw this.changed(file, opened.changed);
      read = await this.thread.read(opened, offset, length).catch((error: unknown) => {
        throw readFailed(`${file.path} could not be read (${stepProblem(error)})`);
      });
    } else {
      // The first read opens the file in the same step.
      const first = this.thread.read({ path: file.real, identity: file.identity }, offset, length);
      file.opened = first.then(
        (got) => ('fd' in got ? { fd: got.fd } : got),
        (error: unknown) => (error instanceof FileStepError && error.fd !== undefined ? { fd: error.fd } : { failed: error }),
      );
      read = await first.catch((error: unknown) => {
        const opened = !(error instanceof FileStepError) || error.step !== 'open';
        throw readFailed(`${file.path} could not be ${opened ? 'read' : 'opened'} (${stepProblem(error)})`);
      });
    }
    if ('changed' in read) throw this.changed(file, read.changed);
    return this.served(read.data);
  }

  private served(bytes: Buffer): Buffer {
    this.onRead?.(bytes.length);
    return bytes;
  }

  /**
   * Ends the call, and closes what its reads opened, after the read under way (the thread takes
   * its steps in order); nothing waits for the thread.
   */
  close(): Promise<void> {
    this.end();
    for (const file of this.files) {
      // Taken off the file, so a second close cannot close a number the system gave out again since.
      const opened = file.opened;
      file.opened = undefined;
      void opened?.then((got) => {
        if ('fd' in got) this.thread.close(got.fd);
      });
    }
    return Promise.resolve();
  }

  private changed(file: DescribedFile, now: string): Error {
    return readRefused(`${file.path} is not the file the call began with: it is now ${now}`);
  }
}

/**
 * The files at `paths` as a call describes them: links resolved, which file each is, its size, and
 * a call's one small file with its bytes. Rejects naming the first path that is not a regular
 * file. In the plugin's file thread when it has one (a plugin that reads), else on Node's pool.
 */
export async function describeFiles(paths: readonly string[], thread: FileThread, inThread: boolean): Promise<DescribedFile[]> {
  const files: DescribedFile[] = [];
  for (const path of paths) {
    if (!isAbsolute(path)) throw new GivenFileRefusal(path, { code: 'relativePath' });
    let described: DescribedPath;
    try {
      described = inThread ? await thread.describe(path, paths.length === 1 ? READ_WHOLE_BYTES : undefined) : await describedOnPool(path);
    } catch (error) {
      throw new GivenFileRefusal(path, givenFileProblemOf(error));
    }
    if (described.kind) throw new GivenFileRefusal(path, notAFileProblem(described.kind));
    const { real, identity, size, bytes } = described;
    files.push({ path, real, identity, size: Number(size), ...(bytes ? { bytes } : {}) });
  }
  return files;
}

/**
 * The files of calls still queued, described as describeFiles would, a few calls in each step of
 * the thread. A call whose files could not all be described (a path that is no file, a step that
 * failed) gets undefined: it describes them again when it is sent, and is refused naming the path.
 */
export async function describeFilesAhead(calls: readonly (readonly string[])[], thread: FileThread): Promise<(DescribedFile[] | undefined)[]> {
  // A relative path is never looked at: its call is refused when it is sent.
  const asked = calls.map((paths) => paths.every((path) => isAbsolute(path)));
  const files = calls.flatMap((paths, call) => (asked[call] ? paths.map((path) => ({ path, whole: paths.length === 1 ? READ_WHOLE_BYTES : undefined })) : []));
  const described: (DescribedPath | FileStepError)[] = [];
  try {
    for (let from = 0; from < files.length; from += AHEAD_FILES_PER_STEP) {
      described.push(...(await thread.describeMany(files.slice(from, from + AHEAD_FILES_PER_STEP))));
    }
  } catch {
    return calls.map(() => undefined);
  }
  let at = 0;
  return calls.map((paths, call) => {
    if (!asked[call]) return undefined;
    const mine = described.slice(at, (at += paths.length));
    if (!mine.every((one) => !(one instanceof FileStepError) && !one.kind)) return undefined;
    return (mine as DescribedPath[]).map(({ real, identity, size, bytes }, index) => ({
      path: paths[index]!,
      real,
      identity,
      size: Number(size),
      ...(bytes ? { bytes } : {}),
    }));
  });
}

/** A path described on Node's pool of threads: for a plugin that never reads, which has no thread of its own. */
async function describedOnPool(path: string): Promise<DescribedPath> {
  const real = await realpath(path);
  const info = await stat(real, { bigint: true });
  return { real, identity: { dev: info.dev, ino: info.ino }, size: info.size, ...(info.isFile() ? {} : { kind: kindOf(info) }) };
}

function stepProblem(error: unknown): string {
  if (error instanceof FileStepError) return error.code === 'timeout' || error.code === undefined ? error.message : error.code;
  return String(error);
}
