import { describe, expect, it } from 'vitest';
import { pickText } from './text';

const text = { en: 'Deploys', fr: 'Déploiements', 'pt-BR': 'Implantações', pt: 'Implantações (PT)', 'zh-Hant': '部署' };

describe('pickText', () => {
  it('takes the exact tag first', () => {
    expect(pickText(text, 'pt-BR')).toBe('Implantações');
    expect(pickText(text, 'fr')).toBe('Déploiements');
  });

  it('falls back to the base language, then to English', () => {
    expect(pickText(text, 'fr-CA')).toBe('Déploiements');
    expect(pickText(text, 'pt-PT')).toBe('Implantações (PT)');
    expect(pickText(text, 'zh-Hant-TW')).toBe('部署');
    expect(pickText(text, 'de-AT')).toBe('Deploys');
    expect(pickText(text, '')).toBe('Deploys');
  });

  it('compares tags without regard to case, and reads en_US as en-US', () => {
    expect(pickText(text, 'PT-br')).toBe('Implantações');
    expect(pickText({ en: 'x', 'PT-BR': 'y' }, 'pt-br')).toBe('y');
    expect(pickText({ en: 'x', 'en-GB': 'colour' }, 'en_GB')).toBe('colour');
  });

  it('gives an empty string when there is no text', () => {
    expect(pickText(undefined, 'en')).toBe('');
  });
});
