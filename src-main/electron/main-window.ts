// The main window: the React UI from dist/renderer served as app://vitruvian/, in a sandboxed
// renderer with context isolation and no Node, talking to the host only through the preload's
// window.vitruvian.
import { BrowserWindow } from 'electron';
import { rendererPage } from './renderer-origin';

export interface MainWindowOptions {
  /** dist/electron/preload.cjs */
  preload: string;
  /** The window's icon where the system shows one per window (Linux). */
  icon?: string;
}

export const mainWindowPreferences = (preload: string): Electron.WebPreferences => ({
  preload,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  navigateOnDragDrop: false,
  spellcheck: false,
});

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 720,
    minWidth: 640,
    minHeight: 420,
    title: 'Vitruvian',
    show: false,
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: mainWindowPreferences(options.preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(rendererPage);
  return window;
}

/** Shows the window, restoring it when minimized, and brings it to the front. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
