// The desktop app's language: the person's choice, kept in the host's data folder so the next
// start speaks it too; with no choice kept, the system's language, reduced to one the window speaks.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { HostApi } from '../../src-shared/host-api';
import { isLanguageTag } from '../../src-shared/language-tag';
import type { Disposable } from '../../src-shared/lifecycle';
import { writeFileAtomic } from '../host/files/own-files';

/** The languages the window (and the menu bar, the notifications) speak; the first is the fallback. */
export const appLanguages = ['en', 'fr'] as const;
export type AppLanguage = (typeof appLanguages)[number];

/** A language tag reduced to one the app speaks: fr-FR and fr-CA are fr, anything unknown is en. */
export function appLanguageOf(tag: string | undefined): AppLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return appLanguages.find((language) => language === base) ?? appLanguages[0];
}

/** Where the choice is kept: beside the host's installed.json. */
export const languageFile = (hostDataFolder: string): string => join(hostDataFolder, 'language.json');

/** The language kept by an earlier run; undefined when none was, or the file cannot be read as one. */
export async function readKeptLanguage(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const language = (JSON.parse(text) as { language?: unknown }).language;
    if (typeof language === 'string' && isLanguageTag(language)) return language;
  } catch {
    // A damaged file is no choice: the system's language is used, and the next choice replaces it.
  }
  console.warn(`${file} does not hold a language; the system's language is used`);
  return undefined;
}

/** The language to start with: the kept choice, else the system's reduced to one the app speaks. */
export async function startLanguage(file: string, systemLanguages: readonly string[]): Promise<string> {
  return (await readKeptLanguage(file)) ?? appLanguageOf(systemLanguages[0]);
}

export interface LanguageKeeper extends Disposable {
  /** Resolves once every choice made so far is on disk (or failed to get there, logged). */
  written(): Promise<void>;
}

/** Writes each language the person picks (the host's `language` event) to the file, one at a time. */
export function keepLanguage(host: Pick<HostApi, 'subscribe'>, file: string): LanguageKeeper {
  let writes: Promise<void> = Promise.resolve();
  const subscription = host.subscribe((event) => {
    if (event.type !== 'language') return;
    const text = `${JSON.stringify({ version: 1, language: event.language }, null, 2)}\n`;
    writes = writes
      .then(async () => {
        await mkdir(dirname(file), { recursive: true });
        await writeFileAtomic(file, text, 0o644);
      })
      .catch((error: unknown) => console.warn(`the language could not be kept in ${file}`, error));
  });
  return {
    written: () => writes,
    dispose: () => subscription.dispose(),
  };
}
