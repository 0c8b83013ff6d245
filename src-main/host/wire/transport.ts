// The line transport: a reader that turns a byte stream into lines and a writer that puts lines
// on a byte stream. Two small interfaces in the manner of vscode-jsonrpc's MessageReader and
// MessageWriter, so the peer never touches a stream and can be tested over an in-memory pair.
import type { Readable, Writable } from 'node:stream';
import { Emitter, type Disposable, type Event } from '../../../src-shared/lifecycle';
import { ConnectionError } from './errors';
import { lineContentBytes, PROTOCOL1_LINE_LIMIT, type LineLimit } from '../../../src-shared/limits';
import { LineFraming, type LineRefusal } from './line-framing';
import type { LongLine } from './long-line';

export type { LineRefusal };

export interface LineReader extends Disposable {
  /** A complete line, UTF-8 decoded, without its \n. */
  readonly onLine: Event<string>;
  /** A line that is not delivered: oversize, not UTF-8, or cut off by the end of the stream. */
  readonly onRefusal: Event<LineRefusal>;
  /** No more lines will come (the stream ended, failed, or the reader was disposed). */
  readonly onClose: Event<void>;
  readonly onError: Event<Error>;
  /**
   * From now on, until disposed, a line of LONG_LINE_BYTES or more goes to `take` as its bytes
   * (long-line.ts), never to onLine; `take` makes it text or keeps what it needs of it.
   */
  takeLongLines(take: (line: LongLine) => void): Disposable;
  /** Stop reading (backpressure of the other direction); the source then waits. */
  pause(): void;
  resume(): void;
}

/** A line written in pieces, never joined into one string: the envelope's start, a result's bytes (ASCII), its end. */
export interface PiecedLine {
  head: string;
  bytes: Buffer;
  tail: string;
}

/** A line to write, without its \n. */
export type Line = string | PiecedLine;

export interface LineWriter extends Disposable {
  /**
   * Writes one line (a \n is added). Gives nothing when the line was handed on and there is room
   * for more (most writes: no promise made for them, the round trip is a hot path). While the
   * stream is full, a promise that resolves once it drained. A promise rejected with
   * ConnectionError 'closed' once the stream is gone: never throws.
   */
  write(line: Line): Promise<void> | undefined;
  /** True while written lines wait in memory beyond the high-water mark. */
  readonly congested: boolean;
  readonly onDrain: Event<void>;
  /** The stream is gone (ended, broke with EPIPE, destroyed): further writes reject. */
  readonly onClose: Event<void>;
  /** No more lines: end the stream (the tool sees end of input). */
  end(): void;
}

export interface StreamLineReaderOptions {
  /** The protocol's line limit; protocol 1's by default. */
  lineLimit?: LineLimit;
}

export class StreamLineReader implements LineReader {
  private readonly _onLine = new Emitter<string>();
  readonly onLine = this._onLine.event;
  private readonly _onRefusal = new Emitter<LineRefusal>();
  readonly onRefusal = this._onRefusal.event;
  private readonly _onClose = new Emitter<void>();
  readonly onClose = this._onClose.event;
  private readonly _onError = new Emitter<Error>();
  readonly onError = this._onError.event;

  private readonly framing: LineFraming;
  private closed = false;
  private takeLong: ((line: LongLine) => void) | undefined;
  private readonly onData = (chunk: Buffer | string) => this.framing.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  private readonly onEnd = () => {
    this.framing.end();
    this.close();
  };
  private readonly onStreamError = (error: Error) => {
    this._onError.fire(error);
    this.close();
  };

  constructor(
    private readonly stream: Readable,
    options: StreamLineReaderOptions = {},
  ) {
    this.framing = new LineFraming(
      {
        line: (text) => this._onLine.fire(text),
        refusal: (refusal) => this._onRefusal.fire(refusal),
        longLine: (line) => {
          if (this.takeLong) return this.takeLong(line);
          const text = line.text();
          if (typeof text === 'string') this._onLine.fire(text);
          else this._onRefusal.fire(text);
        },
      },
      lineContentBytes(options.lineLimit ?? PROTOCOL1_LINE_LIMIT),
    );
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('close', this.onEnd);
    stream.on('error', this.onStreamError);
  }

  /** Bytes held for a line still waiting for its \n: bounded by the line cap. */
  get heldBytes(): number {
    return this.framing.heldBytes;
  }

  takeLongLines(take: (line: LongLine) => void): Disposable {
    this.takeLong = take;
    return { dispose: () => this.takeLong === take && (this.takeLong = undefined) };
  }

  pause(): void {
    if (!this.closed) this.stream.pause();
  }

  resume(): void {
    if (!this.closed) this.stream.resume();
  }

  dispose(): void {
    this.framing.close();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream.off('data', this.onData);
    this.stream.off('end', this.onEnd);
    this.stream.off('close', this.onEnd);
    // Keep swallowing errors: an unhandled 'error' on a dead pipe would crash the host.
    this.stream.off('error', this.onStreamError);
    this.stream.on('error', ignore);
    this._onClose.fire();
    this._onLine.dispose();
    this._onRefusal.dispose();
    this._onClose.dispose();
    this._onError.dispose();
  }
}

/** Characters past which a line and its \n are written apart rather than joined first. */
const LONG_LINE = 65_536;

export interface StreamLineWriterOptions {
  /** Bytes that may wait in memory before writes wait for 'drain'. */
  highWaterBytes?: number;
}

export class StreamLineWriter implements LineWriter {
  private readonly _onDrain = new Emitter<void>();
  readonly onDrain = this._onDrain.event;
  private readonly _onClose = new Emitter<void>();
  readonly onClose = this._onClose.event;

  private closed = false;
  private readonly highWaterBytes: number;
  private readonly waiting = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  private readonly onStreamDrain = () => {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const entry of waiting) entry.resolve();
    this._onDrain.fire();
  };
  private readonly onGone = () => this.close();
  /** Short lines written this turn, not yet handed to the stream. */
  private batch = '';
  private flushQueued = false;

  constructor(
    private readonly stream: Writable,
    options: StreamLineWriterOptions = {},
  ) {
    // Never below the stream's own mark: past that mark a write returned false, so 'drain' comes.
    this.highWaterBytes = Math.max(options.highWaterBytes ?? 0, stream.writableHighWaterMark);
    stream.on('drain', this.onStreamDrain);
    stream.on('error', this.onGone); // EPIPE from a tool that exited: the link is closed, no throw
    stream.on('close', this.onGone);
    stream.on('finish', this.onGone);
  }

  get congested(): boolean {
    return !this.closed && this.stream.writableLength > this.highWaterBytes;
  }

  write(line: Line): Promise<void> | undefined {
    if (this.closed || this.stream.destroyed || !this.stream.writable) {
      this.close();
      return Promise.reject(new ConnectionError('closed', 'the output stream is closed'));
    }
    try {
      if (typeof line === 'string' && line.length <= LONG_LINE) {
        if (!this.flushQueued) {
          // The first line of a turn leaves at once: a lone answer (one request at a time) does not
          // wait for the host's bookkeeping after it, and the tool can go on meanwhile.
          this.flushQueued = true;
          queueMicrotask(this.flush);
          this.stream.write(`${line}\n`);
        } else {
          // The lines after it in the same turn (the answers to a burst of requests) leave together,
          // in one write: a system call per line is most of what answering costs. A batch as big as
          // the stream's mark goes at once, so the stream's own count says when it is full.
          this.batch += `${line}\n`;
          if (this.batch.length >= this.highWaterBytes) this.flush();
        }
      } else {
        this.flush();
        // `line + '\n'` is flattened before it is written: one more copy of the whole line (a
        // Skwir read's answer is 5.6 MB, at every read). Corked, the two leave in one writev.
        this.stream.cork();
        try {
          if (typeof line === 'string') {
            this.stream.write(line);
            this.stream.write('\n');
          } else {
            this.stream.write(line.head);
            this.stream.write(line.bytes);
            this.stream.write(`${line.tail}\n`);
          }
        } finally {
          this.stream.uncork();
        }
      }
    } catch (error) {
      this.close();
      return Promise.reject(new ConnectionError('closed', `the output stream failed: ${String(error)}`));
    }
    if (!this.congested) return undefined;
    return new Promise((resolve, reject) => this.waiting.add({ resolve, reject }));
  }

  end(): void {
    if (this.closed) return;
    this.flush();
    try {
      this.stream.end();
    } catch {
      this.close();
    }
  }

  dispose(): void {
    this.close();
  }

  private readonly flush = (): void => {
    this.flushQueued = false;
    if (this.batch === '' || this.closed) return;
    const lines = this.batch;
    this.batch = '';
    try {
      this.stream.write(lines);
    } catch {
      this.close();
    }
  };

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.batch = '';
    this.stream.off('drain', this.onStreamDrain);
    this.stream.off('close', this.onGone);
    this.stream.off('finish', this.onGone);
    this.stream.off('error', this.onGone);
    this.stream.on('error', ignore);
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const entry of waiting) entry.reject(new ConnectionError('closed', 'the output stream closed'));
    this._onClose.fire();
    this._onDrain.dispose();
    this._onClose.dispose();
  }
}

function ignore(): void {}
