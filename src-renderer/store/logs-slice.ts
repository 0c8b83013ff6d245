// Each tool's log as the window holds it, and how the person filters it.
import type { LogLevel, LogLine, Result } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { problemOf } from './problem';
import { appendBySeq, mergeRead, type CharCap } from './seq-lines';

/** The window keeps at most this many lines per tool, dropping the oldest. */
export const maxLogLines = 200_000;
/** And at most this many characters per tool: a tool logging lines of 8,192 characters fills this first. */
export const maxLogChars = 16_000_000;
const logChars: CharCap<LogLine> = { max: maxLogChars, of: (line) => line.message.length };
export const logLevels: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

export interface LogFilter {
  levels: Record<LogLevel, boolean>;
  search: string;
}

export interface LogsState {
  logs: Record<string, LogLine[]>;
  logProblems: Record<string, string>;
  logFilter: LogFilter;
  logFollow: boolean;
}

export interface LogsActions {
  loadLog: (toolId: string) => Promise<void>;
  logLinesArrived: (toolId: string, lines: LogLine[]) => void;
  logCleared: (toolId: string) => void;
  clearLog: (toolId: string) => Promise<Result>;
  setLogLevelShown: (level: LogLevel, shown: boolean) => void;
  setLogSearch: (search: string) => void;
  setLogFollow: (follow: boolean) => void;
}

export type LogsSlice = LogsState & LogsActions;

export const initialLogsState: LogsState = {
  logs: {},
  logProblems: {},
  logFilter: { levels: { error: true, warn: true, info: true, debug: true }, search: '' },
  logFollow: true,
};

const noLines: LogLine[] = [];

export const createLogsSlice: SliceCreator<LogsSlice> = (set, _get, host) => ({
  ...initialLogsState,
  async loadLog(toolId) {
    try {
      const read = await host.readLog(toolId);
      set((s) => ({
        logs: { ...s.logs, [toolId]: mergeRead(read, s.logs[toolId] ?? noLines, maxLogLines, logChars) },
        logProblems: withoutKey(s.logProblems, toolId),
      }));
    } catch (error) {
      set((s) => ({ logProblems: { ...s.logProblems, [toolId]: problemOf(error) } }));
    }
  },
  logLinesArrived(toolId, lines) {
    set((s) => {
      const held = s.logs[toolId] ?? noLines;
      const next = appendBySeq(held, lines, maxLogLines, logChars);
      return next === held ? s : { logs: { ...s.logs, [toolId]: next } };
    });
  },
  logCleared(toolId) {
    set((s) => ({ logs: { ...s.logs, [toolId]: noLines } }));
  },
  async clearLog(toolId) {
    const result = await host.clearLog(toolId).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    if (result.ok) set((s) => ({ logs: { ...s.logs, [toolId]: noLines } }));
    else set((s) => ({ logProblems: { ...s.logProblems, [toolId]: result.problem } }));
    return result;
  },
  setLogLevelShown(level, shown) {
    set((s) => ({ logFilter: { ...s.logFilter, levels: { ...s.logFilter.levels, [level]: shown } } }));
  },
  setLogSearch(search) {
    set((s) => ({ logFilter: { ...s.logFilter, search } }));
  },
  setLogFollow(follow) {
    set({ logFollow: follow });
  },
});

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}

// Filtering 100,000 lines is done once per (lines, filter) pair, not on every render.
const filtered = new WeakMap<LogLine[], { filter: LogFilter; lines: LogLine[] }>();

function visibleLines(lines: LogLine[], filter: LogFilter): LogLine[] {
  const cached = filtered.get(lines);
  if (cached?.filter === filter) return cached.lines;
  const search = filter.search.trim().toLowerCase();
  const allLevels = logLevels.every((level) => filter.levels[level]);
  const result =
    allLevels && search === '' ? lines : lines.filter((line) => filter.levels[line.level] && (search === '' || line.message.toLowerCase().includes(search)));
  filtered.set(lines, { filter, lines: result });
  return result;
}

export const logSelectors = {
  lines: (toolId: string) => (s: AppState) => s.logs[toolId] ?? noLines,
  visibleLines: (toolId: string) => (s: AppState) => visibleLines(s.logs[toolId] ?? noLines, s.logFilter),
  filter: (s: AppState) => s.logFilter,
  follow: (s: AppState) => s.logFollow,
  problem: (toolId: string) => (s: AppState) => s.logProblems[toolId],
};
