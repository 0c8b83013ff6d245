// A module plugin's reads of its open call's files, served inside its worker (module-worker.mjs)
// with no hop to the host: the host hands each call the files it described under their handles
// (a small file with its bytes, read as the call began; any other by where it is and which file it
// is), and this worker opens one at its first read (call-file-open.mjs: no link, no wait, the same
// regular file) and reads it with fs.readSync. The descriptors are this thread's: closed here when
// the call ends, and by Node when the worker ends (a cancelled call's, terminated mid-read), so no
// other thread ever closes a number this one may still read. A read that is not plainly the open
// call's (no call open, an ended call's handle, an offset past 2^53 - 1, no read granted) is not
// judged here: it goes to the host, which refuses it naming why (plugin-reads.ts).
//
// What the host shows of the reads is sent in batches, bounded: each read's params, how many bytes
// it got (the window's progress) and the first of them, as many as the Messages tab shows of its
// answer; never the bytes themselves, which stay here. A batch goes with the next log line or read
// sent to the host (so the lines keep their order), with the call's ending, and whenever its reads
// or the time since the last batch pass their bound.
import { closeSync, fstatSync, readSync } from 'node:fs';
import { openChecked } from '../call-file-open.mjs';

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
/** Room for a read past what the file's size says is left: a file growing, or one the system sizes 0 (/proc). */
const SLACK = 64 * 1024;

/** A batch goes once it holds this many reads, */
const BATCH_READS = 256;
/** or once this long has passed since the last (the window's progress of a long call). */
const BATCH_MS = 50;

const problem = (error) => error?.code ?? (error instanceof Error ? error.message : String(error));

export class CallReads {
  /** @param {{ readLimit: number, headBytes: number, post(message: object): void }} options */
  constructor(options) {
    this.readLimit = options.readLimit;
    this.headBytes = options.headBytes;
    this.post = options.post;
    /** The open call's files, from handle `first`; none between calls. */
    this.first = 0;
    this.files = [];
    this.pending = [];
    this.lastBatch = 0;
    /** The buffer the open call's reads are read into, grown as they ask. */
    this.scratch = undefined;
  }

  /** A call begins: its files, `{path, real, dev, ino, bytes?}` each, under handles from `first`. */
  begin(first, files) {
    this.first = first;
    this.files = files;
    this.lastBatch = performance.now();
  }

  /** The call ended: no read of its handles is served here from now on; what its reads opened is closed. */
  end() {
    for (const file of this.files) {
      if (file.fd === undefined) continue;
      try {
        closeSync(file.fd);
      } catch {
        // Nothing to do: the descriptor is gone either way.
      }
    }
    this.files = [];
    this.scratch = undefined;
  }

  /**
   * The bytes of an open call's read, or `{refused}` naming why it could not be served (thrown to
   * the component as the read's err); undefined when it is the host's to judge.
   */
  serve(handle, offset, length) {
    const file = this.files[handle - this.first];
    if (file === undefined || offset > MAX_EXACT) return undefined;
    if (this.pending.length >= BATCH_READS || performance.now() - this.lastBatch >= BATCH_MS) this.sendBatch();
    let served;
    try {
      served = { data: this.bytesOf(file, Number(offset), Math.min(length, this.readLimit)) };
    } catch (error) {
      served = { refused: error instanceof ReadProblem ? error.message : `read failed: ${file.path} could not be read (${problem(error)})` };
    }
    // A copy of the first bytes only: the component's buffer is its own.
    const told = served.data ? { bytes: served.data.byteLength, head: Uint8Array.prototype.slice.call(served.data, 0, this.headBytes) } : served;
    this.pending.push({ file: handle, offset, length, ...told });
    return served;
  }

  /** The reads not yet told, to go with the message about to be sent. */
  take() {
    const reads = this.pending;
    this.pending = [];
    this.lastBatch = performance.now();
    return reads;
  }

  /** The reads not yet told, sent on their own now. */
  sendBatch() {
    if (this.pending.length > 0) this.post({ type: 'reads', reads: this.take() });
  }

  /** Up to `length` bytes from `offset`; fewer only at the file's end. */
  bytesOf(file, offset, length) {
    if (length === 0) return new Uint8Array(0);
    if (file.bytes) return file.bytes.subarray(Math.min(offset, file.bytes.length), Math.min(offset + length, file.bytes.length));
    if (file.fd === undefined) {
      // Opened once: a file that was not what the call began with stays refused.
      if (file.refused) throw new ReadProblem(file.refused);
      let opened;
      try {
        opened = openChecked({ path: file.real, dev: file.dev, ino: file.ino });
      } catch (error) {
        file.refused = `read failed: ${file.path} could not be opened (${problem(error)})`;
        throw new ReadProblem(file.refused);
      }
      if ('changed' in opened) {
        file.refused = `read refused: ${file.path} is not the file the call began with: it is now ${opened.changed}`;
        throw new ReadProblem(file.refused);
      }
      file.fd = opened.fd;
    }
    // About the size the file has left, not the 4 MiB a read may ask.
    const left = Number(fstatSync(file.fd).size) - offset;
    const size = Math.min(length, Math.max(left, SLACK));
    // One buffer for the call's reads: the component's bindings copy each answer into its memory before it goes on.
    if (this.scratch === undefined || this.scratch.length < size) this.scratch = Buffer.allocUnsafeSlow(size);
    const bytes = this.scratch.subarray(0, size);
    let filled = 0;
    while (filled < bytes.length) {
      const got = readSync(file.fd, bytes, filled, bytes.length - filled, offset + filled);
      if (got === 0) break;
      filled += got;
    }
    return bytes.subarray(0, filled);
  }
}

/** A read this worker refuses with the host's words. */
class ReadProblem extends Error {}
