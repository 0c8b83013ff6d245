import { describe, expect, it } from 'vitest';
import { byteLengthOfBase64, bytesOfBase64, bytesOfBase64InSteps } from './base64-bytes';

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('base64 made into bytes', () => {
  it('decodes every length of padding, at once and in steps', async () => {
    for (const length of [0, 1, 2, 3, 4, 5]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 77 + 3) & 0xff);
      const text = base64Of(bytes);
      expect(byteLengthOfBase64(text)).toBe(length);
      expect([...bytesOfBase64(text)]).toEqual([...bytes]);
      expect([...(await bytesOfBase64InSteps(text))]).toEqual([...bytes]);
    }
  });

  it('decodes a file of several steps whole, in order', async () => {
    const bytes = Uint8Array.from({ length: 3 * 1024 * 1024 + 7 }, (_, i) => (i * 31 + (i >> 11)) & 0xff);
    const decoded = await bytesOfBase64InSteps(base64Of(bytes));
    expect(decoded.length).toBe(bytes.length);
    expect(Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
  });

  it('names what is not base64', async () => {
    expect(() => bytesOfBase64('abc')).toThrow('not base64: its length 3 is not a multiple of 4');
    expect(() => bytesOfBase64('ab*d')).toThrow('not base64: the character "*" at 2');
    await expect(bytesOfBase64InSteps('QUJD!EVG')).rejects.toThrow('the character "!" at 4');
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    const decoding = bytesOfBase64InSteps(base64Of(new Uint8Array(2 * 1024 * 1024)), controller.signal);
    controller.abort();
    await expect(decoding).rejects.toThrow(/abort/i);
  });
});
