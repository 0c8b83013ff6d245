import { describe, expect, it } from 'vitest';
import { countIn, isSingularEn, isSingularFr } from './plural';

describe('counts, worded in each language by its own rule', () => {
  it('English: 1 is singular, 0 and the rest plural; French: 0 and 1 singular, 2 and more plural', () => {
    expect([0, 1, 2, 10].map(isSingularEn)).toEqual([false, true, false, false]);
    expect([0, 1, 2, 10].map(isSingularFr)).toEqual([true, true, false, false]);
    expect(['0 mot', '1 mot', '2 mots'].map((_, n) => countIn('fr', n, 'mot', 'mots'))).toEqual(['0 mot', '1 mot', '2 mots']);
    expect([0, 1, 2].map((n) => countIn('en', n, 'word', 'words'))).toEqual(['0 words', '1 word', '2 words']);
    expect(countIn('fr', 12_000, 'ligne', 'lignes')).toBe('12\u202f000 lignes');
  });
});
