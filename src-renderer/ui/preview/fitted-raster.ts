// A PNG's rows made into the picture at a smaller size as they are inflated, one row held at a time:
// each row unfiltered against the one before it, its samples made 8-bit RGBA as the browser shows
// them, and every pixel averaged into the one it falls in at the smaller size (a box filter, its
// colours weighted by their opacity so a transparent pixel's colour does not darken its neighbours).
// The picture at its own size is never held: its bytes cost one row.
import { BrokenPng, type PngFacts, type PngHeader } from './png-stream';

const CHANNELS: Record<PngHeader['colourType'], number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** One row's samples as 8-bit RGBA into `rgba`, from its unfiltered bytes. */
function toRgba(row: Uint8Array, header: PngHeader, facts: PngFacts, rgba: Uint8Array) {
  const { width, bitDepth, colourType } = header;
  const channels = CHANNELS[colourType];
  const step = bitDepth === 16 ? 2 : 1;
  const trns = facts.transparency;
  if (bitDepth < 8) {
    const perByte = 8 / bitDepth;
    const mask = (1 << bitDepth) - 1;
    const scale = 255 / mask;
    const palette = facts.palette!;
    for (let x = 0; x < width; x++) {
      const value = (row[(x / perByte) | 0]! >> (8 - bitDepth * ((x % perByte) + 1))) & mask;
      if (colourType === 3) {
        if (value * 3 + 2 >= palette.length) throw new BrokenPng(`a pixel's colour ${value} is not in its palette`);
        rgba.set(palette.subarray(value * 3, value * 3 + 3), x * 4);
        rgba[x * 4 + 3] = trns && value < trns.length ? trns[value]! : 255;
      } else {
        const grey = Math.round(value * scale);
        rgba[x * 4] = rgba[x * 4 + 1] = rgba[x * 4 + 2] = grey;
        rgba[x * 4 + 3] = trns && trns.length >= 2 && ((trns[0]! << 8) | trns[1]!) === value ? 0 : 255;
      }
    }
    return;
  }
  const stride = channels * step;
  for (let x = 0, at = 0; x < width; x++, at += stride) {
    const o = x * 4;
    if (colourType === 3) {
      const index = row[at]!;
      if (index * 3 + 2 >= facts.palette!.length) throw new BrokenPng(`a pixel's colour ${index} is not in its palette`);
      rgba[o] = facts.palette![index * 3]!;
      rgba[o + 1] = facts.palette![index * 3 + 1]!;
      rgba[o + 2] = facts.palette![index * 3 + 2]!;
      rgba[o + 3] = trns && index < trns.length ? trns[index]! : 255;
    } else if (colourType === 0 || colourType === 4) {
      rgba[o] = rgba[o + 1] = rgba[o + 2] = row[at]!;
      rgba[o + 3] = colourType === 4 ? row[at + step]! : trns && trns.length >= 2 && sample(row, at, step) === ((trns[0]! << 8) | trns[1]!) ? 0 : 255;
    } else {
      rgba[o] = row[at]!;
      rgba[o + 1] = row[at + step]!;
      rgba[o + 2] = row[at + 2 * step]!;
      rgba[o + 3] =
        colourType === 6
          ? row[at + 3 * step]!
          : trns &&
              trns.length >= 6 &&
              sample(row, at, step) === ((trns[0]! << 8) | trns[1]!) &&
              sample(row, at + step, step) === ((trns[2]! << 8) | trns[3]!) &&
              sample(row, at + 2 * step, step) === ((trns[4]! << 8) | trns[5]!)
            ? 0
            : 255;
    }
  }
}

const sample = (row: Uint8Array, at: number, step: number) => (step === 2 ? (row[at]! << 8) | row[at + 1]! : row[at]!);

/** Undoes a row's filter in place (PNG's five filters), `previous` being the row above, unfiltered. */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, bpp: number) {
  const n = row.length;
  if (filter === 0) return;
  if (filter === 1) for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!;
  else if (filter === 2) for (let i = 0; i < n; i++) row[i] = row[i]! + previous[i]!;
  else if (filter === 3) for (let i = 0; i < n; i++) row[i] = row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + previous[i]!) >> 1);
  else if (filter === 4) {
    for (let i = 0; i < n; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const b = previous[i]!;
      const c = i >= bpp ? previous[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      row[i] = row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }
  } else throw new BrokenPng(`a row has filter ${filter}, which PNG does not have`);
}

/** A PNG's inflated rows `push`ed in pieces, made into its pixels at a smaller size (each side at most its own). */
export class FittedRaster {
  private readonly header: PngHeader;
  private readonly bytesPerRow: number;
  private readonly bpp: number;
  private row: Uint8Array;
  private previous: Uint8Array;
  private readonly rgba: Uint8Array;
  /** The picture at the smaller size, RGBA, for an `ImageData`. */
  readonly pixels: Uint8ClampedArray<ArrayBuffer>;
  /** Where each column of the picture falls at the smaller size. */
  private readonly column: Uint32Array;
  /** The row being made at the smaller size: its colours weighted by opacity, its opacity, and how many pixels went in. */
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;
  private y = 0;
  private target = 0;
  /** The row's filter byte, once read. */
  private filter = -1;
  private seen = 0;

  constructor(
    private readonly facts: PngFacts,
    readonly size: { readonly width: number; readonly height: number },
  ) {
    const header = (this.header = facts.header!);
    if (header.colourType === 3 && !facts.palette) throw new BrokenPng('its pixels name colours of a palette it does not have');
    this.bytesPerRow = Math.ceil((header.width * CHANNELS[header.colourType] * header.bitDepth) / 8);
    this.bpp = Math.max(1, (CHANNELS[header.colourType] * header.bitDepth) / 8);
    this.row = new Uint8Array(this.bytesPerRow);
    this.previous = new Uint8Array(this.bytesPerRow);
    this.rgba = new Uint8Array(header.width * 4);
    this.pixels = new Uint8ClampedArray(size.width * size.height * 4);
    this.column = new Uint32Array(header.width);
    for (let x = 0; x < header.width; x++) this.column[x] = Math.floor((x * size.width) / header.width);
    this.sums = new Float64Array(size.width * 4);
    this.counts = new Float64Array(size.width);
  }

  push(bytes: Uint8Array) {
    let at = 0;
    while (at < bytes.length) {
      if (this.y === this.header.height) throw new BrokenPng('its image data is longer than its rows');
      if (this.filter < 0) {
        this.filter = bytes[at++]!;
        continue;
      }
      const piece = bytes.subarray(at, at + this.bytesPerRow - this.seen);
      this.row.set(piece, this.seen);
      this.seen += piece.length;
      at += piece.length;
      if (this.seen === this.bytesPerRow) this.rowDone();
    }
  }

  /** The image data ended: the pixels, or why there are not all of them. */
  finish(): Uint8ClampedArray<ArrayBuffer> {
    if (this.y < this.header.height) throw new BrokenPng(`its image data ends after ${this.y} of its ${this.header.height} rows`);
    this.flush();
    return this.pixels;
  }

  private rowDone() {
    const { header, rgba, sums, counts, column } = this;
    unfilter(this.filter, this.row, this.previous, this.bpp);
    toRgba(this.row, header, this.facts, rgba);
    const into = Math.floor((this.y * this.size.height) / header.height);
    if (into !== this.target) {
      this.flush();
      this.target = into;
    }
    for (let x = 0; x < header.width; x++) {
      const to = column[x]!;
      const alpha = rgba[x * 4 + 3]!;
      sums[to * 4] = sums[to * 4]! + rgba[x * 4]! * alpha;
      sums[to * 4 + 1] = sums[to * 4 + 1]! + rgba[x * 4 + 1]! * alpha;
      sums[to * 4 + 2] = sums[to * 4 + 2]! + rgba[x * 4 + 2]! * alpha;
      sums[to * 4 + 3] = sums[to * 4 + 3]! + alpha;
      counts[to] = counts[to]! + 1;
    }
    [this.previous, this.row] = [this.row, this.previous];
    this.y++;
    this.filter = -1;
    this.seen = 0;
  }

  private flush() {
    const { sums, counts, pixels } = this;
    const width = this.size.width;
    for (let x = 0; x < width; x++) {
      const alpha = sums[x * 4 + 3]!;
      const o = (this.target * width + x) * 4;
      pixels[o + 3] = Math.round(alpha / counts[x]!);
      if (alpha > 0) {
        pixels[o] = Math.round(sums[x * 4]! / alpha);
        pixels[o + 1] = Math.round(sums[x * 4 + 1]! / alpha);
        pixels[o + 2] = Math.round(sums[x * 4 + 2]! / alpha);
      }
    }
    sums.fill(0);
    counts.fill(0);
  }
}
