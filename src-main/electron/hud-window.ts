// The HUD: a small frameless window, always on top, that shows a symbol and a short text in the
// lower middle of the screen the pointer is on, fades out, and never takes the focus (a paste
// that follows must still reach the app in front). No script runs in it: CSS does the fade.
import { BrowserWindow, screen } from 'electron';

export interface Hud {
  show(text: string, symbol?: string): Promise<void>;
  dispose(): void;
}

/** How long a HUD stays, fade included. */
export const hudDurationMs = 1800;

// Tools may name SF Symbols (what the macOS app shows); the window draws these as characters.
const symbolGlyphs: Record<string, string> = {
  checkmark: '✓', 'checkmark.circle': '✓', 'checkmark.circle.fill': '✓',
  xmark: '✕', 'xmark.circle': '✕', 'xmark.circle.fill': '✕',
  'exclamationmark.triangle': '⚠', 'exclamationmark.triangle.fill': '⚠', exclamationmark: '!',
  'info.circle': 'ⓘ', 'doc.on.clipboard': '📋', 'doc.on.doc': '📋', clipboard: '📋',
  trash: '🗑', bell: '🔔', star: '★', 'star.fill': '★', heart: '♥', 'heart.fill': '♥',
  'arrow.clockwise': '↻', 'arrow.right': '→', link: '🔗', globe: '🌐', bolt: '⚡', 'bolt.fill': '⚡',
  magnifyingglass: '🔍', lock: '🔒', 'lock.fill': '🔒', 'lock.open': '🔓', pencil: '✎', hourglass: '⌛',
};

/** The character to draw for a symbol: a known SF Symbol name, or the symbol itself when short (an emoji). */
export function symbolGlyph(symbol: string | undefined): string | undefined {
  if (!symbol) return undefined;
  const known = symbolGlyphs[symbol];
  if (known) return known;
  return [...symbol].length <= 4 && !/[a-z]{2}/i.test(symbol) ? symbol : undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HUD's page: no script, inline style only (its own CSP says so). */
export function hudPage(text: string, symbol?: string): string {
  const glyph = symbolGlyph(symbol);
  const shown = [...text].length > 140 ? `${[...text].slice(0, 139).join('')}…` : text;
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>
html,body{margin:0;height:100%;background:transparent;overflow:hidden;cursor:default;user-select:none}
.hud{box-sizing:border-box;height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;
gap:10px;padding:18px;border-radius:18px;background:rgba(28,28,30,.86);color:#fff;text-align:center;
font:600 15px/1.3 -apple-system,BlinkMacSystemFont,system-ui,sans-serif;animation:fade ${hudDurationMs}ms ease forwards}
.symbol{font-size:44px;line-height:1}
.text{overflow-wrap:anywhere}
@keyframes fade{0%{opacity:0}8%{opacity:1}72%{opacity:1}100%{opacity:0}}
</style></head><body><div class="hud">${glyph ? `<div class="symbol">${escapeHtml(glyph)}</div>` : ''}<div class="text">${escapeHtml(shown)}</div></div></body></html>`;
}

export const hudWindowOptions = (): Electron.BrowserWindowConstructorOptions => ({
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

export function createHud(): Hud {
  let window: BrowserWindow | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const hudWindow = () => {
    if (window && !window.isDestroyed()) return window;
    window = new BrowserWindow(hudWindowOptions());
    window.setAlwaysOnTop(true, 'screen-saver');
    window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
    window.setIgnoreMouseEvents(true);
    return window;
  };

  return {
    async show(text, symbol) {
      const hud = hudWindow();
      const width = Math.min(420, Math.max(200, 48 + [...text].length * 8));
      const height = symbolGlyph(symbol) ? 160 : 90;
      const area = screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea;
      hud.setBounds({
        x: Math.round(area.x + (area.width - width) / 2),
        y: Math.round(area.y + area.height * 0.72 - height / 2),
        width,
        height,
      });
      // Loading the page again restarts the fade for a HUD shown while another is still up.
      await hud.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(hudPage(text, symbol))}`);
      hud.showInactive();
      if (hideTimer) clearTimeout(hideTimer);
      hideTimer = setTimeout(() => {
        if (window && !window.isDestroyed()) window.hide();
      }, hudDurationMs);
    },
    dispose() {
      if (hideTimer) clearTimeout(hideTimer);
      if (window && !window.isDestroyed()) window.destroy();
      window = undefined;
    },
  };
}
