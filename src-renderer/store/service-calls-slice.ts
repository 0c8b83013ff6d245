// Service calls the simulated platform answered, shown in the test bed's panel. The window keeps
// as many as the host, each with a bounded preview of its params, whatever a host sends it.
import type { ServiceCall } from '../../src-shared/host-api';
import { previewOfParams, SERVICE_CALLS_KEPT } from '../../src-shared/service-call-preview';
import { problemOf, type AppState, type SliceCreator } from './app-store';
import { appendBySeq, mergeRead } from './logs-slice';

const bounded = (call: ServiceCall): ServiceCall => {
  const params = previewOfParams(call.params);
  return params === call.params ? call : { ...call, params };
};

export interface ServiceCallsState {
  serviceCalls: ServiceCall[];
  serviceCallsProblem?: string;
}

export interface ServiceCallsActions {
  loadServiceCalls(): Promise<void>;
  serviceCallArrived(call: ServiceCall): void;
}

export type ServiceCallsSlice = ServiceCallsState & ServiceCallsActions;

export const initialServiceCallsState: ServiceCallsState = { serviceCalls: [] };

export const createServiceCallsSlice: SliceCreator<ServiceCallsSlice> = (set, _get, host) => ({
  ...initialServiceCallsState,
  async loadServiceCalls() {
    try {
      const read = await host.readServiceCalls();
      const kept = read.slice(-SERVICE_CALLS_KEPT).map(bounded);
      set((s) => ({ serviceCalls: mergeRead(kept, s.serviceCalls, SERVICE_CALLS_KEPT), serviceCallsProblem: undefined }));
    } catch (error) {
      set({ serviceCallsProblem: problemOf(error) });
    }
  },
  serviceCallArrived(call) {
    set((s) => ({ serviceCalls: appendBySeq(s.serviceCalls, [bounded(call)], SERVICE_CALLS_KEPT) }));
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
};
