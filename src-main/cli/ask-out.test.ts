import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './ask-out';

describe("decoding an answer's base64 a slice at a time", () => {
  it.each([0, 1, 2, 3, 3 * 1024 * 1024 - 1, 3 * 1024 * 1024, 10 * 1024 * 1024 + 7])('gives back %i bytes whole', (size) => {
    const bytes = randomBytes(size);
    expect(decodeBase64(bytes.toString('base64')).equals(bytes)).toBe(true);
  });
});
