import { describe, expect, it } from 'vitest';
import { durationEn } from '../../src-shared/reasons-en';
import { en } from './en';
import { fr } from './fr';
import { durationFr } from './reasons-fr';

describe('counts, worded in each language by its own rule', () => {
  it('every count the window words goes by the rule', () => {
    expect([0, 1, 2].map(en.toolCount)).toEqual(['0 tools', '1 tool', '2 tools']);
    expect([0, 1, 2].map(fr.toolCount)).toEqual(['0 outil', '1 outil', '2 outils']);
    expect([durationEn(1), durationEn(0.5), durationEn(60), durationEn(120)]).toEqual(['1 second', '0.5 seconds', '1 minute', '2 minutes']);
    expect([durationFr(1), durationFr(0.5), durationFr(60), durationFr(10)]).toEqual(['1 seconde', '0,5 seconde', '1 minute', '10 secondes']);
    expect(en.reason({ code: 'tooLong', chars: 1, max: 0 })).toBe('too long: 1 character, at most 0');
    expect(fr.reason({ code: 'tooLong', chars: 4_097, max: 4_096 })).toBe('trop long\u202f: 4\u202f097 caractères, 4\u202f096 au plus');
    expect(en.count(1, 'call', 'calls')).toBe('1 call');
    expect(fr.count(0, 'appel', 'appels')).toBe('0 appel');
  });
});
