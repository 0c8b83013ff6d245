// The app's language, which the host also sends to tools.
import type { Result } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { problemOf } from './problem';

export interface LanguageState {
  language: string;
  languageProblem?: string;
  /**
   * How many times the language was chosen here or told by the host: the host's info, asked
   * before one of these and answered after, says an older language and is not taken.
   */
  languageChanges: number;
}

export interface LanguageActions {
  setLanguage: (language: string) => Promise<Result>;
  languageChanged: (language: string) => void;
}

export type LanguageSlice = LanguageState & LanguageActions;

export const initialLanguageState: LanguageState = { language: 'en', languageChanges: 0 };

export const createLanguageSlice: SliceCreator<LanguageSlice> = (set, get, host) => ({
  ...initialLanguageState,
  async setLanguage(language) {
    const before = get().language;
    set((s) => ({ language, languageProblem: undefined, languageChanges: s.languageChanges + 1 }));
    const result = await host.setLanguage(language).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    if (!result.ok) set({ language: before, languageProblem: result.problem });
    return result;
  },
  languageChanged(language) {
    set((s) => ({ language, languageChanges: s.languageChanges + 1 }));
  },
});

export const languageSelectors = {
  language: (s: AppState) => s.language,
  problem: (s: AppState) => s.languageProblem,
};
