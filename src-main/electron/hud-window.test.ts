import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({ windows: [] as Record<string, unknown>[] }));
vi.mock('electron', () => ({
  screen: {
    getCursorScreenPoint: () => ({ x: 100, y: 100 }),
    getDisplayNearestPoint: () => ({ workArea: { x: 0, y: 25, width: 1440, height: 875 } }),
  },
  BrowserWindow: class {
    calls: unknown[][] = [];
    constructor(readonly options: unknown) {
      electron.windows.push(this as unknown as Record<string, unknown>);
    }
    isDestroyed = () => false;
    setAlwaysOnTop = (...a: unknown[]) => void this.calls.push(['setAlwaysOnTop', ...a]);
    setVisibleOnAllWorkspaces = (...a: unknown[]) => void this.calls.push(['setVisibleOnAllWorkspaces', ...a]);
    setIgnoreMouseEvents = (...a: unknown[]) => void this.calls.push(['setIgnoreMouseEvents', ...a]);
    setBounds = (...a: unknown[]) => void this.calls.push(['setBounds', ...a]);
    loadURL = async (...a: unknown[]) => void this.calls.push(['loadURL', ...a]);
    showInactive = () => void this.calls.push(['showInactive']);
    hide = () => void this.calls.push(['hide']);
    destroy = () => void this.calls.push(['destroy']);
  },
}));

const { createHud, hudPage, symbolGlyph, hudWindowOptions } = await import('./hud-window');

describe('the HUD page', () => {
  it('shows the text and the symbol, escaped, with no script allowed', () => {
    const page = hudPage('<img src=x onerror=alert(1)> & done', 'checkmark');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; done');
    expect(page).not.toContain('<img');
    expect(page).toContain('<div class="symbol">✓</div>');
    expect(page).toContain("default-src 'none'");
    expect(page).not.toContain('<script');
  });

  it('draws known SF Symbol names and short symbols (emoji), and no symbol for unknown names', () => {
    expect(symbolGlyph('doc.on.clipboard')).toBe('📋');
    expect(symbolGlyph('🚀')).toBe('🚀');
    expect(symbolGlyph('some.unknown.symbol')).toBeUndefined();
    expect(symbolGlyph(undefined)).toBeUndefined();
    expect(hudPage('plain')).not.toContain('class="symbol"');
  });

  it('cuts very long text', () => {
    expect(hudPage('x'.repeat(500))).toContain(`${'x'.repeat(139)}…`);
  });
});

describe('the HUD window', () => {
  it('is frameless, transparent, always on top, never focused, without script', () => {
    expect(hudWindowOptions()).toMatchObject({
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      focusable: false,
      skipTaskbar: true,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
  });

  it('shows without taking the focus, over full-screen apps, ignoring the mouse, then hides', async () => {
    vi.useFakeTimers();
    const hud = createHud();
    await hud.show('Copied', 'checkmark');
    await hud.show('Copied again');
    expect(electron.windows).toHaveLength(1);
    const calls = electron.windows[0]!.calls as unknown[][];
    expect(calls.map((c) => c[0])).toEqual([
      'setAlwaysOnTop', 'setVisibleOnAllWorkspaces', 'setIgnoreMouseEvents',
      'setBounds', 'loadURL', 'showInactive', 'setBounds', 'loadURL', 'showInactive',
    ]);
    expect(String(calls[4]![1])).toMatch(/^data:text\/html;charset=utf-8,/);
    expect(decodeURIComponent(String(calls[4]![1]))).toContain('Copied');
    vi.advanceTimersByTime(2000);
    expect(calls.at(-1)).toEqual(['hide']);
    hud.dispose();
    expect(calls.at(-1)).toEqual(['destroy']);
    vi.useRealTimers();
  });
});
