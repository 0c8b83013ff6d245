// Each tool's message trace, both ways, for tool authors, and how many older messages were dropped
// from it (by the host's trace, which keeps its last lines, or by the caps here).
import type { Result, TraceLine } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { appendBySeq, leftOut, mergeRead, type CharCap } from './seq-lines';
import { problemOf } from './problem';
import { noPairing, pairMore, rowLines, type Pairing, type TraceRow } from './trace-pairs';

export const maxTraceLines = 50_000;
/** And at most this many characters per tool (a line is cut to about 4,096 by the host). */
export const maxTraceChars = 16_000_000;
const traceChars: CharCap<TraceLine> = { max: maxTraceChars, of: (line) => line.text.length };

export interface TraceState {
  traces: Record<string, TraceLine[]>;
  traceProblems: Record<string, string>;
  /** Messages older than the first held that are no longer held, since the trace was last cleared. */
  traceDropped: Record<string, number>;
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

export const initialTraceState: TraceState = { traces: {}, traceProblems: {}, traceDropped: {}, traceMethod: '', traceSearch: '' };

const noLines: TraceLine[] = [];

export const createTraceSlice: SliceCreator<TraceSlice> = (set, _get, host) => ({
  ...initialTraceState,
  async loadTrace(toolId) {
    try {
      const read = await host.readTrace(toolId);
      set((s) => {
        const held = s.traces[toolId] ?? noLines;
        const lines = mergeRead(read.lines, held, maxTraceLines, traceChars);
        // What the host let go of, and what the caps here left out of the merge.
        const dropped = read.dropped + leftOut(read.lines, held, lines);
        return { traces: { ...s.traces, [toolId]: lines }, traceDropped: { ...s.traceDropped, [toolId]: dropped } };
      });
    } catch (error) {
      set((s) => ({ traceProblems: { ...s.traceProblems, [toolId]: problemOf(error) } }));
    }
  },
  traceLinesArrived(toolId, lines) {
    set((s) => {
      const held = s.traces[toolId] ?? noLines;
      const next = appendBySeq(held, lines, maxTraceLines, traceChars);
      if (next === held) return s;
      const dropped = leftOut(held, lines, next);
      if (dropped === 0) return { traces: { ...s.traces, [toolId]: next } };
      return { traces: { ...s.traces, [toolId]: next }, traceDropped: { ...s.traceDropped, [toolId]: (s.traceDropped[toolId] ?? 0) + dropped } };
    });
  },
  async clearTrace(toolId) {
    const result = await host.clearTrace(toolId).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    if (result.ok) set((s) => ({ traces: { ...s.traces, [toolId]: noLines }, traceDropped: { ...s.traceDropped, [toolId]: 0 } }));
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

/** The rows of each list of lines held, and of the filters last asked of it: each lives as long as its lines. */
const pairingOf = new WeakMap<TraceLine[], Pairing>();
const byFilter = new WeakMap<TraceLine[], { method: string; search: string; rows: TraceRow[] }>();
const methodsOf = new WeakMap<TraceLine[], string[]>();
/** The list last paired: the next one, when it only adds lines to it, pairs only those. One list, the one shown. */
let lastPaired: { lines: TraceLine[]; pairing: Pairing } | undefined;

const grewFrom = (lines: TraceLine[], before: TraceLine[]) =>
  before.length > 0 && lines.length >= before.length && lines[0] === before[0] && lines[before.length - 1] === before[before.length - 1];

function traceRows(lines: TraceLine[]): TraceRow[] {
  let pairing = pairingOf.get(lines);
  if (!pairing) {
    pairing = lastPaired && grewFrom(lines, lastPaired.lines) ? pairMore(lastPaired.pairing, lines.slice(lastPaired.lines.length)) : pairMore(noPairing, lines);
    pairingOf.set(lines, pairing);
  }
  lastPaired = { lines, pairing };
  return pairing.rows;
}

/** A row shows when one of its messages has the method and one holds the text: a request found by its answer's words shows with it. */
function visibleRows(lines: TraceLine[], method: string, search: string): TraceRow[] {
  const rows = traceRows(lines);
  const needle = search.trim().toLowerCase();
  if (method === '' && needle === '') return rows;
  const cached = byFilter.get(lines);
  if (cached?.method === method && cached.search === needle) return cached.rows;
  const result = rows.filter((row) => {
    const held = rowLines(row);
    return (method === '' || held.some((line) => line.method === method)) && (needle === '' || held.some((line) => line.text.toLowerCase().includes(needle)));
  });
  byFilter.set(lines, { method, search: needle, rows: result });
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
  /** The rows shown: requests with their answers, through the method and the search. */
  visibleRows: (toolId: string) => (s: AppState) => visibleRows(s.traces[toolId] ?? noLines, s.traceMethod, s.traceSearch),
  dropped: (toolId: string) => (s: AppState) => s.traceDropped[toolId] ?? 0,
  search: (s: AppState) => s.traceSearch,
  methods: (toolId: string) => (s: AppState) => methods(s.traces[toolId] ?? noLines),
  method: (s: AppState) => s.traceMethod,
  problem: (toolId: string) => (s: AppState) => s.traceProblems[toolId],
};
