// The languages the window speaks, and its words in each.
import { en } from './en';
import { fr } from './fr';
import type { Words } from './words';

export type AppLanguage = 'en' | 'fr';

export const wordsByLanguage: Record<AppLanguage, Words> = { en, fr };

/** The app speaks English and French; any other tag (or `fr-CA`) falls back to its base or English. */
export function appLanguageOf(language: string): AppLanguage {
  return language.toLowerCase().split('-')[0] === 'fr' ? 'fr' : 'en';
}

export function wordsFor(language: string): Words {
  return wordsByLanguage[appLanguageOf(language)];
}

/** Languages offered in the language setting, each named in itself. */
export const languageChoices: readonly { tag: AppLanguage; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'fr', name: 'Français' },
];
