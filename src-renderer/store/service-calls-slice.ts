// Service calls the simulated platform answered, shown in the test bed's panel, and what the one
// simulated clipboard holds, whoever wrote it last (a tool, a plugin's text answer, the person). The window keeps as many calls as the host, each with
// a bounded preview of its params, whatever a host sends it.
import type { Result, ServiceCall } from '../../src-shared/host-api';
import { previewOfParams, SERVICE_CALLS_KEPT } from '../../src-shared/service-call-preview';
import type { AppState, SliceCreator } from './app-store';
import { appendBySeq, mergeRead } from './seq-lines';
import { problemOf } from './problem';

const bounded = (call: ServiceCall): ServiceCall => {
  const params = previewOfParams(call.params);
  return params === call.params ? call : { ...call, params };
};

/** What became of the text the person last put on the simulated clipboard. */
export type ClipboardFill = { status: 'setting'; text: string } | { status: 'set'; text: string } | { status: 'refused'; problem: string };

export interface ServiceCallsState {
  serviceCalls: ServiceCall[];
  serviceCallsProblem?: string;
  clipboardFill?: ClipboardFill;
  /** What the simulated clipboard holds (null: nothing); undefined until read. */
  simulatedClipboard?: string | null;
  /** HUDs and sounds a tool asked for since the window opened, shown as the app would show them until dismissed. */
  toasts: ServiceCall[];
}

export interface ServiceCallsActions {
  loadServiceCalls: () => Promise<void>;
  serviceCallArrived: (call: ServiceCall) => void;
  clipboardChanged: (text: string | null) => void;
  dismissToast: (seq: number) => void;
  setSimulatedClipboard: (text: string) => Promise<Result>;
}

export type ServiceCallsSlice = ServiceCallsState & ServiceCallsActions;

export const initialServiceCallsState: ServiceCallsState = { serviceCalls: [], toasts: [] };

/** Toasts shown at once; an older one goes when a newer comes. */
export const TOASTS_SHOWN = 3;
/** What the app shows on screen of a service call: a HUD, the alert sound. */
const showsOnScreen = (method: string) => method === 'notify/hud' || method === 'notify/beep';

export const createServiceCallsSlice: SliceCreator<ServiceCallsSlice> = (set, _get, host) => ({
  ...initialServiceCallsState,
  async loadServiceCalls() {
    try {
      const [read, clipboard] = await Promise.all([host.readServiceCalls(), host.readSimulatedClipboard()]);
      const kept = read.slice(-SERVICE_CALLS_KEPT).map(bounded);
      set((s) => ({
        serviceCalls: mergeRead(kept, s.serviceCalls, SERVICE_CALLS_KEPT),
        serviceCallsProblem: undefined,
        // A change told while this was read is newer.
        ...(clipboard.ok && s.simulatedClipboard === undefined ? { simulatedClipboard: clipboard.text } : {}),
      }));
    } catch (error) {
      set({ serviceCallsProblem: problemOf(error) });
    }
  },
  serviceCallArrived(call) {
    const kept = bounded(call);
    set((s) => ({
      serviceCalls: appendBySeq(s.serviceCalls, [kept], SERVICE_CALLS_KEPT),
      ...(showsOnScreen(call.method) ? { toasts: [...s.toasts, kept].slice(-TOASTS_SHOWN) } : {}),
    }));
  },
  dismissToast(seq) {
    set((s) => ({ toasts: s.toasts.filter((toast) => toast.seq !== seq) }));
  },
  clipboardChanged(text) {
    set({ simulatedClipboard: text });
  },
  async setSimulatedClipboard(text) {
    set({ clipboardFill: { status: 'setting', text } });
    const result = await host.setSimulatedClipboard(text).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    set({ clipboardFill: result.ok ? { status: 'set', text } : { status: 'refused', problem: result.problem } });
    return result;
  },
});

const newestFirst = new WeakMap<ServiceCall[], ServiceCall[]>();

export const serviceCallSelectors = {
  calls: (s: AppState) => s.serviceCalls,
  newestFirst: (s: AppState) => {
    let list = newestFirst.get(s.serviceCalls);
    if (!list) {
      list = [...s.serviceCalls].reverse();
      newestFirst.set(s.serviceCalls, list);
    }
    return list;
  },
  forTool: (toolId: string) => (s: AppState) => s.serviceCalls.filter((call) => call.toolId === toolId),
  problem: (s: AppState) => s.serviceCallsProblem,
  clipboardFill: (s: AppState) => s.clipboardFill,
  simulatedClipboard: (s: AppState) => s.simulatedClipboard,
  toasts: (s: AppState) => s.toasts,
};
