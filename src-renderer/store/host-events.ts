// The one place where HostApi events (and the link's state, when the transport has one) reach the store.
// Log and trace lines can come thousands a second: they are gathered and handed to the store once
// per frame, so a 100,000-line log is not copied once per line. Any other event first hands over
// what was gathered, so the store sees events in the order the host sent them.
import type { Disposable, HostApi, HostEvent, LogLine, TraceLine } from '../../src-shared/host-api';
import { connectionWatchOf } from '../host-connection';
import type { AppStore } from './app-store';

export type Schedule = (flush: () => void) => void;

const isReload = (line: LogLine) => line.code?.code === 'loaded' && line.code.how === 'reloaded';

const nextFrame: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

export interface HostEventOptions {
  /**
   * Whether a pressed command shortcut opens the palette in this page and runs it there: in the
   * test bed's page, and in the desktop app's palette window, but not in its main window as well,
   * which hears the same events (the command would run twice).
   */
  shortcuts?: boolean;
}

export function bindHostEvents(host: HostApi, store: AppStore, schedule: Schedule = nextFrame, options: HostEventOptions = {}): Disposable {
  let logs = new Map<string, LogLine[]>();
  let traces = new Map<string, TraceLine[]>();
  let scheduled = false;
  let disposed = false;

  const flush = () => {
    scheduled = false;
    if (disposed) return;
    const [logBatch, traceBatch] = [logs, traces];
    logs = new Map();
    traces = new Map();
    const state = store.getState();
    for (const [toolId, lines] of logBatch) state.logLinesArrived(toolId, lines);
    // A plugin's folder reloaded (its author edited it): what its files showed may no longer be what it answers.
    for (const [toolId, lines] of logBatch) if (lines.some(isReload) && state.tools[toolId]?.kind === 'plugin') void state.askFilesAgain(toolId);
    for (const [toolId, lines] of traceBatch) state.traceLinesArrived(toolId, lines);
  };

  const gather = <Line>(batch: Map<string, Line[]>, toolId: string, line: Line) => {
    const lines = batch.get(toolId);
    if (lines) lines.push(line);
    else batch.set(toolId, [line]);
    if (!scheduled) {
      scheduled = true;
      schedule(flush);
    }
  };

  const apply = (event: HostEvent) => {
    const state = store.getState();
    switch (event.type) {
      case 'log':
        return gather(logs, event.toolId, event.line);
      case 'trace':
        return gather(traces, event.toolId, event.line);
      default:
        break;
    }
    if (logs.size > 0 || traces.size > 0) flush();
    switch (event.type) {
      case 'tool':
        return state.toolChanged(event.tool);
      case 'toolRemoved':
        return state.toolRemoved(event.toolId);
      case 'logCleared':
        return state.logCleared(event.toolId);
      case 'serviceCall':
        return state.serviceCallArrived(event.call);
      case 'clipboard':
        return state.clipboardChanged(event.text);
      case 'language':
        return state.languageChanged(event.language);
      case 'shortcutPressed':
        if (options.shortcuts === false) return;
        return void state.shortcutPressed(event.entryId, event.command);
    }
  };

  const subscription = host.subscribe(apply);
  const watch = connectionWatchOf(host);
  const connection = watch?.onDidChangeConnection((state) => store.getState().connectionChanged(state));
  if (watch) store.getState().connectionChanged(watch.connectionState);
  return {
    dispose() {
      disposed = true;
      subscription.dispose();
      connection?.dispose();
    },
  };
}
