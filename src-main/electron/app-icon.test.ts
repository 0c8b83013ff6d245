// The committed icons: each there, of its size, drawn by icon-drawing.ts (the small ones are drawn
// again and compared pixel by pixel), and the Linux tray icon readable on dark and light panels.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { icnsEntries, icnsPath, pngIcons } from './app-icon';
import { menubarTemplateDrawing, render, trayIconDrawing, type Drawing } from './icon-drawing';
import { decodePng, pngSize, type Pixels } from './png';

const repository = join(import.meta.dirname, '..', '..');

/** The entries of an .icns file: type and PNG bytes. */
function icnsContents(bytes: Buffer): { type: string; png: Buffer }[] {
  expect(bytes.toString('latin1', 0, 4)).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const entries: { type: string; png: Buffer }[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at + 4);
    entries.push({ type: bytes.toString('latin1', at, at + 4), png: bytes.subarray(at + 8, at + length) });
    at += length;
  }
  return entries;
}

/** The share of the icon's opaque pixels that stand out from a panel of this grey (0..255). */
function standsOut(icon: Pixels, panel: number): number {
  const luminance = (v: number) => v / 255;
  let opaque = 0;
  let seen = 0;
  for (let i = 0; i < icon.rgba.length; i += 4) {
    const alpha = icon.rgba[i + 3]! / 255;
    if (alpha < 0.5) continue;
    opaque++;
    const grey = (icon.rgba[i]! * 0.2126 + icon.rgba[i + 1]! * 0.7152 + icon.rgba[i + 2]! * 0.0722) * alpha + panel * (1 - alpha);
    if (Math.abs(luminance(grey) - luminance(panel)) >= 0.2) seen++;
  }
  return seen / opaque;
}

describe('the app icons', () => {
  it('are each there at the size the platforms ask for, drawn by the generator', async () => {
    for (const icon of pngIcons) {
      const png = await readFile(join(repository, icon.path));
      expect(pngSize(png), icon.path).toEqual({ width: icon.size, height: icon.size });
      if (icon.size <= 128) expect(decodePng(png).rgba, icon.path).toEqual(render(icon.drawing, icon.size).rgba);
    }
    expect(pngIcons.map((icon) => icon.path)).toEqual(
      expect.arrayContaining(['build/icons/512x512.png', 'build/icons/16x16.png', 'src-main/electron/assets/trayIcon.png']),
    );
  });

  it('holds every size macOS uses, up to 1024 pixels, in build/icon.icns', async () => {
    const entries = icnsContents(await readFile(join(repository, icnsPath)));
    expect(entries.map((entry) => entry.type)).toEqual(icnsEntries.map((entry) => entry.type));
    for (const [i, entry] of entries.entries()) {
      const size = icnsEntries[i]!.size;
      expect(pngSize(entry.png), entry.type).toEqual({ width: size, height: size });
    }
    expect(Math.max(...icnsEntries.map((entry) => entry.size))).toBe(1024);
  });

  it('gives Linux a tray icon that reads on dark and light panels, where the macOS template would vanish on dark', () => {
    const draw = (drawing: Drawing) => render(drawing, 48);
    // Most of it stands out from any panel: the disc from all, the white mark from dark ones and from the disc.
    for (const panel of [24, 60, 200, 245]) expect(standsOut(draw(trayIconDrawing), panel), `panel ${panel}`).toBeGreaterThan(0.6);
    expect(standsOut(draw(menubarTemplateDrawing), 24)).toBeLessThan(0.1);
  });
});
