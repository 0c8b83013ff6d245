// Writes the app's icons from icon-drawing.ts, so they are made here and not fetched: the macOS
// app icon (build/icon.icns, assembled from PNGs), the Linux icon set (build/icons/<n>x<n>.png),
// and what the running app loads (src-main/electron/assets: the menu bar template for macOS, the
// tray icon for Linux, the window icon). The outputs are committed; run `npm run build:icons`
// (tsx src-main/electron/app-icon.ts) after changing a drawing.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appIconDrawing, menubarTemplateDrawing, render, trayIconDrawing, type Drawing } from './icon-drawing';
import { encodePng } from './png';

/** The PNG entries of an .icns file, by type, with their size in pixels. */
export const icnsEntries: readonly { type: string; size: number }[] = [
  { type: 'icp4', size: 16 },
  { type: 'ic11', size: 32 }, // 16@2x
  { type: 'icp5', size: 32 },
  { type: 'ic12', size: 64 }, // 32@2x
  { type: 'ic07', size: 128 },
  { type: 'ic13', size: 256 }, // 128@2x
  { type: 'ic08', size: 256 },
  { type: 'ic14', size: 512 }, // 256@2x
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 }, // 512@2x
];

/** An .icns file: "icns", its length, then each entry as type, length (header included), PNG. */
export function icns(pngs: readonly { type: string; png: Buffer }[]): Buffer {
  const entries = pngs.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + entries.reduce((total, entry) => total + entry.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}

/** Linux icon sizes electron-builder installs from build/icons. */
export const linuxIconSizes = [16, 32, 48, 64, 128, 256, 512] as const;

export interface IconFile {
  /** Relative to the repository. */
  path: string;
  /** What it is drawn from, at which size (an .icns holds many). */
  drawing: Drawing;
  size: number;
}

/** Every PNG the generator writes, one drawing at one size each. */
export const pngIcons: readonly IconFile[] = [
  ...linuxIconSizes.map((size) => ({ path: `build/icons/${size}x${size}.png`, drawing: appIconDrawing, size })),
  { path: 'src-main/electron/assets/menubarTemplate.png', drawing: menubarTemplateDrawing, size: 16 },
  { path: 'src-main/electron/assets/menubarTemplate@2x.png', drawing: menubarTemplateDrawing, size: 32 },
  { path: 'src-main/electron/assets/trayIcon.png', drawing: trayIconDrawing, size: 24 },
  { path: 'src-main/electron/assets/trayIcon@2x.png', drawing: trayIconDrawing, size: 48 },
  { path: 'src-main/electron/assets/appIcon.png', drawing: appIconDrawing, size: 256 },
];

export const icnsPath = 'build/icon.icns';

const repository = fileURLToPath(new URL('../../', import.meta.url));

/** Writes every icon under `root` (default: the repository); answers the paths written. */
export async function writeIcons(root = repository): Promise<string[]> {
  const drawn = new Map<number, Buffer>();
  const appIconPng = (size: number) => {
    let png = drawn.get(size);
    if (!png) drawn.set(size, (png = encodePng(render(appIconDrawing, size))));
    return png;
  };
  const written: string[] = [];
  const write = async (path: string, bytes: Buffer) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
    written.push(path);
  };
  for (const icon of pngIcons) {
    await write(icon.path, icon.drawing === appIconDrawing ? appIconPng(icon.size) : encodePng(render(icon.drawing, icon.size)));
  }
  await write(icnsPath, icns(icnsEntries.map(({ type, size }) => ({ type, png: appIconPng(size) }))));
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const path of await writeIcons()) console.log(`wrote ${path}`);
}
