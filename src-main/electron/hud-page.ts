// The HUD's page: a symbol and a text (a notice adds a title), escaped, with no script and only
// inline style, which its own Content-Security-Policy allows and nothing else.

// Tools may name SF Symbols (what the macOS app shows); the window draws these as characters.
const symbolGlyphs: Record<string, string> = {
  checkmark: '✓',
  'checkmark.circle': '✓',
  'checkmark.circle.fill': '✓',
  xmark: '✕',
  'xmark.circle': '✕',
  'xmark.circle.fill': '✕',
  'exclamationmark.triangle': '⚠',
  'exclamationmark.triangle.fill': '⚠',
  exclamationmark: '!',
  'info.circle': 'ⓘ',
  'doc.on.clipboard': '📋',
  'doc.on.doc': '📋',
  clipboard: '📋',
  trash: '🗑',
  bell: '🔔',
  star: '★',
  'star.fill': '★',
  heart: '♥',
  'heart.fill': '♥',
  'arrow.clockwise': '↻',
  'arrow.right': '→',
  link: '🔗',
  globe: '🌐',
  bolt: '⚡',
  'bolt.fill': '⚡',
  magnifyingglass: '🔍',
  lock: '🔒',
  'lock.fill': '🔒',
  'lock.open': '🔓',
  pencil: '✎',
  hourglass: '⌛',
};

/** The character to draw for a symbol: a known SF Symbol name, or the symbol itself when short (an emoji). */
export function symbolGlyph(symbol: string | undefined): string | undefined {
  if (!symbol) return undefined;
  const known = symbolGlyphs[symbol];
  if (known) return known;
  return [...symbol].length <= 4 && !/[a-z]{2}/i.test(symbol) ? symbol : undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const cut = (text: string, most: number) => ([...text].length > most ? `${[...text].slice(0, most - 1).join('')}…` : text);

export interface HudPageOptions {
  /** A notice's title, above its text. */
  title?: string;
  /** How long the page stays before it has faded out. */
  durationMs?: number;
}

/** The HUD's page: no script, inline style only (its own CSP says so). */
export function hudPage(text: string, symbol?: string, options: HudPageOptions = {}): string {
  const glyph = symbolGlyph(symbol);
  const { title, durationMs = 1800 } = options;
  const shown = cut(text, title === undefined ? 140 : 320);
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>
html,body{margin:0;height:100%;background:transparent;overflow:hidden;cursor:default;user-select:none}
.hud{box-sizing:border-box;height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;
gap:10px;padding:18px;border-radius:18px;background:rgba(28,28,30,.86);color:#fff;text-align:center;
font:600 15px/1.3 -apple-system,BlinkMacSystemFont,system-ui,sans-serif;animation:fade ${durationMs}ms ease forwards}
.symbol{font-size:44px;line-height:1}
.title{font-size:16px}
.text{overflow-wrap:anywhere}
.title+.text{font-weight:400;font-size:13px}
@keyframes fade{0%{opacity:0}8%{opacity:1}72%{opacity:1}100%{opacity:0}}
</style></head><body><div class="hud">${glyph ? `<div class="symbol">${escapeHtml(glyph)}</div>` : ''}${
    title === undefined ? '' : `<div class="title">${escapeHtml(cut(title, 80))}</div>`
  }<div class="text">${escapeHtml(shown)}</div></div></body></html>`;
}
