// What the host said about itself (its services, platform and version), asked once when the window
// loads; the language it names goes to the language slice.
import type { HostInfo } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { problemOf } from './problem';

export interface HostInfoState {
  hostInfo?: HostInfo;
  /** Why the host could not be asked. */
  hostProblem?: string;
}

export interface HostInfoActions {
  loadHostInfo: () => Promise<void>;
}

export type HostInfoSlice = HostInfoState & HostInfoActions;

export const initialHostInfoState: HostInfoState = {};

export const createHostInfoSlice: SliceCreator<HostInfoSlice> = (set, get, host) => ({
  ...initialHostInfoState,
  async loadHostInfo() {
    try {
      const changes = get().languageChanges;
      const info = await host.info();
      set({ hostInfo: info, hostProblem: undefined });
      // A language chosen or told while this was asked is newer than the one the answer says
      // (the answer can come after the host told the change: the person chose at once).
      if (get().languageChanges === changes) get().languageChanged(info.language);
    } catch (error) {
      set({ hostProblem: problemOf(error) });
    }
  },
});

export const hostInfoSelectors = {
  hostInfo: (s: AppState) => s.hostInfo,
  problem: (s: AppState) => s.hostProblem,
  /** The test bed's services, which record what they would do instead of doing it. */
  servicesSimulated: (s: AppState) => s.hostInfo?.services === 'simulated',
};
