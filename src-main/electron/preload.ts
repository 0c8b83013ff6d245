// The window's only door to the main process: the HostApi over one IPC channel pair, exposed as
// window.vitruvian. Bundled on its own (dist/electron/preload.cjs) for a sandboxed renderer.
// `const api: HostApi` makes the compiler check every request against HostRequests.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { HostApi, HostEvent, HostRequestName, HostRequests } from '../../src-shared/host-api';
import { hostEventChannel, hostRequestChannel } from './ipc-channels';
import { convertedOrigin } from './renderer-origin';
import { paletteBridge, type PaletteBridge } from './palette/palette-bridge';

const request = <K extends HostRequestName>(name: K, ...args: HostRequests[K]['args']): Promise<HostRequests[K]['result']> =>
  ipcRenderer.invoke(hostRequestChannel, name, args) as Promise<HostRequests[K]['result']>;

const listeners = new Set<(event: HostEvent) => void>();

ipcRenderer.on(hostEventChannel, (_event, events: unknown) => {
  if (!Array.isArray(events)) return;
  for (const event of events as HostEvent[]) {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('a host event listener failed', error);
      }
    }
  }
});

const api: HostApi = {
  info: () => request('info'),
  listTools: () => request('listTools'),
  installFolder: (folder) => request('installFolder', folder),
  installReplaces: (folder) => request('installReplaces', folder),
  uninstall: (toolId) => request('uninstall', toolId),
  runCommand: (toolId, commandId) => request('runCommand', toolId, commandId),
  setPreference: (toolId, preferenceId, value) => request('setPreference', toolId, preferenceId, value),
  readLog: (toolId) => request('readLog', toolId),
  clearLog: (toolId) => request('clearLog', toolId),
  readTrace: (toolId) => request('readTrace', toolId),
  clearTrace: (toolId) => request('clearTrace', toolId),
  readServiceCalls: () => request('readServiceCalls'),
  restart: (toolId) => request('restart', toolId),
  stop: (toolId) => request('stop', toolId),
  setLanguage: (language) => request('setLanguage', language),
  setSimulatedClipboard: (text) => request('setSimulatedClipboard', text),
  judgeFile: (path) => request('judgeFile', path),
  callProgress: (callId) => request('callProgress', callId),
  forgetAnswers: (pluginId, path) => request('forgetAnswers', pluginId, path),
  readSimulatedClipboard: () => request('readSimulatedClipboard'),
  askField: (pluginId, callId, path, key) => request('askField', pluginId, callId, path, key),
  askThumbnail: (pluginId, callId, path, size) => request('askThumbnail', pluginId, callId, path, size),
  inspect: (pluginId, callId, path, params) => request('inspect', pluginId, callId, path, params),
  convert: (pluginId, callId, path) => request('convert', pluginId, callId, path),
  releaseConverted: (token) => request('releaseConverted', token),
  convertedUrl: (token) => `${convertedOrigin}/${encodeURIComponent(token)}`,
  page: (pluginId, callId, path, params) => request('page', pluginId, callId, path, params),
  runPluginCommand: (pluginId, callId, command, commandArgs, paths) => request('runPluginCommand', pluginId, callId, command, commandArgs, paths),
  applyPlan: (planId) => request('applyPlan', planId),
  cancelCall: (callId) => request('cancelCall', callId),
  commandUsage: () => request('commandUsage'),
  commandShortcuts: () => request('commandShortcuts'),
  setCommandShortcut: (entryId, command, accelerator) => request('setCommandShortcut', entryId, command, accelerator),
  fileSelection: () => request('fileSelection'),
  setSimulatedSelection: (paths) => request('setSimulatedSelection', paths),
  sendMessage: (entryId, message, anyway) => request('sendMessage', entryId, message, anyway),
  checkMessage: (entryId, message) => request('checkMessage', entryId, message),
  readRecording: (entryId) => request('readRecording', entryId),
  subscribe(listener) {
    // Wrapped so the same function can subscribe twice and each subscription ends on its own.
    const entry = (event: HostEvent) => listener(event);
    listeners.add(entry);
    return { dispose: () => void listeners.delete(entry) };
  },
};

/**
 * What the window finds at window.vitruvian: the HostApi, the path of a dropped file or folder, and
 * what the palette's window asks of its own (hide it, hear it shown, choose files).
 */
export type DesktopWindowApi = HostApi & PaletteBridge & { pathForFile(file: File): string };

const desktopApi: DesktopWindowApi = {
  ...api,
  ...paletteBridge(ipcRenderer),
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('vitruvian', desktopApi);
