// A measurement of the log view, started by the page's address: `?logBench=100000` (with the test
// bed's token as usual). It adds a tool that lives only in this window, fills its log with that many
// lines, shows it, and measures with performance marks:
//   vitruvian:log-render   from handing the lines to the store to the first frame that shows them
//   vitruvian:log-search   from typing a search to the frame that shows the filtered lines
//   scrolling              frame times while the view jumps through the whole log
// The result goes to `window.vitruvianLogBench`, `<html data-log-bench="done">` and the console.
import type { LogLine, ToolSummary } from '../../src-shared/host-api';
import type { AppStore } from '../store/app-store';
import { countInAddress } from './address-count';

export const logBenchParam = 'logBench';
export const logBenchToolId = 'dev.vitruvian.log-bench';

export interface LogBenchResult {
  lines: number;
  renderMs: number;
  searchMs: number;
  scrollFrames: number;
  scrollMeanFrameMs: number;
  scrollWorstFrameMs: number;
  renderedRows: number;
}

declare global {
  interface Window {
    vitruvianLogBench?: LogBenchResult;
  }
}

/** The line count asked for in the address, if any (1 to 1,000,000). */
export const logBenchLines = (search: string): number | undefined => countInAddress(search, logBenchParam, 1_000_000);

export function benchLogLines(count: number): LogLine[] {
  const levels = ['info', 'debug', 'info', 'warn', 'info', 'error'] as const;
  const start = Date.now() - count;
  const lines = new Array<LogLine>(count);
  for (let i = 0; i < count; i++) {
    lines[i] = {
      seq: i + 1,
      time: start + i,
      level: levels[i % levels.length]!,
      source: i % 50 === 0 ? 'stderr' : 'tool',
      message: `line ${i + 1}: handled request ${(i * 7919) % 100_000} in ${(i % 97) + 1} ms`,
    };
  }
  return lines;
}

const benchTool: ToolSummary = {
  kind: 'tool',
  id: logBenchToolId,
  name: { en: 'Log bench', fr: 'Banc d’essai du journal' },
  version: '0.0.0',
  publisher: { en: 'Vitruvian' },
  description: { en: 'Exists only in this window, to measure the log view.' },
  uses: [],
  commands: [],
  preferences: [],
  values: {},
  secretsSet: [],
  state: 'idle',
  runnable: [],
  folder: '(none)',
  loadedInPlace: false,
  start: 'demand',
};

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function framesUntil(done: () => boolean, limit = 600): Promise<void> {
  for (let i = 0; i < limit && !done(); i++) await frame();
  await frame();
}

const scroller = () => document.querySelector<HTMLElement>('.log-scroller');
const shownCount = () => Number(scroller()?.dataset.lineCount ?? -1);

function measure(name: string, start: string, end: string): number {
  performance.mark(end);
  return performance.measure(name, start, end).duration;
}

export async function runLogBench(store: AppStore, count: number): Promise<LogBenchResult> {
  const lines = benchLogLines(count);
  const state = store.getState();
  state.toolChanged(benchTool);
  state.setLogSearch('');
  // Straight to the store: the host knows nothing of this tool, so no read is asked of it.
  store.setState({ selectedToolId: logBenchToolId, toolTab: 'log', logFollow: false });
  await framesUntil(() => scroller() !== null || document.querySelector('.log-tab') !== null);

  performance.mark('vitruvian:log-render:start');
  store.getState().logLinesArrived(logBenchToolId, lines);
  await framesUntil(() => shownCount() === count);
  const renderMs = measure('vitruvian:log-render', 'vitruvian:log-render:start', 'vitruvian:log-render:end');

  const element = scroller();
  const frameTimes: number[] = [];
  if (element) {
    let last = await frame();
    const steps = 120;
    for (let i = 1; i <= steps; i++) {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * (i / steps);
      const now = await frame();
      frameTimes.push(now - last);
      last = now;
    }
  }
  const renderedRows = document.querySelectorAll('.log-row').length;

  const needle = String(Math.floor(count / 2));
  performance.mark('vitruvian:log-search:start');
  store.getState().setLogSearch(needle);
  await framesUntil(() => shownCount() !== count);
  const searchMs = measure('vitruvian:log-search', 'vitruvian:log-search:start', 'vitruvian:log-search:end');
  store.getState().setLogSearch('');

  const result: LogBenchResult = {
    lines: count,
    renderMs: round(renderMs),
    searchMs: round(searchMs),
    scrollFrames: frameTimes.length,
    scrollMeanFrameMs: round(frameTimes.reduce((sum, t) => sum + t, 0) / Math.max(1, frameTimes.length)),
    scrollWorstFrameMs: round(Math.max(0, ...frameTimes)),
    renderedRows,
  };
  window.vitruvianLogBench = result;
  document.documentElement.dataset.logBench = 'done';
  console.info(
    `[vitruvian] log view: ${count} lines rendered in ${result.renderMs} ms, searched in ${result.searchMs} ms; ` +
      `scrolling ${result.scrollFrames} frames, mean ${result.scrollMeanFrameMs} ms, worst ${result.scrollWorstFrameMs} ms; ` +
      `${renderedRows} rows in the page`,
  );
  return result;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
