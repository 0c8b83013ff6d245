// Each tool's message trace, both ways, for tool authors.
import type { Result, TraceLine } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { appendBySeq, mergeRead, type CharCap } from './seq-lines';
import { problemOf } from './problem';

export const maxTraceLines = 50_000;
/** And at most this many characters per tool (a line is cut to about 4,096 by the host). */
export const maxTraceChars = 16_000_000;
const traceChars: CharCap<TraceLine> = { max: maxTraceChars, of: (line) => line.text.length };

export interface TraceState {
  traces: Record<string, TraceLine[]>;
  traceProblems: Record<string, string>;
  /** '' shows every method. */
  traceMethod: string;
  /** Text the messages shown hold, letter case aside; '' shows them all. */
  traceSearch: string;
}

export interface TraceActions {
  loadTrace: (toolId: string) => Promise<void>;
  traceLinesArrived: (toolId: string, lines: TraceLine[]) => void;
  clearTrace: (toolId: string) => Promise<Result>;
  setTraceMethod: (method: string) => void;
  setTraceSearch: (search: string) => void;
}

export type TraceSlice = TraceState & TraceActions;

export const initialTraceState: TraceState = { traces: {}, traceProblems: {}, traceMethod: '', traceSearch: '' };

const noLines: TraceLine[] = [];

export const createTraceSlice: SliceCreator<TraceSlice> = (set, _get, host) => ({
  ...initialTraceState,
  async loadTrace(toolId) {
    try {
      const read = await host.readTrace(toolId);
      set((s) => ({ traces: { ...s.traces, [toolId]: mergeRead(read, s.traces[toolId] ?? noLines, maxTraceLines, traceChars) } }));
    } catch (error) {
      set((s) => ({ traceProblems: { ...s.traceProblems, [toolId]: problemOf(error) } }));
    }
  },
  traceLinesArrived(toolId, lines) {
    set((s) => {
      const held = s.traces[toolId] ?? noLines;
      const next = appendBySeq(held, lines, maxTraceLines, traceChars);
      return next === held ? s : { traces: { ...s.traces, [toolId]: next } };
    });
  },
  async clearTrace(toolId) {
    const result = await host.clearTrace(toolId).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    if (result.ok) set((s) => ({ traces: { ...s.traces, [toolId]: noLines } }));
    else set((s) => ({ traceProblems: { ...s.traceProblems, [toolId]: result.problem } }));
    return result;
  },
  setTraceMethod(method) {
    set({ traceMethod: method });
  },
  setTraceSearch(search) {
    set({ traceSearch: search });
  },
});

const byFilter = new WeakMap<TraceLine[], { method: string; search: string; lines: TraceLine[] }>();
const methodsOf = new WeakMap<TraceLine[], string[]>();

function visibleTrace(lines: TraceLine[], method: string, search: string): TraceLine[] {
  const needle = search.trim().toLowerCase();
  if (method === '' && needle === '') return lines;
  const cached = byFilter.get(lines);
  if (cached?.method === method && cached.search === needle) return cached.lines;
  const result = lines.filter((line) => (method === '' || line.method === method) && (needle === '' || line.text.toLowerCase().includes(needle)));
  byFilter.set(lines, { method, search: needle, lines: result });
  return result;
}

function methods(lines: TraceLine[]): string[] {
  let found = methodsOf.get(lines);
  if (!found) {
    found = [...new Set(lines.flatMap((line) => (line.method === undefined ? [] : [line.method])))].sort();
    methodsOf.set(lines, found);
  }
  return found;
}

export const traceSelectors = {
  lines: (toolId: string) => (s: AppState) => s.traces[toolId] ?? noLines,
  visibleLines: (toolId: string) => (s: AppState) => visibleTrace(s.traces[toolId] ?? noLines, s.traceMethod, s.traceSearch),
  search: (s: AppState) => s.traceSearch,
  methods: (toolId: string) => (s: AppState) => methods(s.traces[toolId] ?? noLines),
  method: (s: AppState) => s.traceMethod,
  problem: (toolId: string) => (s: AppState) => s.traceProblems[toolId],
};
