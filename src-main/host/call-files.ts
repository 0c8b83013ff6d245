// The files of the call a plugin is answering, and `read` on them (SKWIR.md section 2). Each call's
// files get handles numbered from 1 in the call's order, valid while that call is open. A read is
// answered with at most 4 MiB (a longer length is cut), fewer at the file's end, none past it; it
// is refused without the read capability, with no call open, after the call was cancelled, for a
// handle that is not the open call's, and for params that are not whole numbers from 0.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { SKWIR_READ_LIMIT } from '../../src-shared/skwir/limits';
import { skwirDef, skwirProblems } from '../../src-shared/skwir/schema-check';
import type { CallFile, Capability, ReadParams } from '../../src-shared/skwir/types';
import { ErrorCodes, ResponseError } from './errors';
import { mimeOf } from '../../src-shared/skwir/file-types';
import { JsonText } from './outbox';

/** Skwir does not read codes: its own refusals are -32000, the message says what was wrong. */
export const SKWIR_REFUSAL = -32000;

const refuse = (message: string) => new ResponseError(SKWIR_REFUSAL, `read refused: ${message}`);

/** A read's answer `{data}`, written by hand: base64 holds nothing JSON escapes (see JsonText). */
const readAnswer = (base64: string): JsonText => new JsonText(`{"data":"${base64}"}`);

interface OpenFile {
  path: string;
  handle?: Promise<FileHandle>;
}

/**
 * A call's files, opened lazily on their first read and closed when the call ends, once the reads
 * under way have finished (a read is never cut short by its call ending).
 */
export class CallFiles {
  private readonly files: OpenFile[];
  private readonly reading = new Set<Promise<unknown>>();
  private closed = false;

  private constructor(readonly callFiles: CallFile[]) {
    this.files = callFiles.map((file) => ({ path: file.path }));
  }

  /** The files of a call, described for it; rejects naming the first path that is not a file. */
  static async describe(paths: readonly string[]): Promise<CallFiles> {
    const files: CallFile[] = [];
    for (const [index, path] of paths.entries()) {
      let size: number;
      try {
        const info = await stat(path);
        if (!info.isFile()) throw new Error(`${path} is ${info.isDirectory() ? 'a folder' : 'not a regular file'}`);
        size = info.size;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Error(code === 'ENOENT' ? `${path} does not exist` : code ? `${path} could not be read (${code})` : (error as Error).message);
      }
      const name = basename(path);
      const mime = mimeOf(name);
      files.push({ handle: index + 1, name, path, ...(mime ? { mime } : {}), size });
    }
    return new CallFiles(files);
  }

  get count(): number {
    return this.files.length;
  }

  read(params: ReadParams): Promise<JsonText> {
    return this.track(params).then((bytes) => readAnswer(bytes.toString('base64')));
  }

  /** The bytes a read asks for: at most 4 MiB, fewer at the file's end (the module transport's read). */
  readBytes(params: ReadParams): Promise<Buffer> {
    return this.track(params);
  }

  /** A read, refused once the call ended, and waited for by close() while it is under way. */
  private track(params: ReadParams): Promise<Buffer> {
    if (this.closed) return Promise.reject(refuse('the call it was asked for has ended'));
    const read = this.readFile(params);
    this.reading.add(read);
    void read.catch(() => undefined).finally(() => this.reading.delete(read));
    return read;
  }

  private async readFile(params: ReadParams): Promise<Buffer> {
    const file = this.files[params.file - 1];
    if (!file || params.file < 1) {
      const range = this.files.length === 0 ? 'it names no file' : this.files.length === 1 ? 'its only file is 1' : `its files are 1 to ${this.files.length}`;
      throw refuse(`file ${params.file} is not a file of the call being answered (${range})`);
    }
    const length = Math.min(params.length, SKWIR_READ_LIMIT);
    if (length === 0) return Buffer.alloc(0);
    file.handle ??= open(file.path, 'r');
    let handle: FileHandle;
    try {
      handle = await file.handle;
    } catch (error) {
      file.handle = undefined;
      throw new ResponseError(SKWIR_REFUSAL, `read failed: ${file.path} could not be opened (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    const buffer = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, params.offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.reading]);
    const handles = this.files.map((file) => file.handle).filter((handle) => handle !== undefined);
    this.files.length = 0;
    await Promise.all(handles.map((handle) => handle.then((h) => h.close()).catch(() => undefined)));
  }
}

/** Where reads stand between calls: which call is open, or why none is. */
export type ReadWindow = { open: CallFiles } | { closed: 'none' } | { closed: 'cancelled'; callId: number | string };

/** Judges and serves one read request: every refusal of SKWIR.md section 2, in order. */
export async function serveRead(params: unknown, window: ReadWindow, granted: readonly Capability[]): Promise<JsonText> {
  const { files, asked } = judgeRead(params, window, granted);
  return files.read(asked);
}

/** The same, answered with the bytes themselves (the module transport's `read` takes no base64). */
export async function serveReadBytes(params: unknown, window: ReadWindow, granted: readonly Capability[]): Promise<Buffer> {
  const { files, asked } = judgeRead(params, window, granted);
  return files.readBytes(asked);
}

/** Every refusal of a read, in order; or the files it reads and what it asks. */
function judgeRead(params: unknown, window: ReadWindow, granted: readonly Capability[]): { files: CallFiles; asked: ReadParams } {
  if (!granted.includes('read')) throw refuse('the plugin was not granted the read capability');
  if ('closed' in window) {
    throw refuse(
      window.closed === 'cancelled'
        ? `call ${window.callId} was cancelled; its reads are refused`
        : 'no call is being answered; read is answered only while a call is open',
    );
  }
  const problems = skwirProblems(skwirDef('ReadParams'), params ?? {}, 'params');
  if (problems.length > 0) throw new ResponseError(ErrorCodes.InvalidParams, problems.join('; '), { problems });
  return { files: window.open, asked: params as ReadParams };
}
