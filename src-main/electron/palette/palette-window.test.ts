import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

type Listener = (...args: unknown[]) => void;

/** An emitter as Electron's: on/once, and emit to call the listeners as Electron would. */
class Emitter {
  listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener) {
    const once: Listener = (...args) => {
      this.listeners.set(
        name,
        (this.listeners.get(name) ?? []).filter((l) => l !== once),
      );
      listener(...args);
    };
    return this.on(name, once);
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
}

const electron = vi.hoisted(() => ({
  windows: [] as FakeWindow[],
  ipcListeners: new Map<string, (event: unknown) => void>(),
  ipcHandlers: new Map<string, (event: unknown) => Promise<unknown>>(),
  cursor: { x: 2000, y: 300 },
  dialogAnswer: { canceled: false, filePaths: ['/home/me/a.txt'] },
  nextWebContentsId: 40,
}));

class FakeWindow extends Emitter {
  calls: unknown[][] = [];
  loads: string[] = [];
  visible = false;
  focused = false;
  destroyed = false;
  webContents = Object.assign(new Emitter(), {
    id: electron.nextWebContentsId++,
    sent: [] as string[],
    send: (channel: string) => void this.webContents.sent.push(channel),
  });
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    electron.windows.push(this);
  }
  isDestroyed = () => this.destroyed;
  isVisible = () => this.visible;
  isFocused = () => this.focused;
  setAlwaysOnTop = (...a: unknown[]) => void this.calls.push(['setAlwaysOnTop', ...a]);
  setVisibleOnAllWorkspaces = (...a: unknown[]) => void this.calls.push(['setVisibleOnAllWorkspaces', ...a]);
  setBounds = (...a: unknown[]) => void this.calls.push(['setBounds', ...a]);
  setSize = (...a: unknown[]) => void this.calls.push(['setSize', ...a]);
  loadURL = async (url: string) => void this.loads.push(url);
  show = () => {
    this.calls.push(['show']);
    this.visible = true;
  };
  focus = () => {
    this.calls.push(['focus']);
    this.focused = true;
  };
  hide = () => {
    this.calls.push(['hide']);
    this.visible = false;
    this.focused = false;
  };
  destroy = () => {
    this.destroyed = true;
  };
}

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  screen: {
    getCursorScreenPoint: () => electron.cursor,
    // Two screens side by side: the pointer's x says which.
    getDisplayNearestPoint: ({ x }: { x: number }) =>
      x < 1440 ? { workArea: { x: 0, y: 25, width: 1440, height: 875 } } : { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } },
  },
  ipcMain: {
    on: (channel: string, listener: (event: unknown) => void) => electron.ipcListeners.set(channel, listener),
    removeListener: (channel: string) => electron.ipcListeners.delete(channel),
    handle: (channel: string, handler: (event: unknown) => Promise<unknown>) => electron.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => electron.ipcHandlers.delete(channel),
  },
  dialog: { showOpenDialog: async () => electron.dialogAnswer },
}));

const { createPaletteWindow, paletteWindowOptions } = await import('./palette-window');
const { paletteChooseFilesChannel, paletteHideChannel, palettePage, paletteShownChannel } = await import('./palette-channels');

const preload = '/app/dist/electron/preload.cjs';
const only = () => {
  expect(electron.windows).toHaveLength(1);
  return electron.windows[0]!;
};
/** An IPC event from a window's page, showing `url`. */
const from = (window: FakeWindow, url = palettePage) => ({ sender: { id: window.webContents.id }, senderFrame: { url } });

beforeEach(() => {
  electron.windows.length = 0;
  electron.ipcListeners.clear();
  electron.ipcHandlers.clear();
  electron.cursor = { x: 2000, y: 300 };
});

describe("the palette window's options", () => {
  it('is frameless, always on top, out of the taskbar, not resizable, hidden until asked, with the same web preferences as the main window', () => {
    expect(paletteWindowOptions(preload, 'linux')).toMatchObject({
      frame: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: false,
      show: false,
      webPreferences: {
        preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
        webSecurity: true,
        navigateOnDragDrop: false,
      },
    });
    expect(paletteWindowOptions(preload, 'linux')).not.toHaveProperty('type');
    expect(paletteWindowOptions(preload, 'darwin').type).toBe('panel');
  });

  it('floats over every space and full-screen app, at the floating level', () => {
    const palette = createPaletteWindow({ preload, platform: 'darwin' });
    expect(only().calls).toEqual([
      ['setAlwaysOnTop', true, 'floating'],
      ['setVisibleOnAllWorkspaces', true, { visibleOnFullScreen: true, skipTransformProcessType: true }],
    ]);
    palette.dispose();
  });
});

describe('opening the palette', () => {
  it('loads its page once, then shows and hides at once, without loading it again', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    expect(window.loads).toEqual(['app://vitruvian/index.html?palette']);
    window.emit('ready-to-show');
    for (let opening = 0; opening < 3; opening++) {
      palette.show();
      expect(palette.isVisible()).toBe(true);
      palette.hide();
      expect(palette.isVisible()).toBe(false);
    }
    expect(window.loads).toHaveLength(1);
    expect(electron.windows).toHaveLength(1);
    expect(window.webContents.sent).toEqual([paletteShownChannel, paletteShownChannel, paletteShownChannel]);
    palette.dispose();
  });

  it('shows in the middle of the screen the pointer is on, with the focus', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    expect(window.calls.slice(-3)).toEqual([['setBounds', { x: 1440 + 960, y: 510, width: 640, height: 420 }], ['show'], ['focus']]);
    palette.hide();
    electron.cursor = { x: 10, y: 10 };
    palette.show();
    expect(window.calls.slice(-3)[0]).toEqual(['setBounds', { x: 400, y: 25 + 228, width: 640, height: 420 }]);
    palette.dispose();
  });

  it('only sizes itself where the compositor places windows (native Wayland)', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux', positioned: false });
    only().emit('ready-to-show');
    palette.show();
    const names = only().calls.map((call) => call[0]);
    expect(names).toContain('setSize');
    expect(names).not.toContain('setBounds');
    palette.dispose();
  });

  it('asked before its page is ready, shows once it is', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    palette.show();
    expect(palette.isVisible()).toBe(false);
    only().emit('ready-to-show');
    expect(palette.isVisible()).toBe(true);
    palette.dispose();
  });

  it('the shortcut toggles: a second press hides the palette in front', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    only().emit('ready-to-show');
    palette.toggle();
    expect(palette.isVisible()).toBe(true);
    palette.toggle();
    expect(palette.isVisible()).toBe(false);
    palette.dispose();
  });
});

describe('closing the palette', () => {
  it('hides when it loses the focus', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    window.emit('blur');
    expect(palette.isVisible()).toBe(false);
    palette.dispose();
  });

  it('hides when its page loses the focus, which a macOS panel tells when its window does not', () => {
    const palette = createPaletteWindow({ preload, platform: 'darwin' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    window.webContents.emit('blur');
    expect(palette.isVisible()).toBe(false);
    palette.dispose();
  });

  it('hides when its own page asks (Escape), and not when another page does', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    const askHide = electron.ipcListeners.get(paletteHideChannel)!;
    askHide({ sender: { id: 999 }, senderFrame: { url: palettePage } });
    askHide(from(window, 'https://example.com/'));
    expect(palette.isVisible()).toBe(true);
    askHide(from(window));
    expect(palette.isVisible()).toBe(false);
    palette.dispose();
    expect(electron.ipcListeners.has(paletteHideChannel)).toBe(false);
  });

  it('is only hidden by Close (Cmd+W), and made again after its page crashed, loading it once more', () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    expect(palette.isVisible()).toBe(false);
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(window.destroyed).toBe(true);
    palette.show();
    expect(electron.windows).toHaveLength(2);
    expect(electron.windows[1]!.loads).toEqual([palettePage]);
    palette.dispose();
    expect(electron.windows[1]!.destroyed).toBe(true);
  });
});

describe("the palette's file dialog", () => {
  it('answers the chosen paths to the palette only, staying open while the dialog has the focus', async () => {
    const palette = createPaletteWindow({ preload, platform: 'linux' });
    const window = only();
    window.emit('ready-to-show');
    palette.show();
    const choose = electron.ipcHandlers.get(paletteChooseFilesChannel)!;
    await expect(choose({ sender: { id: 999 }, senderFrame: { url: palettePage } })).rejects.toThrow('only the palette may ask for files');
    const answer = choose(from(window));
    window.emit('blur'); // the dialog took the focus
    expect(palette.isVisible()).toBe(true);
    await expect(answer).resolves.toEqual(['/home/me/a.txt']);
    window.emit('blur');
    expect(palette.isVisible()).toBe(false);
    palette.dispose();
  });
});
