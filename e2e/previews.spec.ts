// A plugin's previews in the window, through the test bed's real host and the Netpbm sample plugin:
// a picture converted to PNG and shown at its own size, and a file of several pictures read as pages,
// its text selected, copied and searched. Until the Files tab holds them, the two previews are shown
// by the window's preview trial page (`?previewPlugin=<id>&previewFile=<path>`, src-renderer/bench/).
import { expect, test, type Page } from '@playwright/test';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, inflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../src-shared/png-chunks';
import { samplesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { screenshot } from './window';

const pluginId = 'dev.vitruvian.samples.skwir-netpbm';
let folder: string;
let testbed: RunningTestbed | undefined;

/** A plain PPM (P3): a gradient, red across and green down. */
function plainPpm(width: number, height: number): string {
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    const row: string[] = [];
    for (let x = 0; x < width; x++) row.push(`${Math.round((x * 255) / (width - 1))} ${Math.round((y * 255) / (height - 1))} 96`);
    rows.push(row.join('  '));
  }
  return `P3\n# a gradient written by the e2e test\n${width} ${height}\n255\n${rows.join('\n')}\n`;
}

/** A raw PPM (P6) of one colour with a white frame. */
function rawPpm(width: number, height: number, colour: [number, number, number]): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
      pixels.set(edge ? [255, 255, 255] : colour, (y * width + x) * 3);
    }
  }
  return Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), pixels]);
}

/** A raw PPM (P6) of four quadrants, each of one colour: top left, top right, bottom left, bottom right. */
const QUADRANTS: [number, number, number][] = [
  [200, 40, 40],
  [40, 160, 60],
  [40, 90, 200],
  [250, 220, 30],
];
function quadrantsPpm(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(QUADRANTS[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!, (y * width + x) * 3);
  }
  return Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), pixels]);
}

/** The colour of a screenshot of one pixel: its image data inflated (any filter leaves a first row's first pixel as it is). */
function screenPixel(png: Buffer): [number, number, number] {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; at += png.readUInt32BE(at) + 12)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
  const row = inflateSync(Buffer.concat(idat), { finishFlush: constants.Z_SYNC_FLUSH });
  return [row[1]!, row[2]!, row[3]!];
}

const damagedId = 'dev.vitruvian.e2e.damaged';

/** A PNG whose header says `width` x `height` and whose image data is not deflate's: no browser can draw it. */
function damagedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  // A zlib header, then a deflate block of type 3, which deflate does not have.
  const data = Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.alloc(height * width, 0xff)]);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', new Uint8Array())]);
}

/** A plugin that converts any .bad file to a damaged PNG: `big.bad` larger than the window, `small.bad` a few pixels. */
async function writeDamagedPlugin(into: string) {
  await mkdir(into);
  await copyFile(join(samplesFolder, 'skwir-hex', 'skwir-link.mjs'), join(into, 'skwir-link.mjs'));
  await writeFile(
    join(into, 'skwir-plugin.toml'),
    `id = "${damagedId}"\nname = "Damaged"\nversion = "1.0.0"\ncapabilities = ["read"]\n[program]\nexec = "plugin.mjs"\n[[previews]]\nextensions = ["bad"]\nconverts = true\n`,
  );
  const pictures = { big: damagedPng(2400, 1500).toString('base64'), small: damagedPng(6, 4).toString('base64') };
  await writeFile(
    join(into, 'plugin.mjs'),
    [
      '#!/usr/bin/env node',
      "import { serve } from './skwir-link.mjs';",
      `const pictures = ${JSON.stringify(pictures)};`,
      "serve({ convert: ({ file }) => { const size = file.name.replace('.bad', ''); return { name: `${size}.png`, data: pictures[size] }; } });",
      '',
    ].join('\n'),
  );
  await chmod(join(into, 'plugin.mjs'), 0o755);
}

const trialUrl = (path: string, plugin = pluginId) => `${testbed!.url}&previewPlugin=${encodeURIComponent(plugin)}&previewFile=${encodeURIComponent(path)}`;

test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-previews-'));
  await writeFile(join(folder, 'gradient.ppm'), plainPpm(40, 30));
  await writeFile(join(folder, 'wide.ppm'), quadrantsPpm(1600, 1000));
  // Three pictures one after another, as Netpbm allows: three pages.
  await writeFile(join(folder, 'three.ppm'), Buffer.concat([rawPpm(64, 48, [200, 40, 40]), Buffer.from(plainPpm(48, 64)), rawPpm(64, 48, [40, 90, 200])]));
  await writeDamagedPlugin(join(folder, 'damaged'));
  await writeFile(join(folder, 'big.bad'), 'big');
  await writeFile(join(folder, 'small.bad'), 'small');
  testbed = await startTestbedCli([join(samplesFolder, 'skwir-netpbm'), join(folder, 'damaged')]);
});

test.afterEach(async () => {
  await testbed?.stop();
  testbed = undefined;
  await rm(folder, { recursive: true, force: true });
});

test('a Netpbm picture converted to PNG is shown as Quick Look shows it: fitted, never enlarged unless zoomed, then pixelated', async ({ page }, testInfo) => {
  await page.goto(trialUrl(join(folder, 'gradient.ppm')));
  const converted = page.getByRole('region', { name: 'Converted file gradient.png' });
  const picture = converted.getByRole('img', { name: 'gradient.png' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([40, 30]);
  // Drawn from the test bed's own route by an unguessable token: the bytes never came as text.
  const origin = new URL(testbed!.url).origin;
  expect(await picture.evaluate((img: HTMLImageElement) => img.src)).toMatch(new RegExp(`^${origin}/converted/[A-Za-z0-9_-]{32}$`));
  // Fitted, but never past its own size: 40 pixels wide, its size said.
  await expect(converted.getByText('40 × 30 pixels')).toBeVisible();
  await expect(converted.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await picture.boundingBox())?.width).toBe(40);
  await expect(converted.getByRole('link', { name: 'Save gradient.png' })).toHaveAttribute('download', 'gradient.png');
  const [download] = await Promise.all([page.waitForEvent('download'), converted.getByRole('link', { name: 'Save gradient.png' }).click()]);
  expect(download.suggestedFilename()).toBe('gradient.png');
  expect((await readFile(await download.path())).subarray(1, 4).toString()).toBe('PNG');
  await screenshot(page, testInfo, '40-converted-picture');

  // Zoomed in, it is enlarged as squares of colour, not smoothed.
  await converted.getByRole('button', { name: 'Zoom in' }).click();
  await converted.getByRole('button', { name: 'Zoom in' }).click();
  await converted.getByRole('button', { name: 'Zoom in' }).click();
  await expect(converted.getByText('200%')).toBeVisible();
  await expect.poll(async () => (await picture.boundingBox())?.width).toBe(80);
  expect(await picture.evaluate((img) => getComputedStyle(img).imageRendering)).toBe('pixelated');
  await picture.click();
  await expect.poll(async () => (await picture.boundingBox())?.width).toBe(40);
  await picture.click();
  await expect(converted.getByRole('button', { name: 'Show at actual size' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await picture.boundingBox())?.width).toBe(40);
  expect(await picture.evaluate((img) => getComputedStyle(img).imageRendering)).not.toBe('pixelated');
  await screenshot(page, testInfo, '41-converted-picture-actual-size');

  // A picture larger than the window is fitted smaller, whole in view: read at the size shown, in
  // device pixels, each quadrant its own colour where it is (use-fitted-picture.ts).
  await page.goto(trialUrl(join(folder, 'wide.ppm')));
  const wideView = page.getByRole('region', { name: 'Converted file wide.png' });
  const wide = wideView.getByRole('img', { name: 'wide.png' });
  await expect(page.getByText('1,600 × 1,000 pixels')).toBeVisible();
  await expect(wide).toHaveAttribute('data-drawn', '');
  const box = (await wide.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeLessThan(1600);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(Math.abs(box.width / box.height - 1.6)).toBeLessThan(0.02);
  const drawn = await wide.evaluate((canvas: HTMLCanvasElement) => {
    const at = (x: number, y: number) => [...canvas.getContext('2d')!.getImageData(Math.floor(x * canvas.width), Math.floor(y * canvas.height), 1, 1).data];
    return {
      tag: canvas.tagName,
      width: canvas.width,
      shown: canvas.clientWidth * devicePixelRatio,
      quadrants: [at(0.25, 0.25), at(0.75, 0.25), at(0.25, 0.75), at(0.75, 0.75)],
    };
  });
  expect(drawn.tag).toBe('CANVAS');
  expect(Math.abs(drawn.width - drawn.shown)).toBeLessThanOrEqual(1); // one pixel drawn for each shown: sharp
  expect(drawn.quadrants).toEqual(QUADRANTS.map((colour) => [...colour, 255]));
  // And on the screen: the window's pixels at the quadrants' middles.
  const onScreen = [];
  for (const [x, y] of [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ] as const) {
    onScreen.push(
      screenPixel(await page.screenshot({ clip: { x: Math.round(box.x + box.width * x), y: Math.round(box.y + box.height * y), width: 1, height: 1 } })),
    );
  }
  expect(onScreen).toEqual(QUADRANTS);
  await screenshot(page, testInfo, '46-converted-picture-fitted');
  // A larger window: the picture is shown larger, and read again, as sharp at its new size.
  await page.setViewportSize({ width: viewport.width + 200, height: viewport.height + 200 });
  await expect
    .poll(() =>
      wide.evaluate(
        (canvas: HTMLCanvasElement, before) => [canvas.width > before, Math.abs(canvas.width - canvas.clientWidth * devicePixelRatio) <= 1],
        drawn.width,
      ),
    )
    .toEqual([true, true]);
  await page.setViewportSize(viewport);
  // At its own size the file itself is drawn, 1,600 pixels wide.
  await wideView.getByRole('button', { name: 'Show at actual size' }).click();
  await expect.poll(() => wide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await wideView.getByRole('button', { name: 'Fit' }).click();
  await expect(wide).toHaveJSProperty('tagName', 'CANVAS');

  // The cache dropped it (here, every entry removed): its URL answers 404, and once the picture
  // fails to load the view says the file is no longer kept, where the picture was.
  const src = await wideView.getByRole('link', { name: 'Save wide.png' }).evaluate((link: HTMLAnchorElement) => link.href);
  await rm(join(testbed!.dataFolder, 'cache'), { recursive: true, force: true });
  expect((await page.request.get(src)).status()).toBe(404);
  // At its own size, the file: Chromium draws it from its memory cache, so its failure is told.
  await wideView.getByRole('button', { name: 'Show at actual size' }).click();
  await expect(wide).toHaveJSProperty('tagName', 'IMG');
  await wide.evaluate((img) => img.dispatchEvent(new Event('error')));
  const gone = page.getByRole('region', { name: 'Converted file wide.png' });
  await expect(gone.getByRole('alert')).toHaveText('This converted file is no longer kept. Choose the file again to convert it anew.');
  await expect(gone.getByRole('img')).toHaveCount(0);
  await screenshot(page, testInfo, '45-converted-file-gone');
});

test('a damaged PNG says it could not be shown, whether the page read it or the browser tried to draw it', async ({ page }, testInfo) => {
  for (const name of ['big.png', 'small.png']) {
    await page.goto(trialUrl(join(folder, name.replace('.png', '.bad')), damagedId));
    const view = page.getByRole('region', { name: `Converted file ${name}` });
    await expect(view.getByRole('alert')).toHaveText(
      'This picture could not be shown: its file is damaged, or not a picture this window can read. Save it to open it in another app.',
    );
    await expect(view.getByRole('img')).toHaveCount(0);
    await expect(view.getByRole('link', { name: `Save ${name}` })).toBeVisible();
    await screenshot(page, testInfo, `47-damaged-picture-${name.replace('.png', '')}`);
  }
  // In French, once the person chose it (the host keeps the language).
  await page.goto(testbed!.url);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Outils' })).toBeVisible();
  await page.goto(trialUrl(join(folder, 'big.bad'), damagedId));
  await expect(page.getByRole('region', { name: 'Fichier converti big.png' }).getByRole('alert')).toHaveText(
    'Cette image n’a pas pu être affichée\u202f: son fichier est abîmé, ou ce n’est pas une image que cette fenêtre sait lire. Enregistrez-la pour l’ouvrir dans une autre app.',
  );
  await screenshot(page, testInfo, '47-damaged-picture-french');
});

async function selectRun(page: Page, pageNumber: number): Promise<string> {
  const run = page.locator(`.reader-page[data-page="${pageNumber}"] .reader-run`).first();
  const box = (await run.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

test('a file of several pictures is read as pages: text selected, copied and searched', async ({ page }, testInfo) => {
  await page.goto(trialUrl(join(folder, 'three.ppm')));
  const pages = page.getByRole('region', { name: 'Pages' });
  await expect(page.getByText('Page 1 of 3', { exact: true })).toBeVisible();
  const first = pages.getByRole('group', { name: 'Page 1' });
  await expect(first).toHaveAttribute('data-drawn', 'true');
  // Fitted, a page is never enlarged past its own size: 64 pixels wide, as Quick Look shows it.
  await expect.poll(async () => (await first.boundingBox())?.width).toBe(64);
  await expect(page.getByRole('group', { name: 'Zoom' }).getByText('100%')).toBeVisible();
  // Zoomed to 800%: the page eight times its size, its picture drawn that large and shown pixelated.
  for (let click = 0; click < 7; click++) await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('group', { name: 'Zoom' }).getByText('800%')).toBeVisible();
  await expect.poll(async () => (await first.boundingBox())?.width).toBe(512);
  await expect(first).toHaveAttribute('data-enlarged', 'true');
  await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(512);
  expect(await first.locator('img').evaluate((img) => getComputedStyle(img).imageRendering)).toBe('pixelated');
  await expect(page.getByRole('navigation', { name: 'Outline' }).getByRole('button')).toHaveText(['Picture 1', 'Picture 2', 'Picture 3']);
  await screenshot(page, testInfo, '42-pages-reader');

  // The text layer: selected with the mouse like a PDF's, and copied as the protocol joins it.
  const selected = await selectRun(page, 1);
  expect(selected).toContain('Picture 1 of 3 · 64 × 48 · P6');
  await page.evaluate(() => {
    document.addEventListener(
      'copy',
      (event) => {
        (window as Window & { copied?: string }).copied = event.clipboardData?.getData('text/plain');
      },
      { once: true },
    );
  });
  await page.keyboard.press('Control+C');
  expect(await page.evaluate(() => (window as Window & { copied?: string }).copied)).toBe(selected.trim());
  await screenshot(page, testInfo, '43-pages-selected');

  // Search across pages, whatever the case: the match on page 2 listed, moved to and marked.
  await page.getByRole('searchbox', { name: 'Find in the pages' }).fill('48 × 64');
  await page.getByRole('searchbox', { name: 'Find in the pages' }).press('Enter');
  const matches = page.getByRole('region', { name: 'Matches' });
  await expect(matches.getByRole('button')).toHaveCount(1);
  await expect(matches.getByRole('button')).toContainText('Page 2');
  await expect(page.getByText('1 of 1 match')).toBeVisible();
  await expect(pages).toHaveAttribute('data-current-page', '2');
  await expect(pages.locator('.reader-page[data-page="2"] .reader-mark[data-current="true"]')).toBeVisible();
  await expect(page.getByText('Page 2 of 3', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find in the pages' }).fill('PICTURE 3');
  await page.getByRole('searchbox', { name: 'Find in the pages' }).press('Enter');
  await expect(pages).toHaveAttribute('data-current-page', '3');
  await expect(pages.getByRole('group', { name: 'Page 3' })).toHaveAttribute('data-drawn', 'true');
  await screenshot(page, testInfo, '44-pages-search');

  // The outline and the page field move too.
  await page.getByRole('navigation', { name: 'Outline' }).getByRole('button', { name: 'Picture 1' }).click();
  await expect(pages).toHaveAttribute('data-current-page', '1');
  await page.getByRole('spinbutton', { name: 'Page number' }).fill('2');
  await page.getByRole('spinbutton', { name: 'Page number' }).press('Enter');
  await expect(page.getByText('Page 2 of 3', { exact: true })).toBeVisible();
});
