// French sets a narrow no-break space (U+202F) before : ; ? ! and inside « »; English sets none.
import { describe, expect, it } from 'vitest';
import { fr } from './fr';

/** Every French text: plain strings, and functions called with sample arguments. */
function frenchTexts(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    const sample = (value as (...args: unknown[]) => unknown)('Texte', { text: 'bonjour', url: 'https://example.com', pid: 42, keys: ['a'] });
    if (typeof sample === 'string') out.push([path, sample]);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) frenchTexts(inner, `${path}.${key}`, out);
  }
  return out;
}

describe('French spacing', () => {
  const texts = frenchTexts(fr, 'fr', []).filter(([path]) => !path.startsWith('fr.reason'));

  it('puts a narrow no-break space before every colon, semicolon, question and exclamation mark', () => {
    const wrong = texts.filter(([, text]) => /(^|[^\u202f])[:;?!](\s|$)/.test(text));
    expect(wrong).toEqual([]);
    expect(fr.uninstallTitle('Horloge')).toBe('Désinstaller Horloge\u202f?');
    expect(fr.withDetail('Refusé', 'pas maintenant')).toBe('Refusé\u202f: pas maintenant');
  });

  it('spaces the inside of « »', () => {
    const wrong = texts.filter(([, text]) => /«[^\u202f]|[^\u202f]»/.test(text));
    expect(wrong).toEqual([]);
    expect(texts.some(([, text]) => text.includes('«'))).toBe(true);
  });
});
