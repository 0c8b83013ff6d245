// A measurement of a plugin's Files tab with many files, started by the page's address:
// `?filesBench=5000&filesIn=<folder>&filesPlugin=<plugin id>` (with the test bed's token as usual).
// The folder holds files named benchFileName(0) to benchFileName(count - 1), written by whoever
// asked (e2e/files-speed.spec.ts); they are given to the plugin at once, as a folder dropped on
// the tab would give them, and the page measures:
//   the list shown     from handing the paths to the store to the first frame that shows rows
//   every field        until the plugin has answered every file
//   scrolling          frame times while the list jumps through every file
//   long tasks         what the browser reports as a task of 50 ms or more (PerformanceObserver)
//   the JS heap        at the start, at most (each frame), at the end (Chromium's performance.memory)
// The result goes to `window.vitruvianFilesBench`, `<html data-files-bench="done">` and the console.
import type { AppStore } from '../store/app-store';
import { pluginFileSelectors } from '../store/plugin-files-selectors';
import { countInAddress } from './address-count';
import { benchFileName } from './bench-file-names';

export const filesBenchParam = 'filesBench';

export interface FilesBenchResult {
  files: number;
  listShownMs: number;
  answeredMs: number;
  /** Files whose every field was answered, and those answered with a failure. */
  answered: number;
  failed: number;
  scrollFrames: number;
  scrollWorstFrameMs: number;
  /** Rows in the page at most while the files were answered and scrolled. */
  mostRows: number;
  longTasks: number;
  longestTaskMs: number;
  heapMB?: { start: number; most: number; end: number };
}

declare global {
  interface Window {
    vitruvianFilesBench?: FilesBenchResult;
  }
}

export interface FilesBenchAsked {
  count: number;
  folder: string;
  pluginId: string;
}

/** What the address asks for, if a files bench (1 to 100,000 files, a folder and a plugin). */
export function filesBenchAsked(search: string): FilesBenchAsked | undefined {
  const count = countInAddress(search, filesBenchParam, 100_000);
  const params = new URLSearchParams(search);
  const folder = params.get('filesIn');
  const pluginId = params.get('filesPlugin');
  return count !== undefined && folder && pluginId ? { count, folder, pluginId } : undefined;
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const rows = () => document.querySelectorAll('.file-row').length;
const heapMB = (): number | undefined => {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? Math.round(memory.usedJSHeapSize / 1e5) / 10 : undefined;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runFilesBench(store: AppStore, { count, folder, pluginId }: FilesBenchAsked): Promise<FilesBenchResult> {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  let mostRows = 0;
  let mostHeap = heapMB() ?? 0;
  const watch = () => {
    mostRows = Math.max(mostRows, rows());
    mostHeap = Math.max(mostHeap, heapMB() ?? 0);
  };
  const framesUntil = async (done: () => boolean) => {
    while (!done()) {
      await frame();
      watch();
    }
  };

  await framesUntil(() => store.getState().tools[pluginId] !== undefined);
  store.setState({ selectedToolId: pluginId, toolTab: 'files' });
  await framesUntil(() => document.querySelector('.files-drop') !== null);
  const startHeap = heapMB();
  observer.observe({ type: 'longtask' });

  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const paths = Array.from({ length: count }, (_, index) => `${folder}${separator}${benchFileName(index)}`);
  const start = performance.now();
  void store.getState().addFiles(pluginId, paths);
  await framesUntil(() => rows() > 0);
  const listShownMs = performance.now() - start;

  const settled = (path: string) =>
    Object.values(pluginFileSelectors.fileAsks(pluginId, path)(store.getState())?.fields ?? {}).every((call) => call.status === 'answered');
  // Answers come about in the list's order, and an answered file stays answered: each frame looks
  // on from the first file not answered yet, not at all 5,000 (which cost the page a third of a second).
  let unsettled = 0;
  await framesUntil(() => {
    while (unsettled < paths.length && settled(paths[unsettled]!)) unsettled++;
    return unsettled === paths.length;
  });
  const answeredMs = performance.now() - start;
  const failed = paths.filter((path) =>
    Object.values(pluginFileSelectors.fileAsks(pluginId, path)(store.getState())?.fields ?? {}).some((call) => call.status === 'answered' && !call.answer.ok),
  ).length;

  const list = document.querySelector<HTMLElement>('.file-list-scroller');
  const frameTimes: number[] = [];
  if (list) {
    let last = await frame();
    const steps = 120;
    for (let i = 1; i <= steps; i++) {
      list.scrollTop = (list.scrollHeight - list.clientHeight) * (i / steps);
      const now = await frame();
      watch();
      frameTimes.push(now - last);
      last = now;
    }
  }
  // The last long task of the scroll is reported after its frame.
  await frame();
  for (const entry of observer.takeRecords()) tasks.push(entry.duration);
  observer.disconnect();

  const endHeap = heapMB();
  const result: FilesBenchResult = {
    files: count,
    listShownMs: round(listShownMs),
    answeredMs: round(answeredMs),
    answered: paths.filter(settled).length,
    failed,
    scrollFrames: frameTimes.length,
    scrollWorstFrameMs: round(Math.max(0, ...frameTimes)),
    mostRows,
    longTasks: tasks.length,
    longestTaskMs: round(Math.max(0, ...tasks)),
    ...(startHeap !== undefined && endHeap !== undefined ? { heapMB: { start: startHeap, most: mostHeap, end: endHeap } } : {}),
  };
  window.vitruvianFilesBench = result;
  document.documentElement.dataset.filesBench = 'done';
  console.info(
    `[vitruvian] Files tab: ${count} files, list shown in ${result.listShownMs} ms, every field in ${result.answeredMs} ms; ` +
      `scrolling ${result.scrollFrames} frames, worst ${result.scrollWorstFrameMs} ms; at most ${mostRows} rows in the page; ` +
      `${result.longTasks} long tasks, the longest ${result.longestTaskMs} ms`,
  );
  return result;
}
