// The ways a bare page can show a big PNG fitted to 504 x 504 pixels (the window's room at 1280 x
// 720), each measured in a browser of its own: the peak resident memory of the page's renderer
// process above where it was on a blank page of the same server (VmHWM, reset through
// /proc/<pid>/clear_refs), as a multiple of the PNG, and the time until the picture is drawn. What
// bench/converted-picture.ts's target was judged against (bench/README.md, "Results seen here
// (`converted-picture.ts`)"). Linux only:
//   npx tsx bench/memory/picture-ways.ts [rounds] [way ...]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { pngChunk as chunk } from '../../src-shared/png-chunks';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

const side = 3_200;
const room = 504;

/** An RGB PNG of `side` x `side`, one IDAT, as the Netpbm sample writes: random pixels, or a drawing of flat boxes. */
function png(kind: 'random' | 'drawing'): Buffer {
  const stride = 1 + side * 3;
  const rows = kind === 'random' ? randomBytes(side * stride) : Buffer.alloc(side * stride);
  for (let y = 0; y < side; y++) {
    rows[y * stride] = 0;
    if (kind === 'drawing') for (let x = 0; x < side; x++) rows.set([(x >> 7) * 10, (y >> 7) * 10, 128], y * stride + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The window's reader (src-renderer/ui/preview/), and the same with the browser's DecompressionStream for inflate.ts. */
const readers = `
import { fetchFittedPng } from '../../src-renderer/ui/preview/fitted-png';
import { FittedRaster } from '../../src-renderer/ui/preview/fitted-raster';
import { PngChunks } from '../../src-renderer/ui/preview/png-stream';
window.fitted = (url, size) => fetchFittedPng(url, () => size, new AbortController().signal).then((read) => read.pixels);
window.fittedByStream = async (url, size) => {
  const facts = {};
  let raster;
  const body = (await fetch(url)).body.pipeThrough(new TransformStream({
    start(controller) { this.chunks = new PngChunks(facts, (bytes) => controller.enqueue(bytes)); },
    transform(piece) { this.chunks.push(piece); },
  })).pipeThrough(new DecompressionStream('deflate'));
  for await (const bytes of body) (raster ??= new FittedRaster(facts, size)).push(bytes);
  return new ImageData(raster.finish(), size.width, size.height);
};`;

const done = `requestAnimationFrame(() => requestAnimationFrame(() => (document.title = 'done')))`;
const failed = `(error) => (document.title = 'failed: ' + error)`;
const canvas = `<canvas width=${room} height=${room}></canvas>`;
const draw = (source: string) => `document.querySelector('canvas').getContext('2d').drawImage(${source}, 0, 0, ${room}, ${room})`;
const fittedImg = (extra: string) =>
  `<img alt="picture" ${extra} style="max-width: 100%; max-height: 70vh" src="/picture.png" onload="this.decode().then(() => ${done.replaceAll('"', "'")})">`;

/** Each way's page body. */
const ways: Record<string, string> = {
  'blank page': `${canvas}<script>${done}</script>`,
  '<img>': fittedImg(''),
  '<img decoding=async>': fittedImg('decoding="async"'),
  'createImageBitmap(blob, resize)': `${canvas}<script>fetch('/picture.png').then((r) => r.blob()).then((blob) => createImageBitmap(blob, { resizeWidth: ${room}, resizeHeight: ${room}, resizeQuality: 'high' })).then((bitmap) => { ${draw('bitmap')}; bitmap.close(); ${done}; }, ${failed})</script>`,
  'ImageDecoder, desired size': `${canvas}<script>fetch('/picture.png').then((r) => new ImageDecoder({ data: r.body, type: 'image/png', desiredWidth: ${room}, desiredHeight: ${room} }).decode()).then(({ image }) => { ${draw('image')}; image.close(); ${done}; }, ${failed})</script>`,
  'the window: read as it arrives': `${canvas}<script src="/readers.js"></script><script>fitted('/picture.png', { width: ${room}, height: ${room} }).then((pixels) => { document.querySelector('canvas').getContext('2d').putImageData(pixels, 0, 0); ${done}; }, ${failed})</script>`,
  'the same, inflated by DecompressionStream': `${canvas}<script src="/readers.js"></script><script>fittedByStream('/picture.png', { width: ${room}, height: ${room} }).then((pixels) => { document.querySelector('canvas').getContext('2d').putImageData(pixels, 0, 0); ${done}; }, ${failed})</script>`,
};

const statusKB = (pid: number, field: string) =>
  Number(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith(`${field}:`))
      ?.split(/\s+/)[1] ?? 0,
  );

/** One way in a browser of its own: the renderer's peak above the blank page, and the milliseconds until drawn. */
async function measure(origin: string, way: string): Promise<{ peakKB: number; ms: number }> {
  const profile = await mkdtemp(join(tmpdir(), 'vitruvian-bench-ways-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.VITRUVIAN_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${origin}/blank`);
    const pids = execFileSync('pgrep', ['-f', '--', profile])
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer'));
    const before = new Map(pids.map((pid) => [pid, statusKB(pid, 'VmRSS')]));
    for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const start = performance.now();
    await page.goto(`${origin}/way/${encodeURIComponent(way)}`);
    await page.waitForFunction(() => document.title === 'done' || document.title.startsWith('failed'), null, { timeout: 300_000 });
    const ms = performance.now() - start;
    const title = await page.title();
    if (title !== 'done') throw new Error(`${way}: ${title}`);
    return { peakKB: Math.max(...pids.map((pid) => statusKB(pid, 'VmHWM') - (before.get(pid) ?? 0))), ms };
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

if (process.platform !== 'linux') {
  console.log('Picture ways: measured on Linux only (/proc); skipped');
} else {
  const rounds = Number(process.argv[2] ?? 3);
  const chosen = process.argv.slice(3).length > 0 ? process.argv.slice(3) : Object.keys(ways);
  const bundled = await build({ stdin: { contents: readers, resolveDir: import.meta.dirname, loader: 'js' }, bundle: true, write: false, format: 'iife' });
  const script = bundled.outputFiles[0]!.text;
  for (const kind of ['random', 'drawing'] as const) {
    const picture = png(kind);
    const server = createServer((request, response) => {
      const way = request.url?.startsWith('/way/') ? ways[decodeURIComponent(request.url.slice(5))] : undefined;
      if (request.url === '/picture.png') response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(picture);
      else if (request.url === '/readers.js') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      else
        response
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end(`<!doctype html><title>${way ? 'showing' : 'blank'}</title><body style="margin: 0">${way ?? ''}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    console.log(
      `A PNG of ${side} x ${side} pixels (${kind}), ${(picture.length / 1e6).toFixed(2)} MB, fitted to ${room} x ${room}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    const seen = new Map<string, { peakKB: number; ms: number }[]>();
    for (let round = 0; round < rounds; round++) for (const way of chosen) seen.set(way, [...(seen.get(way) ?? []), await measure(origin, way)]);
    for (const [way, runs] of seen) {
      const times = runs.map((run) => ((run.peakKB * 1024) / picture.length).toFixed(1)).join(', ');
      const mb = runs.map((run) => ((run.peakKB * 1024) / 1e6).toFixed(0)).join(', ');
      console.log(`  ${way.padEnd(44)} ${mb} MB, ${times} x the PNG; drawn in ${runs.map((run) => (run.ms / 1000).toFixed(1)).join(', ')} s`);
    }
    server.closeAllConnections();
    server.close();
  }
}
