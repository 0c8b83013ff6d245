import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';

describe('line counts', () => {
  it('say one line in the singular, in English and French', () => {
    expect(en.lineCount(1, 1)).toBe('1 line');
    expect(en.lineCount(2, 2)).toBe('2 lines');
    expect(en.lineCount(1, 100_000)).toBe('1 of 100,000 lines');
    expect(fr.lineCount(1, 1)).toBe('1 ligne');
    expect(fr.lineCount(0, 0)).toBe('0 ligne');
    expect(fr.lineCount(3, 3)).toBe('3 lignes');
  });

  it('count messages as messages, not lines', () => {
    expect(en.messageCount(1, 1)).toBe('1 message');
    expect(en.messageCount(2, 12)).toBe('2 of 12 messages');
    expect(fr.messageCount(0, 0)).toBe('0 message');
    expect(fr.messageCount(3, 1_200)).toBe('3 sur 1\u202f200 messages');
  });
});
