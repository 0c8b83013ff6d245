import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A load Chromium is still doing; a second loadURL meanwhile aborts it, as Chromium does. */
interface Loading {
  url: string;
  finish(): void;
  abort(): void;
}

const electron = vi.hoisted(() => ({
  windows: [] as Record<string, unknown>[],
  /** When true, loads wait for finish() (or abort by a newer load); else they end at once. */
  slowLoads: false,
}));
vi.mock('electron', () => ({
  screen: {
    getCursorScreenPoint: () => ({ x: 100, y: 100 }),
    getDisplayNearestPoint: () => ({ workArea: { x: 0, y: 25, width: 1440, height: 875 } }),
  },
  BrowserWindow: class {
    calls: unknown[][] = [];
    loading: Loading | undefined;
    constructor(readonly options: unknown) {
      electron.windows.push(this as unknown as Record<string, unknown>);
    }
    isDestroyed = () => false;
    setAlwaysOnTop = (...a: unknown[]) => void this.calls.push(['setAlwaysOnTop', ...a]);
    setVisibleOnAllWorkspaces = (...a: unknown[]) => void this.calls.push(['setVisibleOnAllWorkspaces', ...a]);
    setIgnoreMouseEvents = (...a: unknown[]) => void this.calls.push(['setIgnoreMouseEvents', ...a]);
    setBounds = (...a: unknown[]) => void this.calls.push(['setBounds', ...a]);
    setSize = (...a: unknown[]) => void this.calls.push(['setSize', ...a]);
    loadURL = (url: string) => {
      this.calls.push(['loadURL', url]);
      this.loading?.abort();
      if (!electron.slowLoads) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const loading: Loading = {
          url,
          finish: () => {
            if (this.loading === loading) this.loading = undefined;
            resolve();
          },
          abort: () => reject(Object.assign(new Error(`ERR_ABORTED (-3) loading '${url.slice(0, 40)}'`), { code: 'ERR_ABORTED', errno: -3 })),
        };
        this.loading = loading;
      });
    };
    showInactive = () => void this.calls.push(['showInactive']);
    hide = () => void this.calls.push(['hide']);
    destroy = () => void this.calls.push(['destroy']);
  },
}));

const { allWorkspaces, createHud, hudWindowOptions, noticeDurationMs } = await import('./hud-window');

type FakeWindow = { calls: unknown[][]; loading?: Loading; options: Record<string, unknown> };
const lastWindow = () => electron.windows.at(-1) as unknown as FakeWindow;
const shownTexts = (window: FakeWindow) =>
  window.calls.filter((c) => c[0] === 'loadURL').map((c) => /<div class="text">([^<]*)</.exec(decodeURIComponent(String(c[1])))?.[1]);

beforeEach(() => {
  electron.windows.length = 0;
  electron.slowLoads = false;
});
afterEach(() => vi.useRealTimers());

describe('the HUD window', () => {
  it('is frameless, transparent, always on top, never focused, without script', () => {
    expect(hudWindowOptions('linux')).toMatchObject({
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      focusable: false,
      skipTaskbar: true,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
    expect(hudWindowOptions('linux')).not.toHaveProperty('type');
  });

  it('is a panel on macOS, and joins every space without the process transform that takes the Dock icon away', async () => {
    expect(hudWindowOptions('darwin').type).toBe('panel');
    const hud = createHud({ platform: 'darwin' });
    await hud.show('Copied');
    const window = lastWindow();
    expect(window.options).toMatchObject({ type: 'panel', focusable: false });
    expect(window.calls).toContainEqual(['setVisibleOnAllWorkspaces', true, { visibleOnFullScreen: true, skipTransformProcessType: true }]);
    expect(allWorkspaces.skipTransformProcessType).toBe(true);
    hud.dispose();
  });

  it('shows without taking the focus, over full-screen apps, ignoring the mouse, then hides', async () => {
    vi.useFakeTimers();
    const hud = createHud({ platform: 'linux' });
    await hud.show('Copied', 'checkmark');
    await hud.show('Copied again');
    expect(electron.windows).toHaveLength(1);
    const calls = lastWindow().calls;
    expect(calls.map((c) => c[0])).toEqual([
      'setAlwaysOnTop',
      'setVisibleOnAllWorkspaces',
      'setIgnoreMouseEvents',
      'setBounds',
      'loadURL',
      'showInactive',
      'setBounds',
      'loadURL',
      'showInactive',
    ]);
    expect(calls[3]).toEqual(['setBounds', { x: 620, y: 575, width: 200, height: 160 }]);
    expect(String(calls[4]![1])).toMatch(/^data:text\/html;charset=utf-8,/);
    expect(shownTexts(lastWindow())).toEqual(['Copied', 'Copied again']);
    vi.advanceTimersByTime(2000);
    expect(calls.at(-1)).toEqual(['hide']);
    hud.dispose();
    expect(calls.at(-1)).toEqual(['destroy']);
  });

  it('only sizes itself where the compositor places windows (native Wayland)', async () => {
    const hud = createHud({ platform: 'linux', positioned: false });
    await hud.show('Copied');
    const names = lastWindow().calls.map((c) => c[0]);
    expect(names).toContain('setSize');
    expect(names).not.toContain('setBounds');
    hud.dispose();
  });
});

describe('HUDs close together', () => {
  it('never loads a page while another loads, so no HUD request fails with ERR_ABORTED', async () => {
    electron.slowLoads = true;
    const hud = createHud({ platform: 'linux' });
    const first = hud.show('First tool');
    await vi.waitFor(() => expect(lastWindow()?.loading?.url).toBeDefined());
    const second = hud.show('Second tool');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownTexts(lastWindow())).toEqual(['First tool']); // the second waits for the first load
    lastWindow().loading!.finish();
    await expect(first).resolves.toBeUndefined();
    await vi.waitFor(() => expect(shownTexts(lastWindow())).toEqual(['First tool', 'Second tool']));
    lastWindow().loading!.finish();
    await expect(second).resolves.toBeUndefined();
    hud.dispose();
  });

  it('answers a HUD replaced by a newer one before its turn, showing only the newest', async () => {
    const hud = createHud({ platform: 'linux' });
    const shown = await Promise.allSettled([hud.show('one'), hud.show('two'), hud.show('three')]);
    expect(shown.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(shownTexts(lastWindow())).toEqual(['three']);
    hud.dispose();
  });

  it('treats a load aborted from elsewhere as replaced, not as a failure', async () => {
    electron.slowLoads = true;
    const hud = createHud({ platform: 'linux' });
    const first = hud.show('First');
    await vi.waitFor(() => expect(lastWindow()?.loading).toBeDefined());
    lastWindow().loading!.abort();
    await expect(first).resolves.toBeUndefined();
    expect(lastWindow().calls.map((c) => c[0])).not.toContain('showInactive');
    hud.dispose();
  });
});

describe('a notice on the HUD', () => {
  it('shows its title and text for longer, and a tool HUD that comes meanwhile shows after it', async () => {
    vi.useFakeTimers();
    const hud = createHud({ platform: 'linux' });
    await hud.notice('Clock stopped', 'It crashed 5 times in 3 minutes.');
    const page = decodeURIComponent(String(lastWindow().calls.find((c) => c[0] === 'loadURL')![1]));
    expect(page).toContain('<div class="title">Clock stopped</div>');
    expect(page).toContain('It crashed 5 times in 3 minutes.');
    expect(page).toContain(`animation:fade ${noticeDurationMs}ms`);
    let toolHudShown = false;
    void hud.show('Copied').then(() => (toolHudShown = true));
    await vi.advanceTimersByTimeAsync(noticeDurationMs - 100);
    expect(toolHudShown).toBe(false);
    expect(shownTexts(lastWindow())).toEqual(['It crashed 5 times in 3 minutes.']);
    await vi.advanceTimersByTimeAsync(200);
    expect(toolHudShown).toBe(true);
    expect(shownTexts(lastWindow()).at(-1)).toBe('Copied');
    hud.dispose();
  });
});
