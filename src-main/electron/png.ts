// PNG files from RGBA pixels and back, with Node's zlib: enough for the icons the app draws itself
// (app-icon.ts). Written as 8-bit RGBA, one filter-0 scanline each; read back the same kind only.
import { deflateSync, inflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
};

export interface Pixels {
  width: number;
  height: number;
  /** width × height × 4 bytes: red, green, blue, alpha, row by row from the top. */
  rgba: Uint8Array;
}

export function encodePng({ width, height, rgba }: Pixels): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`encodePng: ${rgba.length} bytes is not ${width}×${height} RGBA pixels`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, filter method 0, no interlace
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

/** The size a PNG says it has, from its header. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG file');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The pixels of a PNG written by encodePng (8-bit RGBA, filter 0 on every line). */
export function decodePng(png: Uint8Array): Pixels {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const { width, height } = pngSize(bytes);
  if (bytes[24] !== 8 || bytes[25] !== 6) throw new Error(`decodePng reads 8-bit RGBA only, not bit depth ${bytes[24]} color type ${bytes[25]}`);
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rows = inflateSync(Buffer.concat(data));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const line = y * (width * 4 + 1);
    if (rows[line] !== 0) throw new Error(`decodePng reads filter 0 only; line ${y} uses filter ${rows[line]}`);
    rgba.set(rows.subarray(line + 1, line + 1 + width * 4), y * width * 4);
  }
  return { width, height, rgba };
}
