// The window's one store, built from slices in the manner of lobe-chat's session store.
// Each slice gets the HostApi as its service object; no slice knows how requests travel.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HostApi } from '../../src-shared/host-api';
import { createBenchSlice, type BenchSlice } from './bench-slice';
import { createHostInfoSlice, hostInfoSelectors, type HostInfoSlice } from './host-info-slice';
import { createLanguageSlice, type LanguageSlice } from './language-slice';
import { createLogsSlice, type LogsSlice } from './logs-slice';
import { createPluginCommandsSlice, type PluginCommandsSlice } from './plugin-commands-slice';
import { createPluginFilesSlice, type PluginFilesSlice } from './plugin-files-slice';
import { createPaletteSlice, type PaletteSlice } from './palette-slice';
import { createPluginPreviewSlice, type PluginPreviewSlice } from './plugin-preview-slice';
import { createServiceCallsSlice, type ServiceCallsSlice } from './service-calls-slice';
import { createToolsSlice, type ToolsSlice } from './tools-slice';
import { createTraceSlice, type TraceSlice } from './trace-slice';
import { createUiSlice, type UiSlice } from './ui-slice';

export interface StartupSlice {
  /** Loads what the window shows first: host info, the tools, the recorded service calls. */
  load(): Promise<void>;
}

export type AppState = ToolsSlice &
  UiSlice &
  LogsSlice &
  TraceSlice &
  ServiceCallsSlice &
  HostInfoSlice &
  LanguageSlice &
  PluginFilesSlice &
  PluginPreviewSlice &
  PluginCommandsSlice &
  PaletteSlice &
  BenchSlice &
  StartupSlice;
export type AppStore = StoreApi<AppState>;
export type SetState = StoreApi<AppState>['setState'];
export type GetState = StoreApi<AppState>['getState'];
export type SliceCreator<Slice> = (set: SetState, get: GetState, host: HostApi) => Slice;

export function createAppStore(host: HostApi): AppStore {
  return createStore<AppState>()((set, get) => ({
    ...createToolsSlice(set, get, host),
    ...createUiSlice(set, get, host),
    ...createLogsSlice(set, get, host),
    ...createTraceSlice(set, get, host),
    ...createServiceCallsSlice(set, get, host),
    ...createHostInfoSlice(set, get, host),
    ...createLanguageSlice(set, get, host),
    ...createPluginFilesSlice(set, get, host),
    ...createPluginPreviewSlice(set, get, host),
    ...createPluginCommandsSlice(set, get, host),
    ...createPaletteSlice(set, get, host),
    ...createBenchSlice(set, get, host),
    async load() {
      await Promise.all([get().loadHostInfo(), get().loadTools(), get().loadCommandShortcuts()]);
      if (hostInfoSelectors.servicesSimulated(get())) await get().loadServiceCalls();
    },
  }));
}
