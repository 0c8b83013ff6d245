// Picking the text to show from a LocalizedText, for the app and the CLI alike.
import type { LocalizedText } from './host-api';

const normalize = (tag: string): string => tag.trim().replace(/_/g, '-').toLowerCase();

/**
 * The best text for a language tag: the exact tag, then ever shorter prefixes of it down to the
 * base language (zh-Hant-TW, zh-Hant, zh), then English. Tags compare without regard to case.
 * An empty string when there is no text at all.
 */
export function pickText(text: LocalizedText | undefined, language: string): string {
  if (!text) return '';
  const byTag = new Map<string, string>();
  for (const [tag, value] of Object.entries(text)) {
    if (typeof value === 'string' && !byTag.has(normalize(tag))) byTag.set(normalize(tag), value);
  }
  const parts = normalize(language)
    .split('-')
    .filter((part) => part !== '');
  for (let length = parts.length; length > 0; length--) {
    const found = byTag.get(parts.slice(0, length).join('-'));
    if (found !== undefined) return found;
  }
  return byTag.get('en') ?? byTag.values().next().value ?? '';
}
