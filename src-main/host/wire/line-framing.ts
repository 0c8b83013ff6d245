// Bytes -> lines, by the protocols' framing rules: a line ends with \n alone (a \r before it
// stays in the line and counts), empty lines are ignored, a line holds at most the bytes its
// protocol's LineLimit allows before its \n (protocol 1: 1,048,576; Skwir: 67,108,863, since its
// limit counts the \n), and a last line with no \n is never delivered.
//
// Why not the MCP SDK's way (Buffer.concat of everything held on every chunk, then rescan):
// that copies the held bytes again for each chunk, which is quadratic for a long line sent in
// many chunks, and it has no cap. Here a line that sits wholly inside one chunk is decoded in
// place; only the piece of a line that spans chunks is copied, once, into a space that grows
// (doubling, then a MiB at a time) and never past the cap. A line over the cap is refused the
// moment it crosses it and its remaining bytes are skipped up to the next \n without being kept.
// The short ASCII lines of a flood of notices are decoded a chunk at a time, not a line at a time
// (takeShortLines).
//
// That space is one resizable ArrayBuffer, reserved up to the cap and committed as it grows: a
// larger size copies nothing and leaves no smaller buffer behind for the collector, and a
// smaller one hands the memory back to the system at once (V8 discards the pages). With a new
// Buffer at each doubling, a 64 MiB Skwir answer left 64 MiB of smaller buffers, and then its own
// 64 MiB, waiting for a collection: 3.3x the line in resident memory when the answer was in hand,
// 2.5x now (bench/skwir-memory.ts). Past a MiB it grows by a MiB, not by doubling: V8 fills with
// zeros what a smaller size gives back, and a 41 MB line in a space grown to 64 MiB had 23 MB of
// pages it never wrote made resident by that fill, at the line's peak (bench/README.md,
// converted-picture.ts).
import { Buffer, isAscii } from 'node:buffer';
import { lineContentBytes, PROTOCOL1_LINE_LIMIT } from '../../../src-shared/limits';
import { decodeLine as decode, LONG_LINE_BYTES, LongLine, type LineRefusal, type Space } from './long-line';
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';

/** Protocol 1's line: the bytes a line may hold before its \n. */
export const MAX_LINE_BYTES = lineContentBytes(PROTOCOL1_LINE_LIMIT);

export type { LineRefusal };

export interface LineSink {
  line(text: string): void;
  refusal(refusal: LineRefusal): void;
  /**
   * A line of LONG_LINE_BYTES or more, as its bytes (long-line.ts): given, such lines come here
   * undecoded and the sink makes them text or takes from them what it keeps.
   */
  longLine?(line: LongLine): void;
}

const NEWLINE = 0x0a;
/** Bytes of complete lines, at most, decoded in one go (about one read of a pipe). */
const SHORT_RUN = 65_536;
/** Characters of a line, at most, for it to be taken from such a run: what the trace keeps whole. */
const SHORT_LINE = TRACE_TEXT_MAX_CHARS;
const FIRST_CAPACITY = 4096;
/** Past this, the space grows by this much at a time rather than doubling. */
const GROWTH_STEP = 1_048_576;
/** A held buffer grown past this is kept for the next long line, and let go at the next short one. */
const KEEP_CAPACITY = 65_536;
/**
 * A held buffer grown past this (a Skwir answer of many MiB) is let go as soon as its line is
 * decoded, before the line is handed on: the line's text and what is made of it are all that
 * remains of it in memory.
 */
const KEEP_LONG_CAPACITY = 4 * 1_048_576;

const NewSpace = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => Space;

export class LineFraming {
  /** Where a line spanning chunks is held (made at the first such line); `held` is its committed length. */
  private space: Space | undefined;
  private held: Buffer | undefined;
  private heldLength = 0;
  /** Inside an oversize line: skipping to its \n. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly sink: LineSink,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  /** Bytes kept for the line in progress: never more than the cap. */
  get heldBytes(): number {
    return this.heldLength;
  }

  push(data: Uint8Array): void {
    const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const end = chunk.length;
    let start = 0;
    // A line begun in an earlier chunk (or one being skipped) ends the usual way; the short lines
    // after it may then be taken from one decoding of the chunk.
    let runTried = false;
    while (start < end && !this.closed) {
      if (!runTried && this.heldLength === 0 && !this.skipping) {
        runTried = true;
        const last = chunk.lastIndexOf(NEWLINE);
        if (last > start && this.takeShortLines(chunk, start, last)) {
          start = last + 1;
          continue;
        }
      }
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.hold(chunk, start, end);
        return;
      }
      this.finishLine(chunk, start, newline);
      start = newline + 1;
    }
  }

  /** The stream ended: a line still waiting for its \n is dropped, and said so. */
  end(): void {
    if (this.closed) return;
    const dropped = this.heldLength;
    this.close();
    if (dropped > 0) this.sink.refusal({ reason: 'unterminated', bytes: dropped });
  }

  /** Stop delivering, now, even in the middle of a chunk. */
  close(): void {
    this.closed = true;
    this.release();
  }

  private finishLine(chunk: Buffer, start: number, newline: number): void {
    if (this.skipping) {
      this.skipping = false;
      return;
    }
    const length = this.heldLength + (newline - start);
    if (length > this.maxLineBytes) {
      this.release();
      this.sink.refusal({ reason: 'oversize', bytesSeen: length });
      return;
    }
    if (length === 0) return;
    if (length >= LONG_LINE_BYTES && this.sink.longLine) {
      this.handOn(chunk, start, newline);
      return;
    }
    if (this.heldLength === 0) {
      // Back to lines that fit in a chunk: a space grown for long lines is let go.
      if ((this.held?.length ?? 0) > KEEP_CAPACITY) this.letGo();
      this.emit(decode(chunk, start, newline));
      return;
    }
    this.append(chunk, start, newline);
    const decoded = decode(this.held as Buffer, 0, this.heldLength);
    this.heldLength = 0;
    if ((this.held?.length ?? 0) > KEEP_LONG_CAPACITY) this.letGo();
    this.emit(decoded);
  }

  /**
   * The lines of chunk[start, last) (last is a \n) from one decoding of their bytes, when they are
   * what a flood of notices is: ASCII, none empty, none longer than SHORT_LINE, SHORT_RUN bytes in
   * all at most. False (nothing delivered) otherwise, and they go one by one.
   *
   * Each line is then a slice of the run's text, and a slice kept keeps that whole text alive. That
   * stays bounded: the only keeper of a line as it was handed on is the trace (whatever else keeps
   * one keeps a copy, detached.ts), and the trace keeps every non-empty line it is given whole up to
   * SHORT_LINE characters, dropping the oldest first; so a run kept alive is one whose lines are
   * (but for the oldest run) all still in the trace. Empty and long lines, which the trace does not
   * keep whole, would break that, and are never in a run (line-framing.test.ts measures it).
   */
  private takeShortLines(chunk: Buffer, start: number, last: number): boolean {
    const bytes = last - start;
    if (bytes > SHORT_RUN || bytes > this.maxLineBytes) return false;
    // Text that is not ASCII is decoded byte by byte past its first such character, at a cost the
    // lines that have none do not pay when each is decoded alone.
    if (!isAscii(chunk.subarray(start, last))) return false;
    const text = chunk.toString('latin1', start, last);
    let from = 0;
    for (;;) {
      const newline = text.indexOf('\n', from);
      const lineEnd = newline === -1 ? bytes : newline;
      if (lineEnd === from || lineEnd - from > SHORT_LINE) return false;
      if (newline === -1) break;
      from = newline + 1;
    }
    from = 0;
    while (!this.closed) {
      const newline = text.indexOf('\n', from);
      if (newline === -1) {
        this.sink.line(text.slice(from));
        break;
      }
      this.sink.line(text.slice(from, newline));
      from = newline + 1;
    }
    return true;
  }

  private hold(chunk: Buffer, start: number, end: number): void {
    if (this.skipping) return;
    const length = this.heldLength + (end - start);
    if (length > this.maxLineBytes) {
      this.release();
      this.skipping = true;
      this.sink.refusal({ reason: 'oversize', bytesSeen: length });
      return;
    }
    this.append(chunk, start, end);
  }

  private append(chunk: Buffer, start: number, end: number): void {
    const needed = this.heldLength + (end - start);
    const capacity = this.held?.length ?? 0;
    if (needed > capacity) {
      const step = capacity < GROWTH_STEP ? Math.max(capacity * 2, FIRST_CAPACITY) : Math.ceil((needed + 1) / GROWTH_STEP) * GROWTH_STEP;
      const grown = Math.min(this.maxLineBytes, Math.max(needed, step));
      this.space ??= new NewSpace(0, { maxByteLength: this.maxLineBytes });
      this.space.resize(grown); // in place: what is held stays where it is
      this.held = Buffer.from(this.space, 0, grown);
    }
    chunk.copy(this.held as Buffer, this.heldLength, start, end);
    this.heldLength = needed;
  }

  /** The line's bytes go to the sink in the space they were gathered in; a later line gathers in a new one. */
  private handOn(chunk: Buffer, start: number, newline: number): void {
    this.append(chunk, start, newline);
    const line = new LongLine(this.space as Space, this.heldLength);
    this.space = undefined;
    this.held = undefined;
    this.heldLength = 0;
    this.sink.longLine?.(line);
  }

  private emit(decoded: string | LineRefusal): void {
    if (typeof decoded === 'string') this.sink.line(decoded);
    else this.sink.refusal(decoded);
  }

  private release(): void {
    this.heldLength = 0;
    if ((this.held?.length ?? 0) > KEEP_CAPACITY) this.letGo();
  }

  /** The space's memory back to the system, now rather than at a collection. */
  private letGo(): void {
    this.held = undefined;
    this.space?.resize(0);
  }
}
