// The PNG read as it arrives (png-stream.ts, inflate.ts, fitted-raster.ts) against Node's zlib and
// pixels known ahead: PNGs written here with every filter, colour type and depth, fed in pieces of
// every size, read at their own size (exact) and smaller (each pixel the average of its box).
import { crc32, deflateSync } from 'node:zlib';
import { pngChunk as chunk } from '../../../src-shared/png-chunks';
import { describe, expect, it } from 'vitest';
import { FittedRaster } from './fitted-raster';
import { Inflater } from './inflate';
import { BrokenPng, MOST_READ_PIXELS, MOST_READ_WIDTH, NotPlainPng, PngChunks, type PngFacts } from './png-stream';

/** Filters a row with PNG's filter `type` (the writer's side of unfilter). */
function filtered(type: number, row: Uint8Array, previous: Uint8Array, bpp: number): Buffer {
  const out = Buffer.alloc(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = previous[i]!;
    const c = i >= bpp ? previous[i - bpp]! : 0;
    const p = a + b - c;
    const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
    const predicted = [0, a, b, (a + b) >> 1, paeth][type]!;
    out[i + 1] = (row[i]! - predicted) & 255;
  }
  return out;
}

interface Written {
  png: Buffer;
  /** What each pixel should show, RGBA. */
  rgba: Uint8Array;
}

/** A PNG of `rows` (raw samples, one Uint8Array a row), each row filtered with the next of the five filters. */
function writePng(width: number, height: number, bitDepth: number, colourType: number, rows: Uint8Array[], extra: Uint8Array[] = [], level = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType]!;
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  const data = Buffer.concat(rows.map((row, y) => filtered(y % 5, row, y ? rows[y - 1]! : new Uint8Array(row.length), bpp)));
  const compressed = deflateSync(data, { level });
  // The image data split over several chunks, as some writers do.
  const third = Math.ceil(compressed.length / 3);
  const idats = [0, 1, 2].map((i) => chunk('IDAT', compressed.subarray(i * third, (i + 1) * third)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), ...extra, ...idats, chunk('IEND', new Uint8Array())]);
}

/** An RGBA picture of smooth colours and some noise (compressible, but not only runs). */
function rgbaPicture(width: number, height: number, seed = 1): Written {
  let state = seed;
  const noise = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) >> 16) & 15;
  const rgba = new Uint8Array(width * height * 4);
  const rows: Uint8Array[] = [];
  for (let y = 0; y < height; y++) {
    const row = new Uint8Array(width * 4);
    for (let x = 0; x < width; x++) row.set([(x * 7 + noise()) & 255, (y * 5) & 255, (x + y + noise()) & 255, 255 - ((x * y) & 127)], x * 4);
    rgba.set(row, y * width * 4);
    rows.push(row);
  }
  return { png: writePng(width, height, 8, 6, rows), rgba };
}

/** Reads the PNG fed in pieces of `piece` bytes, at `size` (its own when not given). */
function read(png: Uint8Array, piece: number, size?: { width: number; height: number }) {
  const facts: PngFacts = {};
  let raster: FittedRaster | undefined;
  const inflater = new Inflater((bytes) => raster!.push(bytes));
  const chunks = new PngChunks(facts, (bytes) => {
    raster ??= new FittedRaster(facts, size ?? facts.header!);
    inflater.push(bytes);
  });
  for (let at = 0; at < png.length; at += piece) chunks.push(png.subarray(at, at + piece));
  chunks.finish();
  inflater.finish();
  return raster!.finish();
}

describe('a PNG read as it arrives', () => {
  it('inflates what zlib deflates, at every level and fed in pieces of any size', () => {
    const { rgba } = rgbaPicture(300, 200);
    const text = Buffer.from('the same words again and again, '.repeat(5000));
    for (const input of [Buffer.from(rgba), text, Buffer.alloc(100_000), Buffer.from(rgba.subarray(0, 7))]) {
      for (const level of [0, 1, 6, 9]) {
        for (const piece of [1, 7, 1000, 1 << 20]) {
          const compressed = deflateSync(input, { level });
          const out: Buffer[] = [];
          const inflater = new Inflater((bytes) => out.push(Buffer.from(bytes)));
          for (let at = 0; at < compressed.length; at += piece) inflater.push(compressed.subarray(at, at + piece));
          inflater.finish();
          expect(Buffer.concat(out).equals(input)).toBe(true);
        }
      }
    }
  });

  it('shows every pixel as written at its own size, whatever the pieces', () => {
    const { png, rgba } = rgbaPicture(123, 77);
    for (const piece of [1, 5, 4096, png.length]) expect(Buffer.from(read(png, piece)).equals(Buffer.from(rgba))).toBe(true);
  });

  it('reads grey, grey and alpha, RGB, palette, 16 bits and fewer than 8, with their transparency', () => {
    // Grey at 2 bits: 0, 1, 2, 3 make 0, 85, 170, 255; value 1 is transparent (its colour then nothing).
    const grey2 = writePng(4, 2, 2, 0, [Uint8Array.of(0b00011011), Uint8Array.of(0b11100100)], [chunk('tRNS', Uint8Array.of(0, 1))]);
    expect([...read(grey2, 3)]).toEqual([
      0, 0, 0, 255, 0, 0, 0, 0, 170, 170, 170, 255, 255, 255, 255, 255, 255, 255, 255, 255, 170, 170, 170, 255, 0, 0, 0, 0, 0, 0, 0, 255,
    ]);
    expect([...read(writePng(2, 1, 2, 0, [Uint8Array.of(0b01100000)]), 3)]).toEqual([85, 85, 85, 255, 170, 170, 170, 255]);
    // A palette of two at 1 bit, the second half transparent.
    const palette = writePng(
      3,
      1,
      1,
      3,
      [Uint8Array.of(0b01000000)],
      [chunk('PLTE', Uint8Array.of(255, 0, 0, 0, 0, 255)), chunk('tRNS', Uint8Array.of(255, 128))],
    );
    expect([...read(palette, 2)]).toEqual([255, 0, 0, 255, 0, 0, 255, 128, 255, 0, 0, 255]);
    // RGB at 16 bits: the high byte shown.
    const rgb16 = writePng(2, 1, 16, 2, [Uint8Array.of(1, 2, 3, 4, 5, 6, 250, 9, 128, 1, 0, 255)]);
    expect([...read(rgb16, 1000)]).toEqual([1, 3, 5, 255, 250, 128, 0, 255]);
    // Grey and alpha at 8 bits.
    const greyAlpha = writePng(2, 1, 8, 4, [Uint8Array.of(10, 20, 30, 40)]);
    expect([...read(greyAlpha, 1)]).toEqual([10, 10, 10, 20, 30, 30, 30, 40]);
  });

  it('makes each pixel of a smaller picture the average of its box, weighted by opacity', () => {
    // Four 2 x 2 boxes: red, half-transparent blue with one transparent green, and two flat greys.
    const rows = [
      Uint8Array.of(255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 128, 0, 255, 0, 0),
      Uint8Array.of(255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 128, 0, 0, 255, 128),
      Uint8Array.of(9, 9, 9, 255, 9, 9, 9, 255, 200, 200, 200, 255, 200, 200, 200, 255),
      Uint8Array.of(9, 9, 9, 255, 9, 9, 9, 255, 200, 200, 200, 255, 200, 200, 200, 255),
    ];
    const png = writePng(4, 4, 8, 6, rows);
    expect([...read(png, 10, { width: 2, height: 2 })]).toEqual([255, 0, 0, 255, 0, 0, 255, 96, 9, 9, 9, 255, 200, 200, 200, 255]);
  });

  it('leaves to the browser what it does not read: interlaced, a colour profile, gamma, an animation, too large, another kind', () => {
    const { png } = rgbaPicture(8, 8);
    const interlaced = Buffer.from(png);
    interlaced[8 + 8 + 12] = 1;
    interlaced.writeUInt32BE(crc32(interlaced.subarray(12, 29)), 29);
    expect(() => read(interlaced, 100)).toThrow(NotPlainPng);
    // Wider, or with more pixels, than the page reads: the browser's own limits judge it.
    for (const [width, height] of [
      [MOST_READ_WIDTH + 1, 1],
      [65_536, MOST_READ_PIXELS / 65_536 + 1],
    ] as const) {
      const huge = Buffer.from(png);
      huge.writeUInt32BE(width, 16);
      huge.writeUInt32BE(height, 20);
      huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
      expect(() => read(huge, 100)).toThrow(NotPlainPng);
    }
    // Named .png but another kind of picture: the browser may know it.
    expect(() => read(Buffer.from('GIF89a, not a PNG'), 100)).toThrow(NotPlainPng);
    const rows = [Uint8Array.of(1, 2, 3)];
    for (const [type, data] of [
      ['gAMA', Uint8Array.of(0, 0, 177, 143)],
      ['iCCP', Buffer.from('profile\0\0')],
      ['acTL', new Uint8Array(8)],
    ] as const)
      expect(() => read(writePng(1, 1, 8, 2, rows, [chunk(type, data)]), 100)).toThrow(NotPlainPng);
  });

  it('says what is wrong with a damaged PNG: its end, its image data, its rows; a failed CRC is read as the browser reads it', () => {
    const { png, rgba } = rgbaPicture(40, 30);
    const crc = Buffer.from(png);
    crc[crc.indexOf('IDAT') + 4 + crc.readUInt32BE(crc.indexOf('IDAT') - 4)]! ^= 1; // the first IDAT's CRC
    expect(Buffer.from(read(crc, 100)).equals(Buffer.from(rgba))).toBe(true);
    expect(() => read(png.subarray(0, png.length - 40), 100)).toThrow(BrokenPng);

    const garbage = writePng(2, 2, 8, 2, [new Uint8Array(6), new Uint8Array(6)]);
    garbage[garbage.indexOf('IDAT') + 6] = 0xff; // a deflate block of type 3, which deflate does not have
    expect(() => read(garbage, 100)).toThrow(/a block of a type deflate does not have/);
    // Rows whose filter is none of PNG's five.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(1, 4);
    header.set([8, 0], 8);
    const badFilter = Buffer.concat([
      png.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Uint8Array.of(9, 1, 2))),
      chunk('IEND', new Uint8Array()),
    ]);
    expect(() => read(badFilter, 100)).toThrow(/filter 9/);
  });

  it('refuses image data that builds its codes again and again: tiny blocks each with a table of 15-bit codes', () => {
    const blocks = tinyDynamicBlocks(2_000);
    expect(blocks.length).toBeLessThan(40_000);
    const inflater = new Inflater(() => {});
    expect(() => {
      inflater.push(blocks);
      inflater.finish();
    }).toThrow(/builds its codes again and again/);
    // A few such blocks are data like any other: an empty stream.
    const few = new Inflater(() => {});
    few.push(tinyDynamicBlocks(3));
    expect(() => few.finish()).not.toThrow();
  });
});

/**
 * A zlib stream of `count` dynamic blocks holding nothing but their end, each coded in 15 bits: a
 * literal table of 32,768 entries built for 15 bytes of input.
 */
function tinyDynamicBlocks(count: number): Uint8Array {
  const bytes: number[] = [0x78, 0x01];
  let bits = 0;
  let held = 0;
  /** `value` in `length` bits, least significant first (deflate's numbers). */
  const put = (value: number, length: number) => {
    for (let i = 0; i < length; i++) {
      bits |= ((value >> i) & 1) << held;
      if (++held === 8) {
        bytes.push(bits);
        bits = 0;
        held = 0;
      }
    }
  };
  /** A Huffman code, most significant bit first. */
  const code = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) put((value >> i) & 1, 1);
  };
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
  for (let block = 0; block < count; block++) {
    put(block === count - 1 ? 1 : 0, 1);
    put(2, 2); // dynamic
    put(0, 5); // 257 literal codes
    put(0, 5); // 1 distance code
    put(15, 4); // 19 code length codes
    // Code lengths 0, 15 and 18, two bits each: codes 00, 01 and 10.
    for (const symbol of order) put(symbol === 0 || symbol === 15 || symbol === 18 ? 2 : 0, 3);
    code(2, 2);
    put(138 - 11, 7); // 138 zeros
    code(2, 2);
    put(118 - 11, 7); // 118 more: literals 0 to 255 unused
    code(1, 2); // the end of the block: 15 bits
    code(0, 2); // no distance code
    code(0, 15); // the end of the block
  }
  if (held > 0) bytes.push(bits);
  bytes.push(0, 0, 0, 1); // Adler-32, passed over
  return Uint8Array.from(bytes);
}
