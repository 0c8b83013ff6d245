// zlib's inflate (RFC 1950 and 1951) fed in pieces, its output handed on in pieces from one buffer
// used again and again. The browser's DecompressionStream makes a new buffer of every piece it
// gives, which the page's collector lets pile up to tens of megabytes before it runs; this one
// makes no garbage, so a big picture read through it costs the page what it keeps.
import { BrokenPng } from './png-stream';

/** A Huffman code as a table looked up by the next `bits` bits: (symbol << 4) | the code's length. */
interface Code {
  readonly table: Uint32Array;
  readonly bits: number;
}

function codeOf(lengths: Uint8Array): Code {
  let bits = 0;
  for (const length of lengths) if (length > bits) bits = length;
  if (bits === 0) return { table: new Uint32Array(1), bits: 0 };
  const counts = new Uint16Array(16);
  for (const length of lengths) counts[length]!++;
  counts[0] = 0;
  const next = new Uint16Array(16);
  for (let length = 1, code = 0; length <= 15; length++) {
    code = (code + counts[length - 1]!) << 1;
    next[length] = code;
  }
  const table = new Uint32Array(1 << bits);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol]!;
    if (length === 0) continue;
    const code = next[length]!++;
    if (code >= 1 << length) throw new BrokenPng('its image data has a Huffman code that is not one');
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((code >> i) & 1) << (length - 1 - i);
    for (let i = reversed; i < table.length; i += 1 << length) table[i] = (symbol << 4) | length;
  }
  return { table, bits };
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const LENGTHS_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const FIXED_LITERALS = codeOf(Uint8Array.from({ length: 288 }, (_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8)));
const FIXED_DISTANCES = codeOf(new Uint8Array(30).fill(5));

const HISTORY = 1 << 15;
/** The most input one step reads: a dynamic block's header, with room to spare. */
const STEP_INPUT = 1024;
/**
 * Entries of its code tables a stream may have built, at most: this many, and WORK_PER_BYTE more
 * for each byte it gave. A dynamic block's table has up to 32,768 entries however short the block:
 * a stream of tiny blocks would hold the page for minutes; zlib's blocks are kilobytes long.
 */
const WORK_FREE = 4 << 20;
const WORK_PER_BYTE = 8;

export class Inflater {
  private input = new Uint8Array(1 << 16);
  private at = 0;
  private end = 0;
  private bits = 0;
  private count = 0;
  private readonly out = new Uint8Array(HISTORY * 4);
  private written = 0;
  /** Bytes handed on so far: with those written since, how far back a match may reach. */
  private handed = 0;
  private state: 'zlib header' | 'block' | 'stored' | 'codes' | 'checksum' | 'done' = 'zlib header';
  private lastBlock = false;
  private storedLeft = 0;
  private literals = FIXED_LITERALS;
  private distances = FIXED_DISTANCES;
  /** Entries of code tables built so far, and what the input so far allows. */
  private tableWork = 0;
  private workAllowed = WORK_FREE;

  /** `onBytes` is handed each piece inflated; the view is only good until it returns. */
  constructor(private readonly onBytes: (bytes: Uint8Array) => void) {}

  push(piece: Uint8Array) {
    const kept = this.end - this.at;
    if (kept + piece.length > this.input.length) {
      const bigger = new Uint8Array(kept + piece.length);
      bigger.set(this.input.subarray(this.at, this.end));
      this.input = bigger;
    } else this.input.copyWithin(0, this.at, this.end);
    this.input.set(piece, kept);
    this.at = 0;
    this.end = kept + piece.length;
    this.workAllowed += WORK_PER_BYTE * piece.length;
    this.run(false);
  }

  /** The input ended: throws when the stream did not. */
  finish() {
    this.run(true);
    if (this.state !== 'done') throw new BrokenPng('its image data ends before its end');
  }

  private need(bits: number) {
    while (this.count < bits) {
      if (this.at === this.end) throw new BrokenPng('its image data ends before its end');
      this.bits |= this.input[this.at++]! << this.count;
      this.count += 8;
    }
  }

  private take(bits: number): number {
    if (bits === 0) return 0;
    this.need(bits);
    const value = this.bits & ((1 << bits) - 1);
    this.bits >>>= bits;
    this.count -= bits;
    return value;
  }

  private symbol(code: Code): number {
    // Fewer bits than the table's are left only at the very end of the input.
    while (this.count < code.bits && this.at < this.end) {
      this.bits |= this.input[this.at++]! << this.count;
      this.count += 8;
    }
    const entry = code.table[this.bits & ((1 << code.bits) - 1)]!;
    const length = entry & 15;
    if (length === 0 || length > this.count) throw new BrokenPng('its image data has a code its table lacks');
    this.bits >>>= length;
    this.count -= length;
    return entry >> 4;
  }

  private put(byte: number) {
    this.out[this.written++] = byte;
    if (this.written === this.out.length) this.handOn();
  }

  /** What was inflated since last time goes on; the last 32 KiB stay, as later matches may copy them. */
  private handOn() {
    if (this.written <= HISTORY) return;
    this.onBytes(this.out.subarray(HISTORY, this.written));
    this.handed += this.written - HISTORY;
    this.out.copyWithin(0, this.written - HISTORY, this.written);
    this.written = HISTORY;
  }

  private run(last: boolean) {
    // Room for a whole step, or the last of the input.
    const enough = () => last || this.end - this.at >= STEP_INPUT;
    this.written ||= HISTORY; // the history starts empty, as a zero-filled window
    while (this.state !== 'done' && enough()) {
      if (this.state === 'zlib header') {
        const method = this.take(8);
        const flags = this.take(8);
        if ((method & 15) !== 8 || ((method << 8) | flags) % 31 !== 0 || flags & 32) throw new BrokenPng('its image data is not a zlib stream');
        this.state = 'block';
      } else if (this.state === 'block') {
        this.lastBlock = this.take(1) === 1;
        const type = this.take(2);
        if (type === 0) {
          this.take(this.count & 7);
          const length = this.take(16);
          if ((length ^ this.take(16)) !== 0xffff) throw new BrokenPng('its image data has a stored block whose length does not check');
          this.storedLeft = length;
          this.state = 'stored';
        } else if (type === 1) {
          [this.literals, this.distances] = [FIXED_LITERALS, FIXED_DISTANCES];
          this.state = 'codes';
        } else if (type === 2) {
          this.readCodes();
          this.state = 'codes';
        } else throw new BrokenPng('its image data has a block of a type deflate does not have');
      } else if (this.state === 'stored') {
        for (; this.storedLeft > 0 && this.count >= 8; this.storedLeft--) this.put(this.take(8));
        while (this.storedLeft > 0 && this.at < this.end) {
          const piece = Math.min(this.storedLeft, this.end - this.at, this.out.length - this.written);
          this.out.set(this.input.subarray(this.at, this.at + piece), this.written);
          this.at += piece;
          this.written += piece;
          this.storedLeft -= piece;
          if (this.written === this.out.length) this.handOn();
        }
        if (this.storedLeft === 0) this.state = this.lastBlock ? 'checksum' : 'block';
        else if (last) throw new BrokenPng('its image data ends before its end');
      } else if (this.state === 'codes') {
        this.codes(last);
      } else {
        // The Adler-32 is passed over, as the chunks' CRCs are (png-stream.ts).
        this.take(this.count & 7);
        this.take(16);
        this.take(16);
        this.state = 'done';
      }
    }
    this.handOn();
  }

  /** Literals and matches until the block ends or the input runs short. */
  private codes(last: boolean) {
    const out = this.out;
    while (last || this.end - this.at >= 8) {
      const symbol = this.symbol(this.literals);
      if (symbol < 256) {
        out[this.written++] = symbol;
        if (this.written === out.length) this.handOn();
        continue;
      }
      if (symbol === 256) {
        this.state = this.lastBlock ? 'checksum' : 'block';
        return;
      }
      const index = symbol - 257;
      if (index >= 29) throw new BrokenPng('its image data has a length code deflate does not have');
      const length = LENGTH_BASE[index]! + this.take(LENGTH_EXTRA[index]!);
      const code = this.symbol(this.distances);
      if (code >= 30) throw new BrokenPng('its image data has a distance code deflate does not have');
      const distance = DISTANCE_BASE[code]! + this.take(DISTANCE_EXTRA[code]!);
      if (distance > this.handed + this.written - HISTORY) throw new BrokenPng('its image data copies from before its start');
      if (this.written + length > out.length) this.handOn();
      for (let i = 0, from = this.written - distance; i < length; i++) out[this.written++] = out[from + i]!;
    }
  }

  private readCodes() {
    const literalCount = this.take(5) + 257;
    const distanceCount = this.take(5) + 1;
    const lengthCount = this.take(4) + 4;
    const lengthLengths = new Uint8Array(19);
    for (let i = 0; i < lengthCount; i++) lengthLengths[LENGTHS_ORDER[i]!] = this.take(3);
    const lengthCode = this.built(codeOf(lengthLengths));
    const lengths = new Uint8Array(literalCount + distanceCount);
    for (let i = 0; i < lengths.length;) {
      const symbol = this.symbol(lengthCode);
      if (symbol < 16) {
        lengths[i++] = symbol;
        continue;
      }
      if (symbol === 16 && i === 0) throw new BrokenPng('its image data repeats a code length before the first');
      const repeated = symbol === 16 ? lengths[i - 1]! : 0;
      const times = symbol === 16 ? 3 + this.take(2) : symbol === 17 ? 3 + this.take(3) : 11 + this.take(7);
      if (i + times > lengths.length) throw new BrokenPng('its image data has more code lengths than codes');
      lengths.fill(repeated, i, i + times);
      i += times;
    }
    this.literals = this.built(codeOf(lengths.subarray(0, literalCount)));
    this.distances = this.built(codeOf(lengths.subarray(literalCount)));
  }

  /** A table built, counted against what the input allows. */
  private built(code: Code): Code {
    this.tableWork += code.table.length;
    if (this.tableWork > this.workAllowed) throw new BrokenPng('its image data builds its codes again and again, far more often than deflate needs');
    return code;
  }
}
