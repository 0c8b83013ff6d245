// A module plugin's call files and reads inside its worker (module-worker.mjs), with no hop to the
// host. As a call begins its files are described here, as the plugin's file thread would describe
// them (call-file-open.mjs: links resolved, each a regular file, which file it is, a call's one small
// file read whole), and the call's params are written with them under their handles; a path that is
// no file ends the call before the component sees it, naming the path. A call sent by hand comes
// with its files described by the host. The open call's reads are served from those files: a small
// one's bytes, any other opened at its first read (no link, no wait, the same regular file) and read
// with fs.readSync. The descriptors are this thread's: closed here when the call ends, and by Node
// when the worker ends (a cancelled call's, terminated mid-read), so no other thread ever closes a
// number this one may still read. A read that is not plainly the open call's (no call open, an ended
// call's handle, an offset past 2^53 - 1, no read granted) is not judged here: it goes to the host,
// which refuses it naming why (plugin-reads.ts).
//
// What the host is told of a call goes as events, in their order: the call begun (its params and
// files as described), each read (its params, how many bytes it got, for the window's progress, and
// the first of them, as many as the Messages tab shows of its answer; never the bytes themselves,
// which stay here) and each log line. They go with every message to the host: at once with a log
// line or a read the host answers, with the call's ending, and whenever the events held or the time
// since the last message pass their bound.
import { closeSync, fstatSync, readSync } from 'node:fs';
import { describeFile, openChecked } from '../call-file-open.mjs';

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
/** Room for a read past what the file's size says is left: a file growing, or one the system sizes 0 (/proc). */
const SLACK = 64 * 1024;

/** Events go once this many are held, */
const BATCH_EVENTS = 256;
/** or once this long has passed since the last (the window's progress of a long call). */
const BATCH_MS = 50;

const problem = (error) => error?.code ?? (error instanceof Error ? error.message : String(error));

export class CallReads {
  /**
   * `describing` is told the index (among the call's files) of the file being described, then -1
   * once none is: a file that gives no answer holds this thread there, and the host can name it.
   * @param {{ readLimit: number, headBytes: number, post(message: object): void, describing(index: number): void }} options
   */
  constructor(options) {
    this.readLimit = options.readLimit;
    this.headBytes = options.headBytes;
    this.post = options.post;
    this.describing = options.describing;
    /** The open call's files, from handle `first`, when its reads are served here; none between calls. */
    this.first = 0;
    this.files = [];
    /** Events not yet told to the host. */
    this.pending = [];
    this.lastBatch = 0;
    /** The buffer the open call's reads are read into, grown as they ask. */
    this.scratch = undefined;
  }

  /**
   * A call begins: `files` under handles from `first`, each `{path, name, mime?}` to be described
   * here, or described by the host already (`real` set); `whole`, the most bytes of a one-file
   * call read now; `serve`, whether its reads are served here (granted read). `params` is the
   * call's own; `place` is where its files go in them ('file', 'entries'), none when they are
   * there already. The params as the component gets them, as JSON text; or the path that is no
   * file, `{ notGiven: { path, code?, message?, kind? } }`: the call ends unsent.
   */
  begin({ first, files, whole, serve, params, place }) {
    const described = [];
    for (const [index, file] of files.entries()) {
      if (file.real !== undefined) {
        described.push(file);
        continue;
      }
      let found;
      this.describing(index);
      try {
        found = describeFile({ path: file.path, whole });
      } catch (error) {
        return { notGiven: { path: file.path, code: error?.code, message: error instanceof Error ? error.message : String(error) } };
      } finally {
        this.describing(-1);
      }
      if (found.kind) return { notGiven: { path: file.path, kind: found.kind } };
      const { real, dev, ino, size, data } = found;
      described.push({ ...file, real, dev, ino, size: Number(size), ...(data ? { bytes: new Uint8Array(data) } : {}) });
    }
    let text;
    if (place === undefined) text = params === undefined ? 'null' : JSON.stringify(params);
    else {
      const callFiles = described.map(({ path, name, mime, size }, index) => ({ handle: first + index, name, path, ...(mime ? { mime } : {}), size }));
      text = JSON.stringify({ ...params, [place]: place === 'file' ? callFiles[0] : callFiles });
    }
    this.first = first;
    this.files = serve ? described : [];
    this.lastBatch = performance.now();
    this.pending.push({ type: 'began', params: text, files: described.map(({ real, dev, ino, size }) => ({ real, dev, ino, size })) });
    return { params: text };
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
    if (this.pending.length >= BATCH_EVENTS || performance.now() - this.lastBatch >= BATCH_MS) this.send();
    let served;
    try {
      served = { data: this.bytesOf(file, Number(offset), Math.min(length, this.readLimit)) };
    } catch (error) {
      served = { refused: error instanceof ReadProblem ? error.message : `read failed: ${file.path} could not be read (${problem(error)})` };
    }
    // A copy of the first bytes only: the component's buffer is its own.
    const told = served.data ? { bytes: served.data.byteLength, head: Uint8Array.prototype.slice.call(served.data, 0, this.headBytes) } : served;
    this.pending.push({ type: 'served', file: handle, offset, length, ...told });
    return served;
  }

  /** A line the component logged, told with the events before it, at once. */
  log(level, message) {
    this.pending.push({ type: 'log', level, message });
    this.send();
  }

  /** The events not yet told, to go with the message about to be sent. */
  take() {
    const events = this.pending;
    this.pending = [];
    this.lastBatch = performance.now();
    return events;
  }

  /** The events not yet told, sent on their own now. */
  send() {
    if (this.pending.length > 0) this.post({ type: 'events', events: this.take() });
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
