import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, pngSize } from './png';

describe('PNG files', () => {
  it('keeps every pixel from encoding to decoding, and says its size', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    const png = encodePng({ width: 3, height: 2, rgba });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(png)).toEqual({ width: 3, height: 2 });
    expect(decodePng(png)).toEqual({ width: 3, height: 2, rgba });
  });

  it('refuses pixels that do not fit the size, and files that are not PNG', () => {
    expect(() => encodePng({ width: 2, height: 2, rgba: new Uint8Array(15) })).toThrow('15 bytes is not 2×2 RGBA pixels');
    expect(() => pngSize(Buffer.from('GIF89a and more bytes here'))).toThrow('not a PNG file');
  });
});
