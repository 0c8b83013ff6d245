// What the person is looking at: the selected tool, its section, open dialogs, the sidebar filter.
import type { EntrySummary } from '../../src-shared/host-api';
import type { ConnectionState } from '../host-connection';
import type { AppState, SliceCreator } from './app-store';

export type ToolTab = 'files' | 'commands' | 'settings' | 'log' | 'trace';
const tabsOfTools: readonly ToolTab[] = ['commands', 'settings', 'log', 'trace'];
/** A plugin has no commands of a tool's; its files come first. */
const tabsOfPlugins: readonly ToolTab[] = ['files', 'settings', 'log', 'trace'];

/** The sections of a tool's page, or a plugin's. */
export const toolTabsOf = (tool: Pick<EntrySummary, 'kind'> | undefined): readonly ToolTab[] => (tool?.kind === 'plugin' ? tabsOfPlugins : tabsOfTools);

export interface UiState {
  selectedToolId?: string;
  /** The section last picked; a page without it (Files on a tool) shows its own first instead. */
  toolTab: ToolTab;
  installDialogOpen: boolean;
  /** Set when a folder was dropped in a browser, which cannot tell where it is. */
  installDialogReason?: 'dropNeedsPath';
  /** A folder dropped on a plugin's files that holds a manifest: offered as an install, its path filled in when known. */
  installDialogOffer?: { name: string; path?: string };
  confirmingUninstall?: string;
  sidebarFilter: string;
  /** Whether the person opened or folded the services panel, kept across reloads; undefined until they do. */
  servicePanelChoice: boolean | undefined;
  /** The link to the host, for transports that can lose it. */
  connection: ConnectionState;
}

export interface UiActions {
  selectTool: (toolId: string | undefined) => void;
  selectTab: (tab: ToolTab) => void;
  openInstallDialog: (reason?: 'dropNeedsPath', offer?: { name: string; path?: string }) => void;
  closeInstallDialog: () => void;
  askUninstall: (toolId: string) => void;
  cancelUninstall: () => void;
  setSidebarFilter: (filter: string) => void;
  setServicePanelOpen: (open: boolean) => void;
  connectionChanged: (state: ConnectionState) => void;
}

export type UiSlice = UiState & UiActions;

export const initialUiState: UiState = {
  toolTab: 'commands',
  installDialogOpen: false,
  sidebarFilter: '',
  servicePanelChoice: undefined,
  connection: 'connected',
};

/** Where the person's choice of the services panel is kept in localStorage. */
export const SERVICE_PANEL_KEY = 'vitruvian.servicePanel.open';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // refused (a sandboxed page): the choice holds for this session only
  }
}

function storedPanelChoice(): boolean | undefined {
  try {
    const kept = storage()?.getItem(SERVICE_PANEL_KEY);
    return kept === 'open' ? true : kept === 'folded' ? false : undefined;
  } catch {
    return undefined;
  }
}

/** Whether anything on this page can call a service: a tool that uses one, a plugin with commands (a text answer, a plan). */
const callsServices = (tool: EntrySummary | undefined): boolean =>
  tool === undefined ? false : tool.kind === 'plugin' ? tool.plugin.commands.length > 0 : tool.uses.length > 0;

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => ({
  ...initialUiState,
  servicePanelChoice: storedPanelChoice(),
  selectTool(toolId) {
    if (toolId !== undefined && !get().tools[toolId]) return;
    set({ selectedToolId: toolId });
    // A log or trace opened for another tool should show this one's without waiting.
    if (toolId !== undefined && get().toolTab === 'log') void get().loadLog(toolId);
    if (toolId !== undefined && get().toolTab === 'trace') void get().loadTrace(toolId);
  },
  selectTab(tab) {
    set({ toolTab: tab });
    const toolId = get().selectedToolId;
    if (toolId === undefined) return;
    if (tab === 'log') void get().loadLog(toolId);
    if (tab === 'trace') void get().loadTrace(toolId);
  },
  openInstallDialog(reason, offer) {
    set({ installDialogOpen: true, installDialogReason: reason, installDialogOffer: offer });
  },
  closeInstallDialog() {
    set({ installDialogOpen: false, installDialogReason: undefined, installDialogOffer: undefined });
  },
  askUninstall(toolId) {
    if (get().tools[toolId]) set({ confirmingUninstall: toolId });
  },
  cancelUninstall() {
    set({ confirmingUninstall: undefined });
  },
  setSidebarFilter(filter) {
    set({ sidebarFilter: filter });
  },
  setServicePanelOpen(open) {
    set({ servicePanelChoice: open });
    try {
      storage()?.setItem(SERVICE_PANEL_KEY, open ? 'open' : 'folded');
    } catch {
      // full or refused: kept for this session only
    }
  },
  connectionChanged(state) {
    set({ connection: state });
  },
});

export const uiSelectors = {
  selectedToolId: (s: AppState) => s.selectedToolId,
  selectedTool: (s: AppState) => (s.selectedToolId === undefined ? undefined : s.tools[s.selectedToolId]),
  toolTab: (s: AppState) => s.toolTab,
  /** The section the selected tool's page shows: the one picked when it has it, else its first. */
  shownTab: (s: AppState) => {
    const tabs = toolTabsOf(s.selectedToolId === undefined ? undefined : s.tools[s.selectedToolId]);
    return tabs.includes(s.toolTab) ? s.toolTab : tabs[0]!;
  },
  installDialogOpen: (s: AppState) => s.installDialogOpen,
  installDialogReason: (s: AppState) => s.installDialogReason,
  installDialogOffer: (s: AppState) => s.installDialogOffer,
  /** The plugin whose Files tab is shown: what is dropped on the window is given to it. */
  filesTabPlugin: (s: AppState) => {
    const tool = s.selectedToolId === undefined ? undefined : s.tools[s.selectedToolId];
    return tool?.kind === 'plugin' && uiSelectors.shownTab(s) === 'files' ? tool.id : undefined;
  },
  confirmingUninstall: (s: AppState) => (s.confirmingUninstall === undefined ? undefined : s.tools[s.confirmingUninstall]),
  sidebarFilter: (s: AppState) => s.sidebarFilter,
  /**
   * As the person left it; until they choose, open only where something can call a service: the
   * page of a tool or plugin that can, or, with none chosen, a list where one can.
   */
  servicePanelOpen: (s: AppState) =>
    s.servicePanelChoice ?? (s.selectedToolId === undefined ? Object.values(s.tools).some(callsServices) : callsServices(s.tools[s.selectedToolId])),
  connection: (s: AppState) => s.connection,
};
