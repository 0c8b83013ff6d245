import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

const electron = vi.hoisted(() => ({ windows: [] as { options: BrowserWindowConstructorOptions; loaded: string[] }[] }));
vi.mock('electron', () => ({
  BrowserWindow: class {
    loaded: string[] = [];
    constructor(readonly options: BrowserWindowConstructorOptions) {
      electron.windows.push(this);
    }
    once() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
    async loadFile(file: string) {
      this.loaded.push(`file ${file}`);
    }
  },
}));

const { createMainWindow } = await import('./main-window');

describe('createMainWindow', () => {
  it('opens the renderer page from app://vitruvian (not file://) isolated, sandboxed, without Node, with our preload', () => {
    createMainWindow({ preload: '/app/dist/electron/preload.cjs' });
    const [window] = electron.windows;
    expect(window!.loaded).toEqual(['app://vitruvian/index.html']);
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
    });
    expect(window!.options.show).toBe(false);
    expect(window!.options).not.toHaveProperty('icon');
  });

  it('carries the app icon when given one (Linux shows it per window)', () => {
    createMainWindow({ preload: '/app/dist/electron/preload.cjs', icon: '/app/dist/electron/assets/appIcon.png' });
    expect(electron.windows.at(-1)!.options.icon).toBe('/app/dist/electron/assets/appIcon.png');
  });
});
