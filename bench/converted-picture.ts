// A big answer to the window (docs/design/performance.md): the Netpbm sample converts a PPM of
// random pixels to a PNG of about 30 MB (random pixels do not compress), which reaches the window's
// preview page (`?previewPlugin=...&previewFile=...`) through the real test bed (the CLI, its
// WebSocket) in Debian's Chromium, and is shown. Measured, Linux only: the peak resident memory of
// the test bed's process and of the page's renderer process while the one answer goes through,
// above where each was before it was asked (the kernel's high-water mark, reset through
// /proc/<pid>/clear_refs), as a multiple of the PNG's size. Target: at most 3x the picture each.
// Peer, in the same browser and the same run: a bare page that shows the same PNG from a bare HTTP
// server in an <img> fitted the way the window fits it: what Chromium itself takes to show it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { samplesFolder, startTestbedCli } from '../e2e/testbed-process';

const pluginId = 'dev.vitruvian.samples.skwir-netpbm';
const side = 3_200;

const statusKB = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0);
};
/** The high-water mark set back to the resident size now. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** The browser's renderer processes: the page's is among them. */
function renderers(browserPid: number): number[] {
  const children = (pid: number): number[] =>
    readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  const all: number[] = [];
  for (let queue = [browserPid]; queue.length > 0;) {
    const pid = queue.shift()!;
    const below = children(pid);
    all.push(...below);
    queue = [...queue, ...below];
  }
  return all.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

/** The peak of the largest renderer's resident memory, in kB above where each was, while `show` runs. */
async function rendererPeakKB(browserPid: number, show: () => Promise<void>): Promise<number> {
  const pages = renderers(browserPid);
  const before = new Map(pages.map((pid) => [pid, statusKB(pid, 'VmRSS')]));
  for (const pid of pages) resetPeak(pid);
  await show();
  // A navigation may give the page a new renderer: every one is measured, the largest is the page's.
  return Math.max(...renderers(browserPid).map((pid) => statusKB(pid, 'VmHWM') - (before.get(pid) ?? 0)));
}

/** The peer: the PNG in a bare page from a bare server, fitted as the window fits a picture, in a tab of its own. */
async function bareShowingPeakKB(page: Page, browserPid: number, png: Buffer): Promise<number> {
  const server = createServer((request, response) => {
    if (request.url === '/picture.png') {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'no-store' });
      response.end(png);
      return;
    }
    const body = request.url === '/show' ? '<img alt="bare" style="max-width: 100%; max-height: 70vh" src="/picture.png">' : '<p>bare</p>';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>bare</title>${body}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await page.goto(`${origin}/`);
    return await rendererPeakKB(browserPid, async () => {
      await page.goto(`${origin}/show`);
      await page.waitForFunction((wanted) => document.querySelector<HTMLImageElement>('img[alt="bare"]')?.naturalWidth === wanted, side, { timeout: 300_000 });
    });
  } finally {
    await page.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function benchConvertedPicture() {
  const folder = await mkdtemp(join(tmpdir(), 'vitruvian-bench-converted-'));
  const ppm = join(folder, 'noise.ppm');
  await writeFile(ppm, Buffer.concat([Buffer.from(`P6\n${side} ${side}\n255\n`), randomBytes(side * side * 3)]));
  const testbed = await startTestbedCli([join(samplesFolder, 'skwir-netpbm')]);
  // A profile folder of its own, by which its browser process is found among others' browsers.
  const profile = join(folder, 'profile');
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.VITRUVIAN_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const browserPid = execFileSync('pgrep', ['-f', '--', profile])
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .find((pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type='))!;
    const page = browser.pages()[0] ?? (await browser.newPage());
    // The window first, on its own: what it holds before the answer is its baseline.
    await page.goto(testbed.url);
    await page.getByRole('heading').first().waitFor();
    const hostPid = testbed.pid!;
    const hostBefore = statusKB(hostPid, 'VmRSS');
    resetPeak(hostPid);
    let ms = 0;
    const pagePeakKB = await rendererPeakKB(browserPid, async () => {
      const start = performance.now();
      await page.goto(`${testbed.url}&previewPlugin=${encodeURIComponent(pluginId)}&previewFile=${encodeURIComponent(ppm)}`);
      const picture = page.getByRole('img', { name: 'noise.png' });
      await picture.waitFor({ timeout: 300_000 });
      // Shown: read at the size shown and drawn (a canvas), or an <img> of the file with its size known.
      await page.waitForFunction(
        (wanted) => {
          const shown = document.querySelector<HTMLElement>('.converted-picture [aria-label="noise.png"], .converted-picture img[alt="noise.png"]');
          return shown instanceof HTMLImageElement ? shown.naturalWidth === wanted : shown?.dataset.drawn !== undefined;
        },
        side,
        { timeout: 300_000 },
      );
      ms = performance.now() - start;
    });
    const hostPeak = statusKB(hostPid, 'VmHWM') - hostBefore;
    // The host kept the converted file in its cache: the picture's size as the window got it.
    const kept = readdirSync(testbed.dataFolder, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('convert.bin'));
    if (!kept) throw new Error('the test bed kept no converted file');
    const png = await readFile(join(testbed.dataFolder, kept));
    const pngBytes = statSync(join(testbed.dataFolder, kept)).size;
    const peerPeakKB = await bareShowingPeakKB(await browser.newPage(), browserPid, png);
    return { pngBytes, ms, hostPeakKB: hostPeak, pagePeakKB, peerPeakKB };
  } finally {
    await browser.close();
    await testbed.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.platform !== 'linux') {
    console.log('Converted picture: measured on Linux only (/proc); skipped');
  } else {
    const { pngBytes, ms, hostPeakKB, pagePeakKB, peerPeakKB } = await benchConvertedPicture();
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const times = (kb: number) => (kb * 1024) / pngBytes;
    const judged = (kb: number) =>
      `${mb(kb * 1024)} above where it was, ${times(kb).toFixed(1)}x the picture (target at most 3x: ${times(kb) <= 3 ? 'met' : 'NOT MET'})`;
    console.log(`Converted picture: a ${side} x ${side} PPM of random pixels to a PNG of ${mb(pngBytes)}, shown in the window in ${(ms / 1000).toFixed(1)} s`);
    console.log(`  the test bed's peak resident memory: ${judged(hostPeakKB)}`);
    console.log(`  the page's peak resident memory:     ${judged(pagePeakKB)}`);
    console.log(
      `  peer, a bare page showing the same PNG: ${mb(peerPeakKB * 1024)}, ${times(peerPeakKB).toFixed(1)}x the picture; the page ${(pagePeakKB / peerPeakKB).toFixed(2)}x the peer`,
    );
  }
}
