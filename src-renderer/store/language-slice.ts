// The app's language (which the host also sends to tools) and what the host said about itself.
import type { HostInfo, Result } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { problemOf } from './problem';

export interface LanguageState {
  hostInfo?: HostInfo;
  hostProblem?: string;
  language: string;
  languageProblem?: string;
}

export interface LanguageActions {
  loadHostInfo(): Promise<void>;
  setLanguage(language: string): Promise<Result>;
  languageChanged(language: string): void;
}

export type LanguageSlice = LanguageState & LanguageActions;

export const initialLanguageState: LanguageState = { language: 'en' };

export const createLanguageSlice: SliceCreator<LanguageSlice> = (set, get, host) => ({
  ...initialLanguageState,
  async loadHostInfo() {
    try {
      const info = await host.info();
      set({ hostInfo: info, language: info.language, hostProblem: undefined });
    } catch (error) {
      set({ hostProblem: problemOf(error) });
    }
  },
  async setLanguage(language) {
    const before = get().language;
    set({ language, languageProblem: undefined });
    const result = await host.setLanguage(language).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    if (!result.ok) set({ language: before, languageProblem: result.problem });
    return result;
  },
  languageChanged(language) {
    set({ language });
  },
});

export const languageSelectors = {
  language: (s: AppState) => s.language,
  problem: (s: AppState) => s.languageProblem,
  hostInfo: (s: AppState) => s.hostInfo,
  hostProblem: (s: AppState) => s.hostProblem,
  servicesSimulated: (s: AppState) => s.hostInfo?.services === 'simulated',
};
