import { useCallback } from 'react';
import type { LocalizedText } from '../../src-shared/host-api';
import { pickText } from '../../src-shared/text';
import { useAppStore } from '../store/store-context';
import { languageSelectors } from '../store/language-slice';
import { wordsFor } from '../words/languages';
import type { Words } from '../words/words';

/** The app's own words in the app's language. */
export function useWords(): Words {
  return wordsFor(useAppStore(languageSelectors.language));
}

/** Picks a tool's text in the app's language, as the manifest wrote it. */
export function useToolText(): (text: LocalizedText | undefined) => string {
  const language = useAppStore(languageSelectors.language);
  return useCallback((text) => (text === undefined ? '' : pickText(text, language)), [language]);
}
