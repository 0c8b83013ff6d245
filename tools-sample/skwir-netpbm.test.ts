import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import type { ConvertedFile, Page, TextRun } from '../src-shared/skwir/types';
import { pluginTests, scratchFiles, type Answered, type PluginSession } from './skwir-driver';

const folder = fileURLToPath(new URL('./skwir-netpbm/', import.meta.url));
const { started } = pluginTests(folder);
const { file } = scratchFiles('skwir-netpbm-');

/** A PNG read back: its size, its colour type, its bits a sample (8 or 16) and its pixels, rows unfiltered. */
function decodePng(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from('89504e470d0a1a0a', 'hex'));
  let width = 0;
  let height = 0;
  let colour = -1;
  let depth = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const kind = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (kind === 'IHDR') [width, height, depth, colour] = [body.readUInt32BE(0), body.readUInt32BE(4), body[8]!, body[9]!];
    if (kind === 'IDAT') data.push(body);
    at += 12 + length;
  }
  expect([8, 16]).toContain(depth);
  const channels = colour === 0 ? 1 : 3;
  const size = depth / 8; // a sample's bytes, the high byte first
  const raw = inflateSync(Buffer.concat(data));
  expect(raw.length).toBe(height * (1 + width * channels * size));
  const pixel = (x: number, y: number) => {
    const row = y * (1 + width * channels * size);
    expect(raw[row]).toBe(0); // the filter type this writer uses
    const at = row + 1 + x * channels * size;
    return Array.from({ length: channels }, (_, c) => (size === 1 ? raw[at + c]! : raw.readUInt16BE(at + 2 * c)));
  };
  return { width, height, channels, depth, pixel };
}

/** What a call answers where a test expects a picture: the protocol's types, the PNG given (the test checks it is). */
type Pictures = { convert: ConvertedFile; thumbnail: { png: string }; page: Page & { png: string; text: TextRun[] } };
type PictureOf<M extends string> = M extends keyof Pictures ? Pictures[M] : unknown;

const ask = <M extends string>(plugin: PluginSession, method: M, path: string, params: Record<string, unknown> = {}) =>
  plugin.call(method, [path], ([f]) => ({ file: f, ...params })).answer as Promise<Answered<PictureOf<M>>>;

// One 3 × 2 picture in every form: red green blue / black grey white.
const rgb = [255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 128, 128, 128, 255, 255, 255];
const sixteenBit = (values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >> 8, v & 0xff])));
const to8 = (v: number, maxval: number) => Math.floor((v * 255 + Math.floor(maxval / 2)) / maxval);
const to16 = (v: number, maxval: number) => Math.floor((v * 65_535 + Math.floor(maxval / 2)) / maxval);

describe('the netpbm plugin', () => {
  it('declares a preview of ppm, pgm, pbm and pnm that converts, pages and thumbnails', async () => {
    const plugin = await started();
    expect(plugin.manifest).toMatchObject({ api: 1, capabilities: ['read'], program: { exec: 'netpbm.py' } });
    expect(plugin.manifest.previews).toEqual([{ extensions: ['ppm', 'pgm', 'pbm', 'pnm'], converts: true, pages: true, thumbnails: true }]);
  });

  it('converts one picture to a PNG of its own size, plain and raw, with comments', async () => {
    const plugin = await started();
    const raw = file('sunset.ppm', 'P6\n# made by hand\n3 2\n# max\n255\n', rgb);
    const plain = file('plain.ppm', 'P3 # comment after the magic\n3 2 255\n', rgb.map((v, i) => `${v}${i % 3 === 2 ? '\n' : '  '}`).join(''), '\n');
    for (const path of [raw, plain]) {
      const answer = await ask(plugin, 'convert', path);
      expect(answer.result.name).toBe(path === raw ? 'sunset.png' : 'plain.png');
      const picture = decodePng(answer.result.data);
      expect([picture.width, picture.height, picture.channels]).toEqual([3, 2, 3]);
      expect([picture.pixel(0, 0), picture.pixel(2, 0), picture.pixel(1, 1), picture.pixel(2, 1)]).toEqual([
        [255, 0, 0],
        [0, 0, 255],
        [128, 128, 128],
        [255, 255, 255],
      ]);
    }
  });

  it('keeps 16-bit samples whole, brings other maxvals to 8 or 16 bits, and reads bitmaps with and without spaces', async () => {
    const plugin = await started();
    const deep = [0, 255, 32_896, 65_535, 1_000, 40_000];
    const gray16 = decodePng((await ask(plugin, 'convert', file('deep.pgm', 'P5 3 2 65535\n', sixteenBit(deep)))).result.data);
    expect(gray16.depth).toBe(16);
    expect([0, 1, 2].flatMap((x) => [gray16.pixel(x, 0), gray16.pixel(x, 1)]).flat()).toEqual([0, 65_535, 255, 1_000, 32_896, 40_000]);

    const rgb12 = decodePng((await ask(plugin, 'convert', file('deep.ppm', 'P6 1 1 4095\n', sixteenBit([4095, 2048, 1])))).result.data);
    expect([rgb12.depth, ...rgb12.pixel(0, 0)]).toEqual([16, 65_535, to16(2048, 4095), to16(1, 4095)]);
    const plain16 = decodePng((await ask(plugin, 'convert', file('plain16.pgm', 'P2\n2 1\n65535\n7 65535\n'))).result.data);
    expect([plain16.depth, plain16.pixel(0, 0), plain16.pixel(1, 0)]).toEqual([16, [7], [65_535]]);

    const gray15 = decodePng((await ask(plugin, 'convert', file('low.pgm', 'P2\n2 1\n15\n0 7\n'))).result.data);
    expect([gray15.depth, gray15.pixel(0, 0), gray15.pixel(1, 0)]).toEqual([8, [0], [to8(7, 15)]]);
    const raw15 = decodePng((await ask(plugin, 'convert', file('low.pgm', 'P5 3 1 15\n', [0, 7, 15]))).result.data);
    expect([0, 1, 2].map((x) => raw15.pixel(x, 0)[0])).toEqual([0, to8(7, 15), 255]);

    // 10 pixels a row: two bytes, the last six bits padding. 1 is black.
    const bits = decodePng((await ask(plugin, 'convert', file('bits.pbm', 'P4 10 2\n', [0b10100000, 0b01000000, 0b11111111, 0b11111111]))).result.data);
    expect(bits.channels).toBe(1);
    expect(Array.from({ length: 10 }, (_, x) => bits.pixel(x, 0)[0])).toEqual([0, 255, 0, 255, 255, 255, 255, 255, 255, 0]);
    expect(Array.from({ length: 10 }, (_, x) => bits.pixel(x, 1)[0])).toEqual(Array(10).fill(0));
    for (const body of ['0110\n1001\n', '0 1 1 0\n# a comment\n1 0 0 1']) {
      const plainBits = decodePng((await ask(plugin, 'convert', file('plain.pbm', `P1\n4 2\n${body}`))).result.data);
      expect([0, 1, 2, 3].map((x) => plainBits.pixel(x, 1)[0])).toEqual([0, 255, 255, 0]);
    }
  });

  it('converts a picture larger than one read, 8 and 16 bits a sample, every row right', async () => {
    const plugin = await started();
    const [width, height] = [1500, 1000]; // 4.5 MB of samples: more than one read of 4 MiB
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([x & 0xff, y & 0xff, (x ^ y) & 0xff], (y * width + x) * 3);
    const call = plugin.call('convert', [file('large.ppm', `P6\n${width} ${height}\n255\n`, pixels)], ([f]) => ({ file: f }));
    const large = decodePng(((await call.answer) as Answered<ConvertedFile>).result.data);
    expect([large.width, large.height]).toEqual([width, height]);
    for (const [x, y] of [
      [0, 0],
      [1499, 0],
      [700, 932],
      [1499, 999],
    ] as const)
      expect(large.pixel(x, y)).toEqual([x & 0xff, y & 0xff, (x ^ y) & 0xff]);
    expect(call.reads.length).toBeGreaterThan(2);

    // Rows are read as many as one read holds (4 MiB / 12,000 bytes: 349 rows), so rows 348 and 349 come from two reads.
    const [deepWidth, deepHeight] = [2000, 1000];
    const deep = Buffer.alloc(deepWidth * deepHeight * 3 * 2);
    for (let i = 0; i < deepWidth * deepHeight * 3; i++) deep.writeUInt16BE((i * 37) & 0xffff, i * 2);
    const sample = (x: number, y: number, c: number) => (((y * deepWidth + x) * 3 + c) * 37) & 0xffff;
    const places = [
      [0, 0],
      [1999, 348],
      [0, 349],
      [123, 456],
      [1999, 999],
    ] as const;
    const rgb16 = decodePng((await ask(plugin, 'convert', file('large16.ppm', `P6 ${deepWidth} ${deepHeight} 65535\n`, deep))).result.data);
    expect(rgb16.depth).toBe(16);
    for (const [x, y] of places) expect(rgb16.pixel(x, y), `(${x}, ${y})`).toEqual([0, 1, 2].map((c) => sample(x, y, c)));
    // The same samples under a maxval of 60,000 (those above it made 60,000): each brought to 16 bits.
    const capped = Buffer.alloc(deep.length);
    for (let i = 0; i < deep.length; i += 2) capped.writeUInt16BE(Math.min(60_000, deep.readUInt16BE(i)), i);
    const scaled = decodePng((await ask(plugin, 'convert', file('capped.ppm', `P6 ${deepWidth} ${deepHeight} 60000\n`, capped))).result.data);
    for (const [x, y] of places) expect(scaled.pixel(x, y), `(${x}, ${y})`).toEqual([0, 1, 2].map((c) => to16(Math.min(60_000, sample(x, y, c)), 60_000)));
    // 8 bits under a maxval of 100, larger than one read too (1,398 rows a read): each sample brought to 0-255.
    const low = Buffer.alloc(3000 * 1500);
    for (let i = 0; i < low.length; i++) low[i] = i % 101;
    const gray = decodePng((await ask(plugin, 'convert', file('low.pgm', 'P5 3000 1500 100\n', low))).result.data);
    for (const [x, y] of [...places, [2999, 1397], [0, 1398]] as const) expect(gray.pixel(x, y), `(${x}, ${y})`).toEqual([to8((y * 3000 + x) % 101, 100)]);
  });

  it('names the row of a sample above the maxval in a raw picture read many rows at a time', async () => {
    const plugin = await started();
    const low = Buffer.alloc(3000 * 1500, 100);
    low[1400 * 3000 + 17] = 101; // in the second read, from row 1,398 on
    expect(await ask(plugin, 'convert', file('over.pgm', 'P5 3000 1500 100\n', low))).toEqual({
      error: { code: -32000, message: 'picture 1, row 1401: a sample is 101, above the maxval 100' },
    });
    const deep = Buffer.alloc(2000 * 1500 * 2);
    deep.writeUInt16BE(1001, (1200 * 2000 + 5) * 2); // in the second read, from row 1,048 on
    expect(await ask(plugin, 'convert', file('over.pgm', 'P5 2000 1500 1000\n', deep))).toEqual({
      error: { code: -32000, message: 'picture 1, row 1201: a sample is 1001, above the maxval 1000' },
    });
  });

  it('makes a thumbnail fitted into the square, never enlarged, reading only the rows it shows', async () => {
    const plugin = await started();
    const [width, height] = [1000, 500];
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([x & 0xff, y & 0xff, (x + y) & 0xff], (y * width + x) * 3);
    const path = file('wide.ppm', `P6 ${width} ${height} 255\n`, pixels);
    const call = plugin.call('thumbnail', [path], ([f]) => ({ file: f, size: 100 }));
    const thumb = decodePng(((await call.answer) as Answered<{ png: string }>).result.png);
    expect([thumb.width, thumb.height]).toEqual([100, 50]);
    // Nearest neighbour: thumbnail pixel (x, y) is the picture's (10x + 5, 10y + 5).
    expect(thumb.pixel(0, 0)).toEqual([5, 5, 10]);
    expect(thumb.pixel(99, 49)).toEqual([995 & 0xff, 495 & 0xff, (995 + 495) & 0xff]);
    const bytesRead = call.reads.reduce((sum, read) => sum + (read.served ?? 0), 0);
    expect(bytesRead).toBeLessThan(pixels.length / 2);

    const small = decodePng((await ask(plugin, 'thumbnail', file('small.pgm', 'P5 3 2 255\n', [1, 2, 3, 4, 5, 6]), { size: 256 })).result.png);
    expect([small.width, small.height, small.pixel(2, 1)]).toEqual([3, 2, [6]]);
    const tall = decodePng((await ask(plugin, 'thumbnail', file('tall.pbm', 'P1 2 9\n', '01'.repeat(9)), { size: 3 })).result.png);
    expect([tall.width, tall.height]).toEqual([1, 3]);
  });

  it('answers null to convert for several pictures, and shows them in pages with their sizes and outline', async () => {
    const plugin = await started();
    const several = file('album.pnm', 'P6 3 2 255\n', rgb, 'P5 2 2 65535\n', sixteenBit([0, 65_535, 65_535, 0]), '\nP1\n# a third one\n1 1\n1\n');
    expect(await ask(plugin, 'convert', several)).toEqual({ result: null });
    expect(plugin.logs).toContainEqual({ level: 'debug', message: 'album.pnm: 3 pictures, shown one a page' });

    const outline = [1, 2, 3].map((page) => ({ title: `Picture ${page}`, depth: 0, page }));
    expect(await ask(plugin, 'page', several, { page: 1, side: 0 })).toEqual({ result: { pages: 3, png: null, width: 3, height: 2, outline } });
    const second = (await ask(plugin, 'page', several, { page: 2, side: 64, text: true })).result;
    expect(second).toMatchObject({ pages: 3, width: 2, height: 2, outline });
    expect(second.text).toEqual([{ text: 'Picture 2 of 3 · 2 × 2 · P5', x: 0.02, y: 0.02, width: 0.96, height: 0.05 }]);
    const drawn = decodePng(second.png);
    expect([drawn.width, drawn.height]).toEqual([64, 64]); // enlarged to the side asked, pixel by pixel
    expect([drawn.pixel(0, 0), drawn.pixel(63, 0), drawn.pixel(0, 63), drawn.pixel(31, 31), drawn.pixel(32, 31)]).toEqual([
      [0],
      [65_535],
      [65_535],
      [0],
      [65_535],
    ]);

    const first = decodePng((await ask(plugin, 'page', several, { page: 1, side: 6 })).result.png);
    expect([first.width, first.height, first.pixel(5, 0)]).toEqual([6, 4, [0, 0, 255]]);
    const third = (await ask(plugin, 'page', several, { page: 3, side: 10, text: true })).result;
    expect([third.width, third.height, third.text[0]?.text]).toEqual([1, 1, 'Picture 3 of 3 · 1 × 1 · P1']);
    expect(decodePng(third.png).pixel(9, 9)).toEqual([0]);
    expect(await ask(plugin, 'page', several, { page: 4, side: 100, text: true })).toEqual({ result: { pages: 3, png: null, outline } });
  });

  it('says what is wrong with a file that is not a good Netpbm picture', async () => {
    const plugin = await started();
    const cases: [string, (string | Buffer)[], string][] = [
      ['fake.ppm', [Buffer.from('89504e470d0a1a0a', 'hex')], 'not a Netpbm file: starts with 0x89 0x50'],
      ['empty.ppm', [''], 'not a Netpbm file: the file is empty'],
      ['zero.ppm', ['P6 0 2 255\n'], 'picture 1: the width 0 is not a size'],
      ['flat.pgm', ['P2 2 0 255\n'], 'picture 1: the height 0 is not a size'],
      ['maxval.pgm', ['P5 1 1 70000\n', '\0\0'], 'picture 1: the maxval 70000 is not between 1 and 65535'],
      ['nomax.pgm', ['P2 1 1 0\n0\n'], 'picture 1: the maxval 0 is not between 1 and 65535'],
      ['letters.ppm', ['P3 2 x 255\n'], "picture 1: expected the height, found 'x' at byte 5"],
      ['short.ppm', ['P6 2 2 255\n', 'abcdefghi'], 'picture 1 is cut short: the file ends before its 2 rows'],
      ['above.pgm', ['P2 2 1 100\n5 200\n'], 'picture 1, row 1: a sample is 200, above the maxval 100'],
      ['ends.pgm', ['P2 2 2 9\n1 2 3\n'], 'picture 1: expected the sample of row 2, found the end of the file at byte 15'],
      ['glued.pgm', ['P5 1 1 255#comment\n', 'x'], "picture 1: expected one whitespace byte before the raster, found '#'"],
      ['tail.pgm', ['P5 1 1 255\n', 'x', 'GIF89a'], 'not a Netpbm picture at byte 12, after picture 1: starts with 0x47 0x49'],
      ['huge.pgm', ['P5 20000 20000 255\n'], 'picture 1 is 20,000 × 20,000 pixels: more than the 100,000,000 this plugin draws'],
    ];
    for (const [name, parts, message] of cases) {
      expect(await ask(plugin, 'page', file(name, ...parts), { page: 1, side: 0 }), name).toEqual({ error: { code: -32000, message } });
    }
    expect(await ask(plugin, 'thumbnail', file('fake.ppm', Buffer.from('89504e47', 'hex')), { size: 64 })).toEqual({
      error: { code: -32000, message: 'not a Netpbm file: starts with 0x89 0x50' },
    });
    const fine = file('fine.pgm', 'P5 2 1 255\n', [0, 255]);
    expect(await ask(plugin, 'page', fine, { page: 1, side: 20_000 })).toEqual({
      error: { code: -32000, message: 'drawing picture 1 at 20,000 × 10,000 pixels is more than the 100,000,000 this plugin draws' },
    });
    expect(await ask(plugin, 'page', fine, { page: 0, side: 10 })).toEqual({
      error: { code: -32602, message: 'params.page must be a whole number from 1, not 0' },
    });
    expect(await ask(plugin, 'thumbnail', fine, { size: true })).toEqual({
      error: { code: -32602, message: 'params.size must be a whole number from 1, not true' },
    });
    expect(await ask(plugin, 'inspect', fine)).toEqual({ error: { code: -32601, message: 'unknown method inspect' } });
  });

  it('stops at $/cancel without answering, and exits 0 when stdin closes mid-call', async () => {
    const plugin = await started();
    const path = file('cancel.pgm', 'P5 2 1 255\n', [0, 255]);
    plugin.holdReads();
    const cancelled = plugin.call('convert', [path], ([f]) => ({ file: f }));
    await plugin.until('a read', () => cancelled.reads.length === 1);
    plugin.cancel(cancelled);
    const next = plugin.call('page', [path], ([f]) => ({ file: f, page: 1, side: 0 }));
    plugin.releaseReads();
    expect(await next.answer).toMatchObject({ result: { pages: 1, width: 2, height: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(plugin.stray).toEqual([]);

    plugin.holdReads();
    const open = plugin.call('thumbnail', [path], ([f]) => ({ file: f, size: 8 }));
    await plugin.until('a read', () => open.reads.length === 1);
    const ended = await plugin.close();
    expect(ended).toMatchObject({ code: 0, signal: null, inTime: true });
    expect(ended.ms).toBeLessThan(2_000);
  });
});
