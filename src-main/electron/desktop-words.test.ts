import { describe, expect, it } from 'vitest';
import { desktopWordsByLanguage, desktopWordsFor } from './desktop-words';

type Entry = string | ((...args: never[]) => string) | { [key: string]: Entry };

/** Every entry as said, by its path (menu.copy), groups opened. */
const saidEntries = (words: object, prefix = ''): Map<string, string> => {
  const said = new Map<string, string>();
  for (const [key, value] of Object.entries(words) as [string, Entry][]) {
    if (typeof value === 'string') said.set(prefix + key, value);
    else if (typeof value === 'function') said.set(prefix + key, (value as (...args: unknown[]) => string)('«a»', '«b»'));
    else for (const [path, text] of saidEntries(value, `${prefix}${key}.`)) said.set(path, text);
  }
  return said;
};

describe('the desktop words', () => {
  it('has every English entry said in French too, never left in English', () => {
    const en = saidEntries(desktopWordsByLanguage.en);
    const fr = saidEntries(desktopWordsByLanguage.fr);
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
    expect(en.has('menu.paste')).toBe(true);
    for (const [key, text] of en) expect(fr.get(key), key).not.toBe(text);
  });

  it('sets a narrow no-break space before : ; ? ! in French, as the window does', () => {
    for (const [key, text] of saidEntries(desktopWordsByLanguage.fr)) {
      expect(text, key).not.toMatch(/(^|[^\u202f])[:;?!]/);
    }
  });

  it('picks French for any French tag and English for the rest', () => {
    expect(desktopWordsFor('fr-CA')).toBe(desktopWordsByLanguage.fr);
    expect(desktopWordsFor('en-GB')).toBe(desktopWordsByLanguage.en);
    expect(desktopWordsFor('ja')).toBe(desktopWordsByLanguage.en);
  });
});
