// The HostApi served over Electron IPC: one handler for every request, checked before anything
// runs (the sender must be our window or the palette's, showing a page of app://vitruvian/; the name must be a
// HostRequests name; the arguments must fit that request), and host events pushed to the window.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { checkRequestArgs, describeValue } from '../../src-shared/host-wire';
import { hostRequestNames, type HostCoreApi, type HostEvent, type HostRequestName } from '../../src-shared/host-api';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { hostEventChannel, hostRequestChannel } from './ipc-channels';
import { isRendererUrl } from './renderer-origin';

export interface HostIpcOptions {
  host: HostCoreApi;
  /** The main window while it is open: its frames may call. */
  window(): BrowserWindow | undefined;
  /** The palette's window while it exists: its frames may call too, and it hears the events. */
  palette?(): BrowserWindow | undefined;
  /** How long events gather before they go to the window in one message (default 16 ms). */
  batchMs?: number;
}

/** Why a sender is refused, or undefined when it is our window's frame showing our renderer. */
export function senderProblem(event: IpcMainInvokeEvent, window: BrowserWindow | undefined): string | undefined {
  if (!window || window.isDestroyed()) return 'the main window is not open';
  if (event.sender.id !== window.webContents.id) return `webContents ${event.sender.id} is not the main window`;
  const frame = event.senderFrame;
  if (!frame) return 'the sending frame is gone';
  if (!isRendererUrl(frame.url)) return `the frame shows ${describeValue(frame.url)}, not Vitruvian's window`;
  return undefined;
}

const isHostRequestName = (value: unknown): value is HostRequestName => typeof value === 'string' && (hostRequestNames as readonly string[]).includes(value);

export function bindHostIpc(options: HostIpcOptions): Disposable {
  const { host } = options;
  ipcMain.handle(hostRequestChannel, async (event, name: unknown, args: unknown) => {
    const refused = senderProblem(event, options.window());
    const palette = options.palette?.();
    if (refused && (!palette || senderProblem(event, palette) !== undefined)) throw new Error(`host request refused: ${refused}`);
    if (!isHostRequestName(name)) {
      throw new Error(`host request ${describeValue(name)} is not one of ${hostRequestNames.join(', ')}`);
    }
    const problem = checkRequestArgs(name, args);
    if (problem) throw new Error(`host request ${name}: ${problem}`);
    // checkRequestArgs has matched args against HostRequests[name]['args'].
    const call = host[name] as (...values: unknown[]) => Promise<unknown>;
    return call.apply(host, args as unknown[]);
  });

  let queued: HostEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const events = queued;
    queued = [];
    for (const window of [options.window(), options.palette?.()]) {
      if (window && !window.isDestroyed()) window.webContents.send(hostEventChannel, events);
    }
  };
  const subscription = host.subscribe((event) => {
    queued.push(event);
    timer ??= setTimeout(flush, options.batchMs ?? 16);
  });

  return toDisposable(() => {
    ipcMain.removeHandler(hostRequestChannel);
    subscription.dispose();
    if (timer) clearTimeout(timer);
    queued = [];
  });
}
