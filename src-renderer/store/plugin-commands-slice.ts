// A plugin's commands run on the chosen files (Files tab), one run kept per command: its answer
// (done, a value, text the host put on the clipboard, or a plan), and for a plan, what the person
// did with it: applied only once they confirmed it, and only for a plugin granted write. The window
// never writes the clipboard itself: in the test bed that would be the real one, not the simulated.
import type { PlanResult, ShownCommandAnswer } from '../../src-shared/plugin-api';
import type { AppState, SliceCreator } from './app-store';
import { ask, newCallId, running, runningId, type PluginCall } from './plugin-call';
import { pluginDetails } from './plugin-serving';
import { problemOf } from './problem';

export type PlanState =
  { status: 'shown' } | { status: 'confirming' } | { status: 'applying' } | { status: 'applied'; result: PlanResult } | { status: 'dismissed' };

export interface PluginCommandRun {
  /** The files it was run on. */
  paths: string[];
  call: PluginCall<ShownCommandAnswer>;
  /** A plan answer: what became of it. */
  plan?: PlanState;
}

export interface PluginCommandsState {
  pluginCommandRuns: Record<string, PluginCommandRun>;
  /** The commands whose args form is open, by commandKey: open and closed by the person only. */
  argsFormsOpen: Record<string, true>;
}

export interface PluginCommandsActions {
  runPluginCommand: (pluginId: string, command: string, args: unknown, paths: string[]) => Promise<void>;
  /** Apply was pressed: the person is asked to confirm. */
  askApplyPlan: (pluginId: string, command: string) => void;
  /** The confirmation was cancelled: the plan stays shown. */
  keepPlan: (pluginId: string, command: string) => void;
  applyPlan: (pluginId: string, command: string) => Promise<void>;
  /** Cancel: the plan is put away, not applied. */
  dismissPlan: (pluginId: string, command: string) => void;
  setArgsFormOpen: (pluginId: string, command: string, open: boolean) => void;
  /**
   * Other files were chosen: an answer about the files chosen before is put away, so no result shows
   * beside files it was not about. A run still under way, and a plan being confirmed or applied, stay.
   */
  filesChosenChanged: (pluginId: string, paths: readonly string[]) => void;
}

export type PluginCommandsSlice = PluginCommandsState & PluginCommandsActions;

export const initialPluginCommandsState: PluginCommandsState = { pluginCommandRuns: {}, argsFormsOpen: {} };

const samePaths = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((path, index) => path === b[index]);

export const commandKey = (pluginId: string, command: string): string => `${pluginId}\u0000${command}`;

export const createPluginCommandsSlice: SliceCreator<PluginCommandsSlice> = (set, get, host) => {
  const update = (key: string, change: (run: PluginCommandRun) => PluginCommandRun) =>
    set((s) => (s.pluginCommandRuns[key] ? { pluginCommandRuns: { ...s.pluginCommandRuns, [key]: change(s.pluginCommandRuns[key]) } } : {}));
  const planIs = (key: string, status: PlanState['status']) => get().pluginCommandRuns[key]?.plan?.status === status;
  const setPlan = (key: string, plan: PlanState) => update(key, (run) => ({ ...run, plan }));

  return {
    ...initialPluginCommandsState,

    async runPluginCommand(pluginId, command, args, paths) {
      const key = commandKey(pluginId, command);
      const callId = newCallId();
      set((s) => ({ pluginCommandRuns: { ...s.pluginCommandRuns, [key]: { paths: [...paths], call: running(callId) } } }));
      const answer = await ask(() => host.runPluginCommand(pluginId, callId, command, args, paths));
      // Run again meanwhile: that run's answer is the one shown.
      if (runningId(get().pluginCommandRuns[key]?.call) !== callId) return;
      update(key, (run) => ({
        ...run,
        call: { status: 'answered', answer },
        ...(answer.ok && answer.answer.answer === 'plan' ? { plan: { status: 'shown' } } : {}),
      }));
    },

    askApplyPlan(pluginId, command) {
      const key = commandKey(pluginId, command);
      if (planIs(key, 'shown')) setPlan(key, { status: 'confirming' });
    },

    keepPlan(pluginId, command) {
      const key = commandKey(pluginId, command);
      if (planIs(key, 'confirming')) setPlan(key, { status: 'shown' });
    },

    async applyPlan(pluginId, command) {
      const key = commandKey(pluginId, command);
      const run = get().pluginCommandRuns[key];
      const answer = run?.call.status === 'answered' && run.call.answer.ok ? run.call.answer.answer : undefined;
      if (answer?.answer !== 'plan' || !planIs(key, 'confirming')) return;
      // The host refuses it too; the window never offers it.
      if (!pluginDetails(get().tools[pluginId])?.capabilities.includes('write')) return setPlan(key, { status: 'shown' });
      setPlan(key, { status: 'applying' });
      const result = await host.applyPlan(answer.planId).catch((error: unknown): PlanResult => ({ ok: false, problem: problemOf(error), steps: [] }));
      setPlan(key, { status: 'applied', result });
    },

    dismissPlan(pluginId, command) {
      const key = commandKey(pluginId, command);
      if (planIs(key, 'shown')) setPlan(key, { status: 'dismissed' });
    },

    setArgsFormOpen(pluginId, command, open) {
      const key = commandKey(pluginId, command);
      set((s) => {
        const argsFormsOpen = { ...s.argsFormsOpen };
        if (open) argsFormsOpen[key] = true;
        else delete argsFormsOpen[key];
        return { argsFormsOpen };
      });
    },

    filesChosenChanged(pluginId, paths) {
      const prefix = commandKey(pluginId, '');
      const held = new Set(['confirming', 'applying']);
      set((s) => {
        const kept = Object.entries(s.pluginCommandRuns).filter(
          ([key, run]) => !key.startsWith(prefix) || samePaths(run.paths, paths) || run.call.status !== 'answered' || held.has(run.plan?.status ?? ''),
        );
        return kept.length === Object.keys(s.pluginCommandRuns).length ? {} : { pluginCommandRuns: Object.fromEntries(kept) };
      });
    },
  };
};

export const pluginCommandSelectors = {
  run: (pluginId: string, command: string) => (s: AppState) => s.pluginCommandRuns[commandKey(pluginId, command)],
  formOpen: (pluginId: string, command: string) => (s: AppState) => s.argsFormsOpen[commandKey(pluginId, command)] === true,
};
