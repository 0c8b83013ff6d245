import { describe, expect, it } from 'vitest';
import { hudPage, symbolGlyph } from './hud-page';

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

  it('cuts very long text; a notice keeps more of it under its escaped title', () => {
    expect(hudPage('x'.repeat(500))).toContain(`${'x'.repeat(139)}…`);
    const notice = hudPage('y'.repeat(500), undefined, { title: '<b>Stopped</b>', durationMs: 6000 });
    expect(notice).toContain(`${'y'.repeat(319)}…`);
    expect(notice).toContain('<div class="title">&lt;b&gt;Stopped&lt;/b&gt;</div>');
    expect(notice).toContain('animation:fade 6000ms');
  });
});
