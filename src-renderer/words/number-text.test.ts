import { describe, expect, it } from 'vitest';
import { numberIn } from './number-text';

describe('numberIn', () => {
  it('writes a number as each language does, four digits ungrouped', () => {
    expect(numberIn('en', 20_000_000)).toBe('20,000,000');
    expect(numberIn('en', 3.5)).toBe('3.5');
    expect(numberIn('en', 2024)).toBe('2024');
    expect(numberIn('fr', 3.5)).toBe('3,5');
    expect(numberIn('fr', 2024)).toBe('2024');
    // French groups with a narrow no-break space.
    expect(numberIn('fr', 20_000_000)).toBe('20\u202f000\u202f000');
    expect(numberIn('en', -12_345.678)).toBe('-12,345.678');
    expect(numberIn('en', Number.NaN)).toBe('NaN');
    expect(numberIn('en', Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it('writes what toLocaleString writes, whichever language and number came before', () => {
    const languages = ['en', 'fr', 'de', 'en-IN', 'ar-EG', 'ja', 'fr-CH', 'es', 'it', 'pt-BR', 'ru', 'zh', 'ko', 'nl', 'sv', 'pl', 'tr', 'hi'];
    const values = [0, -0, 1, 9_999, 10_000, -10_000, 123_456.789, 0.1 + 0.2, 1e21, -1e-7, 2 ** 53];
    // More languages than the formats kept: the oldest are let go and made again, the same.
    for (let round = 0; round < 2; round++) {
      for (const language of languages) {
        for (const value of values) {
          expect(numberIn(language, value), `${language} ${value}`).toBe(
            value.toLocaleString(language, { useGrouping: Math.abs(value) >= 10_000, maximumFractionDigits: 20 }),
          );
        }
      }
    }
  });
});
