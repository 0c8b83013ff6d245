// The files of one call a plugin is answering: described when the call begins (each a regular
// file, its handle, name, mime and size, and which file it is: device and inode), each opened once
// at its first read, in the plugin's file thread (file-thread.ts), and kept only when what opened
// is still that file. A plugin can swap a path between its call and its read (for a FIFO, which
// would hold the host waiting for a writer, or a link to another file): the read is refused naming
// the file. plugin-reads.ts judges each read and serves them in turn; this does the file work.
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { mimeOf } from '../../../src-shared/skwir/file-types';
import type { CallFile } from '../../../src-shared/skwir/types';
import { FileStepError, type FileIdentity, type FileThread, type Opened } from './file-thread';
import { GivenFileRefusal, givenFileProblemOf } from './given-file';
import { skwirRefusal } from './skwir-refusals';

export const readRefused = (message: string) => skwirRefusal(`read refused: ${message}`);
const readFailed = (message: string) => skwirRefusal(`read failed: ${message}`);

interface DescribedFile {
  /** As the call names it (and the person chose it). */
  path: string;
  /** The file itself, links resolved when the call began: what is opened, never following a link. */
  real: string;
  identity: FileIdentity;
  opened?: Promise<Opened>;
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

  /** The files of a call under handles from `first`; rejects with a GivenFileRefusal naming the first path that is not a file. */
  static async describe(paths: readonly string[], first: number, thread: FileThread): Promise<CallFiles> {
    const callFiles: CallFile[] = [];
    const files: DescribedFile[] = [];
    for (const [index, path] of paths.entries()) {
      let real: string;
      let info: Awaited<ReturnType<typeof statBig>>;
      if (!isAbsolute(path)) throw new GivenFileRefusal(path, { code: 'relativePath' });
      try {
        real = await realpath(path);
        info = await statBig(real);
      } catch (error) {
        throw new GivenFileRefusal(path, givenFileProblemOf(error));
      }
      if (!info.isFile()) throw new GivenFileRefusal(path, info.isDirectory() ? { code: 'folder' } : { code: 'notAFile' });
      const name = basename(path);
      const mime = mimeOf(name);
      callFiles.push({ handle: first + index, name, path, ...(mime ? { mime } : {}), size: Number(info.size) });
      files.push({ path, real, identity: { dev: info.dev, ino: info.ino } });
    }
    return new CallFiles(first, callFiles, files, thread);
  }

  get count(): number {
    return this.callFiles.length;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The call's answer is in, or it was given up: no read of it is served from now on. */
  end(): void {
    this.ended = true;
    this.markEnded();
  }

  /** At most `length` bytes of the file with this handle (one the call holds) from `offset`; fewer at its end. */
  async read(handle: number, offset: number, length: number): Promise<Buffer> {
    const file = this.files[handle - this.first]!;
    if (length === 0) return Buffer.alloc(0);
    // Opened once: a file that was not what the call began with stays refused.
    file.opened ??= this.thread.open(file.real, file.identity);
    let opened: Opened;
    try {
      opened = await file.opened;
    } catch (error) {
      throw readFailed(`${file.path} could not be opened (${stepProblem(error)})`);
    }
    if ('changed' in opened) throw readRefused(`${file.path} is not the file the call began with: it is now ${opened.changed}`);
    try {
      const bytes = await this.thread.read(opened.fd, offset, length);
      this.onRead?.(bytes.length);
      return bytes;
    } catch (error) {
      throw readFailed(`${file.path} could not be read (${stepProblem(error)})`);
    }
  }

  /** Ends the call, and closes what its reads opened (after the read under way: the thread takes its steps in order). */
  async close(): Promise<void> {
    this.end();
    // Taken off the files, so a second close cannot close a number the system gave out again since.
    const opened = this.files.flatMap((file) => {
      const open = file.opened;
      file.opened = undefined;
      return open ? [open] : [];
    });
    await Promise.all(
      opened.map(async (open) => {
        const result = await open.catch(() => undefined);
        if (result && 'fd' in result) await this.thread.close(result.fd).catch(() => undefined);
      }),
    );
  }
}

const statBig = (path: string) => stat(path, { bigint: true });

function stepProblem(error: unknown): string {
  if (error instanceof FileStepError) return error.code === 'timeout' || error.code === undefined ? error.message : error.code;
  return String(error);
}
