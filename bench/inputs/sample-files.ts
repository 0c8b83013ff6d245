// The files the samples' bench (samples.ts) gives the sample plugins and their peers: a text and
// Netpbm pictures, made the same on every run from a seeded generator, with what real files have
// that changes the cost (words of varying lengths, some not ASCII; a picture with smooth areas,
// edges and noise, so that it compresses as a photograph does, neither all alike nor random).
import { open } from 'node:fs/promises';

/** xorshift32: the same numbers from the same seed, on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/**
 * Words as a text has them: a vocabulary of 5,000 made of syllables, 1 to 14 letters, the short
 * ones the most used; a few with letters outside ASCII (café, naïve, Straße, 日本語) and a dash
 * standing alone (—), as English prose has; a sentence starts with a capital and ends with a
 * stop. Lines wrap at 72 columns, a blank line between paragraphs; now and then a number with a
 * no-break space (U+00A0) between its thousands, which `wc -w` counts as two words, as the sample does.
 */
function vocabulary(random: () => number): Buffer[] {
  const syllables = ['a', 'e', 'in', 'on', 'the', 'ver', 'to', 'st', 'ri', 'ca', 'lo', 'men', 'ta', 'pe', 'qu', 'ble', 'ous', 'ing', 'ly', 'sh'];
  const foreign = ['café', 'naïve', 'Straße', 'garçon', 'über', '日本語', 'ça', '—', 'don’t', 'it’s', 'résumé', 'Ελλάδα'];
  const words: Buffer[] = [];
  for (let i = 0; i < 5000; i++) {
    if (i % 400 === 399) {
      words.push(Buffer.from(foreign[((i / 400) % foreign.length) | 0]!));
      continue;
    }
    let word = '';
    const length = 1 + Math.floor(random() ** 2 * 13);
    while (word.length < length) word += syllables[Math.floor(random() * syllables.length)];
    words.push(Buffer.from(word.slice(0, length)));
  }
  return words;
}

/** About `bytes` bytes of text at `path` (it ends at a line's end); resolves with its size. */
export async function writeText(path: string, bytes: number, seed = 1): Promise<number> {
  const random = seeded(seed);
  const words = vocabulary(random);
  const file = await open(path, 'w');
  const block = Buffer.alloc(1 << 20);
  let at = 0;
  let written = 0;
  let column = 0;
  let sentence = 0;
  const put = (piece: Buffer | string) => {
    const data = typeof piece === 'string' ? Buffer.from(piece) : piece;
    data.copy(block, at);
    at += data.length;
    column += data.length;
  };
  while (written + at < bytes) {
    // Zipf-like: the first words of the vocabulary are the most used.
    const word = words[Math.floor(words.length * random() ** 3)]!;
    if (column + word.length >= 72) {
      put(random() < 0.08 ? '\n\n' : '\n');
      column = 0;
    } else if (column > 0) put(' ');
    if (random() < 0.002) put(`${Math.floor(random() * 900 + 100)}\u00a0${Math.floor(random() * 900 + 100)}`);
    else if (sentence === 0 && word[0]! >= 0x61 && word[0]! <= 0x7a) {
      put(String.fromCharCode(word[0]! - 32));
      put(word.subarray(1));
    } else put(word);
    sentence = random() < 0.1 ? 0 : sentence + 1;
    if (sentence === 0) put(random() < 0.8 ? '.' : ',');
    if (at > block.length - 256) {
      await file.write(block, 0, at);
      written += at;
      at = 0;
    }
  }
  put('\n');
  await file.write(block, 0, at);
  written += at;
  await file.close();
  return written;
}

/**
 * A raw PPM (P6) of width × height at `path`, 8 bits a sample (maxval 255) or 16 (65535): a sky
 * that darkens downwards, hills of a colour each, a sun, and noise of a few levels on everything,
 * as a camera has (in the low byte for 16 bits); resolves with the file's size.
 */
export async function writePicture(path: string, width: number, height: number, bits: 8 | 16, seed = 2): Promise<number> {
  const random = seeded(seed);
  const sample = bits / 8;
  const maxval = bits === 8 ? 255 : 65535;
  const head = Buffer.from(`P6\n# the samples' bench\n${width} ${height}\n${maxval}\n`);
  const hills = Array.from({ length: 5 }, (_, i) => ({
    base: height * (0.45 + i * 0.1),
    swing: height * (0.05 + random() * 0.08),
    wave: (2 + random() * 6) / width,
    colour: [40 + random() * 80, 90 + random() * 100, 30 + random() * 60].map((c) => c * (1 - i * 0.12)),
  }));
  const sun = { x: width * 0.7, y: height * 0.2, r: Math.min(width, height) * 0.08 };
  // Where each hill's top is, column by column.
  const tops = hills.map((hill) => Float64Array.from({ length: width }, (_, x) => hill.base + hill.swing * Math.sin(x * hill.wave * Math.PI * 2)));
  const file = await open(path, 'w');
  await file.write(head);
  const row = Buffer.alloc(width * 3 * sample);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour = [110 + (60 * y) / height, 160 + (40 * x) / width, 235 - (50 * y) / height];
      let textured = false;
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) colour = [250, 220, 120];
      hills.forEach((hill, i) => {
        if (y > tops[i]![x]!) [colour, textured] = [hill.colour, i === hills.length - 1];
      });
      for (let c = 0; c < 3; c++) {
        const value = colour[c]! + (textured ? (random() - 0.5) * 3 : 0);
        const level = Math.max(0, Math.min(maxval, Math.round((value / 255) * maxval)));
        if (sample === 1) row[x * 3 + c] = level;
        else row.writeUInt16BE(level, (x * 3 + c) * 2);
      }
    }
    await file.write(row);
  }
  await file.close();
  return head.length + row.length * height;
}

/**
 * A raw PPM (P6) of width × height at `path`, 8 bits a sample, drawn as a diagram or a screenshot
 * is: a plain background, 60 boxes of a colour each with a dark frame, no noise (a few dozen
 * colours, so pnmtopng writes it with a palette); resolves with the file's size.
 */
export async function writeDrawing(path: string, width: number, height: number, seed = 3): Promise<number> {
  const random = seeded(seed);
  const head = Buffer.from(`P6\n# the samples' bench, a drawing\n${width} ${height}\n255\n`);
  const boxes = Array.from({ length: 60 }, () => {
    const [w, h] = [width * (0.05 + random() * 0.2), height * (0.05 + random() * 0.2)];
    const [x, y] = [random() * (width - w), random() * (height - h)].map(Math.floor) as [number, number];
    return { x, y, w: Math.floor(w), h: Math.floor(h), colour: [random(), random(), random()].map((c) => 60 + Math.floor(c * 190)) };
  });
  const file = await open(path, 'w');
  await file.write(head);
  const row = Buffer.alloc(width * 3);
  const fill = (from: number, to: number, colour: number[]) => {
    for (let x = Math.max(0, from); x < Math.min(width, to); x++) row.set(colour, x * 3);
  };
  for (let y = 0; y < height; y++) {
    fill(0, width, [245, 245, 240]);
    for (const box of boxes) {
      if (y < box.y || y >= box.y + box.h) continue;
      const edge = y < box.y + 3 || y >= box.y + box.h - 3;
      fill(box.x, box.x + box.w, edge ? [30, 30, 40] : box.colour);
      if (edge) continue;
      fill(box.x, box.x + 3, [30, 30, 40]);
      fill(box.x + box.w - 3, box.x + box.w, [30, 30, 40]);
    }
    await file.write(row);
  }
  await file.close();
  return head.length + row.length * height;
}
