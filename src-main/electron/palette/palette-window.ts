// The palette's window: small, frameless, in front of every app, in the middle of the screen the
// pointer is on. Its page loads once, when the palette is made, and each opening only shows the
// window: typing starts at once, with no page load per opening. It goes away when it loses the
// focus or when its page asks (Escape), and comes back as it was left. The page is the main
// window's (app://vitruvian/) with the main window's web preferences, so the same rules hold.
import { BrowserWindow, dialog, ipcMain, screen, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { allWorkspaces } from '../hud-window';
import { senderProblem } from '../ipc';
import { mainWindowPreferences } from '../main-window';
import { paletteChooseFilesChannel, paletteHideChannel, palettePage, paletteShownChannel } from './palette-channels';

export const paletteSize = { width: 640, height: 420 } as const;

export const paletteWindowOptions = (preload: string, platform: NodeJS.Platform = process.platform): Electron.BrowserWindowConstructorOptions => ({
  // A panel on macOS takes the keys without making Vitruvian the active app, so the app the
  // person was in stays in front once the palette goes, and it floats over full-screen spaces.
  ...(platform === 'darwin' ? { type: 'panel' } : {}),
  ...paletteSize,
  title: 'Vitruvian',
  show: false,
  frame: false,
  resizable: false,
  movable: false,
  minimizable: false,
  maximizable: false,
  fullscreenable: false,
  skipTaskbar: true,
  alwaysOnTop: true,
  webPreferences: mainWindowPreferences(preload),
});

/**
 * Over ordinary windows and other apps' floating ones, but under the level of input methods'
 * candidate lists, which a 'pop-up-menu' or 'screen-saver' window would cover while the person
 * types a name in Japanese or Chinese.
 */
export const paletteLevel = 'floating';

export interface PaletteWindowOptions {
  /** dist/electron/preload.cjs, the main window's. */
  preload: string;
  platform?: NodeJS.Platform;
  /** False on a native Wayland display, where the compositor places windows (linux-display.ts). */
  positioned?: boolean;
  page?: string;
}

export interface PaletteWindow {
  /** Shows the palette in the middle of the screen the pointer is on, with the focus in it. */
  show(): void;
  hide(): void;
  /** What the palette's shortcut does: shows it, or hides it when it is in front. */
  toggle(): void;
  isVisible(): boolean;
  /** The palette's window while it exists: the one other window the HostApi's IPC may answer. */
  window(): BrowserWindow | undefined;
  dispose(): void;
}

export function createPaletteWindow(options: PaletteWindowOptions): PaletteWindow {
  const platform = options.platform ?? process.platform;
  const positioned = options.positioned ?? true;
  const page = options.page ?? palettePage;
  let window: BrowserWindow | undefined;
  let ready = false;
  let showWhenReady = false;
  /** A dialog of the palette's own is open: losing the focus to it does not close the palette. */
  let dialogs = 0;
  let disposed = false;

  const hide = () => {
    showWhenReady = false;
    if (window && !window.isDestroyed() && window.isVisible()) window.hide();
  };

  const make = (): BrowserWindow => {
    const made = new BrowserWindow(paletteWindowOptions(options.preload, platform));
    made.setAlwaysOnTop(true, paletteLevel);
    made.setVisibleOnAllWorkspaces(true, allWorkspaces);
    ready = false;
    made.once('ready-to-show', () => {
      ready = true;
      if (showWhenReady) reveal(made);
    });
    const lostFocus = () => {
      if (dialogs === 0) hide();
    };
    made.on('blur', lostFocus);
    // A macOS panel becomes the key window without becoming the main one, and Electron tells a
    // window's blur when it stops being the main window: the page's own loss of focus still comes.
    made.webContents.on('blur', lostFocus);
    // Cmd+W or the Window menu's Close would end the page: the palette only goes out of sight.
    made.on('close', (event) => {
      if (disposed) return;
      event.preventDefault();
      hide();
    });
    // A crashed page is made again at the next opening rather than shown blank.
    made.webContents.on('render-process-gone', () => {
      if (window === made) window = undefined;
      if (!made.isDestroyed()) made.destroy();
    });
    void made.loadURL(page);
    return made;
  };

  const place = (target: BrowserWindow) => {
    const { width, height } = paletteSize;
    if (!positioned) return target.setSize(width, height);
    const area = screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea;
    target.setBounds({
      x: Math.round(area.x + (area.width - width) / 2),
      y: Math.round(area.y + (area.height - height) / 2),
      width,
      height,
    });
  };

  const reveal = (target: BrowserWindow) => {
    showWhenReady = false;
    place(target);
    target.show();
    target.focus();
    target.webContents.send(paletteShownChannel);
  };

  const current = (): BrowserWindow => {
    if (!window || window.isDestroyed()) window = make();
    return window;
  };

  const fromPalette = (event: IpcMainEvent | IpcMainInvokeEvent): boolean =>
    senderProblem(event, window && !window.isDestroyed() ? window : undefined) === undefined;

  const onHide = (event: IpcMainEvent) => {
    if (fromPalette(event)) hide();
  };
  ipcMain.on(paletteHideChannel, onHide);
  ipcMain.handle(paletteChooseFilesChannel, async (event) => {
    if (!fromPalette(event) || !window) throw new Error('only the palette may ask for files');
    dialogs++;
    try {
      const chosen = await dialog.showOpenDialog(window, { properties: ['openFile', 'multiSelections'] });
      return chosen.canceled ? [] : chosen.filePaths;
    } finally {
      dialogs--;
      if (window && !window.isDestroyed() && !window.isFocused()) window.focus();
    }
  });

  window = make();

  const palette: PaletteWindow = {
    show() {
      if (disposed) return;
      const target = current();
      if (ready) reveal(target);
      else showWhenReady = true;
    },
    hide,
    toggle() {
      if (window && !window.isDestroyed() && window.isVisible() && window.isFocused()) hide();
      else palette.show();
    },
    isVisible: () => Boolean(window && !window.isDestroyed() && window.isVisible()),
    window: () => (window && !window.isDestroyed() ? window : undefined),
    dispose() {
      disposed = true;
      ipcMain.removeListener(paletteHideChannel, onHide);
      ipcMain.removeHandler(paletteChooseFilesChannel);
      if (window && !window.isDestroyed()) window.destroy();
      window = undefined;
    },
  };
  return palette;
}
