import { describe, expect, it } from 'vitest';
import { byteLengthOfBase64, bytesOfBase64 } from './base64-bytes';

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('base64 made into bytes', () => {
  it('decodes every length of padding', () => {
    for (const length of [0, 1, 2, 3, 4, 5]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 77 + 3) & 0xff);
      const text = base64Of(bytes);
      expect(byteLengthOfBase64(text)).toBe(length);
      expect([...bytesOfBase64(text)]).toEqual([...bytes]);
    }
  });

  it('names what is not base64', () => {
    expect(() => bytesOfBase64('abc')).toThrow('not base64: its length 3 is not a multiple of 4');
    expect(() => bytesOfBase64('ab*d')).toThrow('not base64: the character "*" at 2');
    expect(() => bytesOfBase64('QUJD!EVG')).toThrow('the character "!" at 4');
  });
});
