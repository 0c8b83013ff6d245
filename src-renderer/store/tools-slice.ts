// Installed tools, and what became of the person's requests about them.
import type {
  CommandInfo,
  CommandOutcome,
  InstallReplaces,
  InstallVerdict,
  PreferenceInfo,
  PreferenceValue,
  ProblemCode,
  Result,
  ServiceCall,
  EntrySummary,
  ToolSummary,
} from '../../src-shared/host-api';
import { problemLine } from '../../src-shared/protocol/problem-reasons';
import { pickText } from '../../src-shared/text';
import { commandsHeld } from '../commands-held';
import type { AppState, SliceCreator } from './app-store';
import { hostInfoSelectors } from './host-info-slice';
import { problemOf } from './problem';

export type CommandRun = { outcome: 'running' } | CommandOutcome;
export type PreferenceSave = { status: 'saving' } | { status: 'saved' } | { status: 'refused'; problem: string; problemCode?: ProblemCode };
export type InstallState = { status: 'idle' } | { status: 'installing'; folder: string } | { status: 'done'; folder: string; verdict: InstallVerdict };
export type ToolAction = 'restart' | 'stop' | 'uninstall';
export type ToolActionState = { pending?: ToolAction; problem?: string; problemCode?: ProblemCode };

/** The service calls a run made, by their seq: after `since`, up to `until` once it answered. */
export interface CommandRunCalls {
  since: number;
  until?: number;
}

export interface ToolsState {
  tools: Record<string, EntrySummary>;
  toolsLoaded: boolean;
  toolsProblem?: string;
  commandRuns: Record<string, CommandRun>;
  commandRunCalls: Record<string, CommandRunCalls>;
  preferenceSaves: Record<string, PreferenceSave>;
  toolActions: Record<string, ToolActionState>;
  install: InstallState;
}

export interface ToolsActions {
  loadTools: () => Promise<void>;
  toolChanged: (tool: EntrySummary) => void;
  toolRemoved: (toolId: string) => void;
  installFolder: (folder: string) => Promise<InstallVerdict>;
  /** What installing the folder would replace, asked before installing it (null: nothing, or it cannot tell). */
  installReplaces: (folder: string) => Promise<InstallReplaces | null>;
  dismissInstall: () => void;
  uninstall: (toolId: string) => Promise<Result>;
  runCommand: (toolId: string, commandId: string) => Promise<CommandOutcome>;
  setPreference: (toolId: string, preferenceId: string, value: PreferenceValue) => Promise<Result>;
  restart: (toolId: string) => Promise<Result>;
  stop: (toolId: string) => Promise<Result>;
}

export type ToolsSlice = ToolsState & ToolsActions;

export const initialToolsState: ToolsState = {
  tools: {},
  toolsLoaded: false,
  commandRuns: {},
  commandRunCalls: {},
  preferenceSaves: {},
  toolActions: {},
  install: { status: 'idle' },
};

const pairKey = (toolId: string, id: string) => `${toolId}\u0000${id}`;

/** A command offered only on the menu bar, not in the window. */
export const isMenubarOnly = (command: CommandInfo): boolean => !command.surfaces.includes('window');

/** A refusal's words, and its data when the host gave it (for the window's language). */
const refusal = (result: { problem: string; problemCode?: ProblemCode }) =>
  result.problemCode ? { problem: result.problem, problemCode: result.problemCode } : { problem: result.problem };

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

export const createToolsSlice: SliceCreator<ToolsSlice> = (set, get, host) => {
  // Each entry's last change heard (an event, an install's verdict), numbered: the list asked for
  // before it and answered after it says an older state of that entry, or lists one since removed.
  let changesHeard = 0;
  const lastChange = new Map<string, number>();
  const heard = (toolId: string) => lastChange.set(toolId, ++changesHeard);

  const toolAction = async (toolId: string, action: ToolAction, call: () => Promise<Result>) => {
    set((s) => ({ toolActions: { ...s.toolActions, [toolId]: { pending: action } } }));
    const result = await call().catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    set((s) => ({
      toolActions: { ...s.toolActions, [toolId]: result.ok ? {} : refusal(result) },
    }));
    return result;
  };

  return {
    ...initialToolsState,

    async loadTools() {
      const asked = changesHeard;
      try {
        const list = await host.listTools();
        const newer = (toolId: string) => (lastChange.get(toolId) ?? 0) > asked;
        set((s) => {
          const tools: Record<string, EntrySummary> = {};
          for (const tool of list) if (!newer(tool.id)) tools[tool.id] = tool;
          for (const [toolId, tool] of Object.entries(s.tools)) if (newer(toolId)) tools[toolId] = tool;
          return { tools, toolsLoaded: true, toolsProblem: undefined };
        });
      } catch (error) {
        set({ toolsLoaded: true, toolsProblem: problemOf(error) });
      }
    },

    toolChanged(tool) {
      heard(tool.id);
      set((s) => ({ tools: { ...s.tools, [tool.id]: tool } }));
    },

    toolRemoved(toolId) {
      heard(toolId);
      set((s) => ({
        tools: without(s.tools, toolId),
        toolActions: without(s.toolActions, toolId),
        selectedToolId: s.selectedToolId === toolId ? undefined : s.selectedToolId,
        confirmingUninstall: s.confirmingUninstall === toolId ? undefined : s.confirmingUninstall,
      }));
    },

    async installFolder(folder) {
      set({ install: { status: 'installing', folder } });
      const verdict = await host.installFolder(folder).catch((error: unknown): InstallVerdict => ({ ok: false, problems: [problemLine(problemOf(error))] }));
      set({ install: { status: 'done', folder, verdict } });
      if (verdict.ok) {
        get().toolChanged(verdict.tool);
        get().selectTool(verdict.tool.id);
      }
      return verdict;
    },

    installReplaces(folder) {
      return host.installReplaces(folder).catch(() => null);
    },

    dismissInstall() {
      set({ install: { status: 'idle' } });
    },

    async uninstall(toolId) {
      const result = await toolAction(toolId, 'uninstall', () => host.uninstall(toolId));
      if (result.ok) get().toolRemoved(toolId);
      return result;
    },

    async runCommand(toolId, commandId) {
      const key = pairKey(toolId, commandId);
      const lastCall = (s: AppState) => s.serviceCalls.at(-1)?.seq ?? 0;
      set((s) => ({
        commandRuns: { ...s.commandRuns, [key]: { outcome: 'running' } },
        commandRunCalls: { ...s.commandRunCalls, [key]: { since: lastCall(s) } },
      }));
      const outcome = await host
        .runCommand(toolId, commandId)
        .catch((error: unknown): CommandOutcome => ({ outcome: 'unavailable', message: problemOf(error) }));
      set((s) => {
        const calls = s.commandRunCalls[key];
        return {
          commandRuns: { ...s.commandRuns, [key]: outcome },
          ...(calls ? { commandRunCalls: { ...s.commandRunCalls, [key]: { ...calls, until: lastCall(s) } } } : {}),
        };
      });
      return outcome;
    },

    async setPreference(toolId, preferenceId, value) {
      const key = pairKey(toolId, preferenceId);
      set((s) => ({ preferenceSaves: { ...s.preferenceSaves, [key]: { status: 'saving' } } }));
      const result = await host.setPreference(toolId, preferenceId, value).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
      const save: PreferenceSave = result.ok ? { status: 'saved' } : { status: 'refused', ...refusal(result) };
      set((s) => ({ preferenceSaves: { ...s.preferenceSaves, [key]: save } }));
      return result;
    },

    restart: (toolId) => toolAction(toolId, 'restart', () => host.restart(toolId)),
    stop: (toolId) => toolAction(toolId, 'stop', () => host.stop(toolId)),
  };
};

const noCalls: ServiceCall[] = [];

// Sorting 200 tools on every store change would be wasted work: remember the last answer.
let sortedFor: { tools: Record<string, EntrySummary>; language: string; list: EntrySummary[] } | undefined;

const toolList = (s: AppState): EntrySummary[] => {
  if (sortedFor?.tools === s.tools && sortedFor.language === s.language) return sortedFor.list;
  const named = Object.values(s.tools).map((tool) => ({ tool, name: pickText(tool.name, s.language) }));
  named.sort((a, b) => a.name.localeCompare(b.name, s.language, { sensitivity: 'base' }) || a.tool.id.localeCompare(b.tool.id));
  const list = named.map((entry) => entry.tool);
  sortedFor = { tools: s.tools, language: s.language, list };
  return list;
};

/** The tool an id names; undefined for a plugin, which has no commands or preferences of a tool's. */
const toolOf = (s: AppState, toolId: string): ToolSummary | undefined => {
  const entry = s.tools[toolId];
  return entry?.kind === 'plugin' ? undefined : entry;
};

const titledPreferences = (tool: ToolSummary | undefined): PreferenceInfo[] =>
  tool ? tool.preferences.filter((preference) => preference.title !== undefined) : [];

export const toolSelectors = {
  toolList,
  toolCount: (s: AppState) => Object.keys(s.tools).length,
  toolById: (toolId: string | undefined) => (s: AppState) => (toolId === undefined ? undefined : s.tools[toolId]),
  /** Every command of the tool: those offered in the window, then those offered only on the menu bar. */
  commands: (toolId: string) => (s: AppState) => {
    const commands = toolOf(s, toolId)?.commands ?? [];
    return [...commands.filter((command) => !isMenubarOnly(command)), ...commands.filter(isMenubarOnly)];
  },
  /**
   * Whether the window runs the command: one offered in the window, or any with simulated services
   * (the test bed), where nothing is done for real. With the system's, a menu bar command acts on
   * the app in front, which the window would be, so it is run from the menu bar.
   */
  runsFromWindow: (toolId: string, commandId: string) => (s: AppState) => {
    const command = toolOf(s, toolId)?.commands.find((c) => c.id === commandId);
    return command !== undefined && (!isMenubarOnly(command) || hostInfoSelectors.servicesSimulated(s));
  },
  /** Why none of the tool's commands can run now (its state), or undefined. */
  commandsHeld: (toolId: string) => (s: AppState) => commandsHeld(s.tools[toolId]),
  isRunnable: (toolId: string, commandId: string) => (s: AppState) => {
    const tool = toolOf(s, toolId);
    return tool !== undefined && commandsHeld(tool) === undefined && tool.runnable.includes(commandId);
  },
  /** Untitled preferences are the tool's alone and never shown. */
  titledPreferences: (toolId: string) => (s: AppState) => titledPreferences(toolOf(s, toolId)),
  commandRun: (toolId: string, commandId: string) => (s: AppState) => s.commandRuns[pairKey(toolId, commandId)],
  /** What the command's last run asked of the services (the simulated ones record them): what it did, said where it was run. */
  commandRunCalls: (toolId: string, commandId: string) => (s: AppState) => {
    const span = s.commandRunCalls[pairKey(toolId, commandId)];
    if (!span) return noCalls;
    return s.serviceCalls.filter((call) => call.toolId === toolId && call.seq > span.since && (span.until === undefined || call.seq <= span.until));
  },
  preferenceSave: (toolId: string, preferenceId: string) => (s: AppState) => s.preferenceSaves[pairKey(toolId, preferenceId)],
  toolAction: (toolId: string) => (s: AppState) => s.toolActions[toolId],
  install: (s: AppState) => s.install,
};
