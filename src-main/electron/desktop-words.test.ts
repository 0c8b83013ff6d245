import { describe, expect, it } from 'vitest';
import { desktopWordsByLanguage, desktopWordsFor } from './desktop-words';

const said = (value: string | ((...args: never[]) => string)) =>
  typeof value === 'string' ? value : (value as (...args: unknown[]) => string)('«a»', '«b»');

describe('the desktop words', () => {
  it('has every English entry said in French too, never left in English', () => {
    const { en, fr } = desktopWordsByLanguage;
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(said(fr[key]), key).not.toBe(said(en[key]));
  });

  it('sets a narrow no-break space before : ; ? ! in French, as the window does', () => {
    for (const [key, value] of Object.entries(desktopWordsByLanguage.fr)) {
      expect(said(value), key).not.toMatch(/(^|[^\u202f])[:;?!]/);
    }
  });

  it('picks French for any French tag and English for the rest', () => {
    expect(desktopWordsFor('fr-CA')).toBe(desktopWordsByLanguage.fr);
    expect(desktopWordsFor('en-GB')).toBe(desktopWordsByLanguage.en);
    expect(desktopWordsFor('ja')).toBe(desktopWordsByLanguage.en);
  });
});
