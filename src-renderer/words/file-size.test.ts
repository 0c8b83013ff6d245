import { describe, expect, it } from 'vitest';
import { sizeIn } from './file-size';

describe('file sizes', () => {
  it('say bytes below a kilobyte, then decimal units with a digit below ten', () => {
    expect(sizeIn('en', 1)).toBe('1 byte');
    expect(sizeIn('en', 840)).toBe('840 bytes');
    expect(sizeIn('en', 1_234)).toBe('1.2 KB');
    expect(sizeIn('en', 48_000_000)).toBe('48 MB');
    expect(sizeIn('en', 3_000_000_000_000)).toBe('3,000 GB');
    expect(sizeIn('fr', 1)).toBe('1 octet');
    expect(sizeIn('fr', 2_500)).toBe('2,5\u00a0ko');
  });
});
