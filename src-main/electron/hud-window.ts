// The HUD: a small frameless window, always on top, that shows a symbol and a short text in the
// lower middle of the screen the pointer is on, fades out, and never takes the focus (a paste
// that follows must still reach the app in front). No script runs in it: CSS does the fade.
// It also carries the notices a person must see when the system's notifications fail (notice()).
import { BrowserWindow, screen } from 'electron';
import { hudPage, symbolGlyph } from './hud-page';
import { delay } from '../host/process/delay';

export interface Hud {
  /**
   * A tool's HUD. Resolves once shown, or once a newer HUD took its turn before it showed;
   * another HUD coming never makes it fail.
   */
  show(text: string, symbol?: string): Promise<void>;
  /** A notice the person must see (a title and a longer text), kept on screen longer. */
  notice(title: string, body: string): Promise<void>;
  dispose(): void;
}

/** How long a HUD stays, fade included. */
export const hudDurationMs = 1800;
/** How long a notice stays: long enough to read two lines. */
export const noticeDurationMs = 6000;

export interface HudOptions {
  platform?: NodeJS.Platform;
  /**
   * Whether the app may place its windows. Not on a native Wayland display, where the compositor
   * places them (see linux-display.ts): there the HUD is only sized.
   */
  positioned?: boolean;
}

export const hudWindowOptions = (platform: NodeJS.Platform = process.platform): Electron.BrowserWindowConstructorOptions => ({
  // On macOS a panel floats over other apps' full-screen spaces by itself, without turning the
  // whole app into a UI-element app (which would take away its Dock icon and menu bar).
  ...(platform === 'darwin' ? { type: 'panel' } : {}),
  width: 240,
  height: 160,
  show: false,
  frame: false,
  transparent: true,
  resizable: false,
  movable: false,
  minimizable: false,
  maximizable: false,
  fullscreenable: false,
  focusable: false,
  skipTaskbar: true,
  hasShadow: false,
  alwaysOnTop: true,
  webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
});

/** The options of setVisibleOnAllWorkspaces: over full-screen apps, with no process transform. */
export const allWorkspaces = { visibleOnFullScreen: true, skipTransformProcessType: true } as const;

/** Chromium's answer when a load is cut short by another: the newer HUD shows, nothing failed. */
const wasAborted = (error: unknown): boolean => {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return code === 'ERR_ABORTED' || errno === -3;
};

interface Showing {
  title?: string;
  text: string;
  symbol?: string;
  durationMs: number;
}

export function createHud(options: HudOptions = {}): Hud {
  const platform = options.platform ?? process.platform;
  const positioned = options.positioned ?? true;
  let window: BrowserWindow | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  // One showing at a time: a second loadURL while one loads aborts the first (ERR_ABORTED).
  let turn: Promise<void> = Promise.resolve();
  let newestHud = 0;
  // A notice keeps the screen until then; HUDs that come meanwhile show after it.
  let heldUntil = 0;

  const hudWindow = () => {
    if (window && !window.isDestroyed()) return window;
    window = new BrowserWindow(hudWindowOptions(platform));
    window.setAlwaysOnTop(true, 'screen-saver');
    window.setVisibleOnAllWorkspaces(true, allWorkspaces);
    window.setIgnoreMouseEvents(true);
    return window;
  };

  const inTurn = (step: () => Promise<void>): Promise<void> => {
    const done = turn.then(step);
    turn = done.catch(() => {});
    return done;
  };

  const waitForHeldScreen = async () => {
    const wait = heldUntil - Date.now();
    if (wait > 0) await delay(wait);
  };

  const display = async (showing: Showing) => {
    if (disposed) return;
    const hud = hudWindow();
    const long = showing.title !== undefined;
    const width = long ? 420 : Math.min(420, Math.max(200, 48 + [...showing.text].length * 8));
    const height = long ? 170 : symbolGlyph(showing.symbol) ? 160 : 90;
    if (positioned) {
      const area = screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea;
      hud.setBounds({
        x: Math.round(area.x + (area.width - width) / 2),
        y: Math.round(area.y + area.height * 0.72 - height / 2),
        width,
        height,
      });
    } else {
      hud.setSize(width, height);
    }
    const page = hudPage(showing.text, showing.symbol, { title: showing.title, durationMs: showing.durationMs });
    try {
      // Loading the page again restarts the fade for a HUD shown while another is still up.
      await hud.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
    } catch (error) {
      if (wasAborted(error)) return;
      throw error;
    }
    if (disposed || hud.isDestroyed()) return;
    hud.showInactive();
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      if (window && !window.isDestroyed()) window.hide();
    }, showing.durationMs);
  };

  return {
    show(text, symbol) {
      const ticket = ++newestHud;
      return inTurn(async () => {
        await waitForHeldScreen();
        if (ticket !== newestHud) return; // a newer HUD came while this one waited: it shows instead
        await display({ text, symbol, durationMs: hudDurationMs });
      });
    },
    notice(title, body) {
      return inTurn(async () => {
        await waitForHeldScreen();
        await display({ title, text: body, symbol: 'exclamationmark.triangle', durationMs: noticeDurationMs });
        heldUntil = Date.now() + noticeDurationMs;
      });
    },
    dispose() {
      disposed = true;
      if (hideTimer) clearTimeout(hideTimer);
      if (window && !window.isDestroyed()) window.destroy();
      window = undefined;
    },
  };
}
