// A line's bytes as text, and a long line handed on as bytes. A Skwir answer may be 64 MiB, most of
// it one base64 field (a converted file): made text, its line and then its parse each hold a copy of
// that field (docs/design/wire.md, "A long answer's data"). The framing hands a line this long to
// whoever asked for long lines as its bytes, in the space it was gathered in: they make it text as
// any line is, or take the field out of its bytes (answer-data.ts) and keep only what they decoded.
import { Buffer, isUtf8 } from 'node:buffer';
import { decodeKeepingBytes } from './not-utf8';

export type LineRefusal =
  /** Over the cap; `bytesSeen` is how many bytes had come when it was refused (more may follow). */
  | { reason: 'oversize'; bytesSeen: number }
  /** Not UTF-8; `text` is the line decoded with its stray bytes kept (not-utf8.ts), for the log and trace. */
  | { reason: 'notUtf8'; bytes: number; text: string }
  /** The stream ended inside a line: these bytes never got their \n and are dropped. */
  | { reason: 'unterminated'; bytes: number };

/** Bytes of a line, at least, for it to be handed on as bytes to whoever takes long lines. */
export const LONG_LINE_BYTES = 1_048_576;

/** A resizable ArrayBuffer (ES2024: Node 20, Electron's V8), past our ES2022 lib. */
export type Space = ArrayBuffer & { resize(byteLength: number): void };

/** A line's bytes as text, or the refusal of a line that is not UTF-8. */
export function decodeLine(buffer: Buffer, start: number, end: number): string | LineRefusal {
  // Bytes that are not UTF-8 decode to U+FFFD: a line without one is UTF-8, and most lines are
  // judged without a second pass over their bytes (the round trip is a hot path).
  const text = buffer.toString('utf8', start, end);
  if (!text.includes('\uFFFD')) return text;
  const bytes = buffer.subarray(start, end);
  if (isUtf8(bytes)) return text;
  return { reason: 'notUtf8', bytes: end - start, text: decodeKeepingBytes(bytes) };
}

/** Bytes kept from a long line once the rest of it is let go; their memory goes back at letGo(). */
export interface KeptBytes {
  readonly bytes: Buffer;
  letGo(): void;
}

/** A long line's bytes, its own space: made text, or a part of it kept; either way the rest goes back to the system at once. */
export class LongLine {
  private space: Space | undefined;

  constructor(
    space: Space,
    readonly byteLength: number,
  ) {
    this.space = space;
  }

  /** The line's bytes, without its \n; they may be changed in place before keep(). */
  get bytes(): Buffer {
    if (!this.space) throw new Error('the long line was let go');
    return Buffer.from(this.space, 0, this.byteLength);
  }

  /** The line as text, as a short line is decoded; its bytes are let go. */
  text(): string | LineRefusal {
    const decoded = decodeLine(this.bytes, 0, this.byteLength);
    this.letGo();
    return decoded;
  }

  /** Bytes [start, end) are all that is kept of the line: the space past them goes back now. */
  keep(start: number, end: number): KeptBytes {
    const space = this.space;
    if (!space) throw new Error('the long line was let go');
    this.space = undefined;
    space.resize(end);
    return { bytes: Buffer.from(space, start, end - start), letGo: () => space.resize(0) };
  }

  letGo(): void {
    this.space?.resize(0);
    this.space = undefined;
  }
}
