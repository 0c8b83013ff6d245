// A measurement of the pages reader, started by the page's address: `?readerBench=500` (with the test
// bed's token as usual). The window shows only a reader over a file of that many pages made up in
// the page (pictures drawn with a canvas, eight of each orientation, drawn before the scrolling is
// timed; each answer 5 ms late as a host's would be), and measures:
//   vitruvian:reader-first-page  from mounting the reader to its first page's picture decoded
//   scrolling                    frame times while the view steps through every page, one a frame
//   bounded memory               the most <img> elements and live Blob URLs at once, pages drawn,
//                                and the JS heap (performance.memory) where the browser has it
// The result goes to `window.vitruvianReaderBench`, `<html data-reader-bench="done">` and the console.
import type { TextRun } from '../../src-shared/skwir/types';
import { fakePageSource } from '../ui/preview/fake-page-source';
import type { PageSize } from '../ui/preview/page-layout';
import type { PageSource } from '../ui/preview/page-source';
import { countInAddress } from './address-count';

export const readerBenchParam = 'readerBench';

export interface ReaderBenchResult {
  pages: number;
  firstPageMs: number;
  scrollFrames: number;
  scrollMeanFrameMs: number;
  scrollWorstFrameMs: number;
  /** Pages whose picture was in the page at some point. */
  pagesDrawn: number;
  mostImages: number;
  mostBlobUrls: number;
  imagesAtEnd: number;
  blobUrlsAtEnd: number;
  /** Used JS heap in MB at the start, its most while scrolling, and at the end; absent where not measured. */
  heapMB?: { start: number; most: number; end: number };
}

declare global {
  interface Window {
    vitruvianReaderBench?: ReaderBenchResult;
  }
}

/** The page count asked for in the address, if any (1 to 10,000). */
export const readerBenchPages = (search: string): number | undefined => countInAddress(search, readerBenchParam, 10_000);

/** Letter pages, every 25th turned on its side: pages of two sizes, as a real file may have. */
export const benchPageSize = (page: number): PageSize => (page % 25 === 0 ? { width: 792, height: 612 } : { width: 612, height: 792 });

export function benchPageText(page: number, pages: number): TextRun[] {
  return [
    { text: `Sample page ${page} of ${pages}`, x: 0.08, y: 0.06, width: 0.4, height: 0.03 },
    { text: `Sample paragraph on page ${page}, drawn in the page for the reader's bench.`, x: 0.08, y: 0.12, width: 0.84, height: 0.025 },
  ];
}

/**
 * The file's pictures: a page-like drawing in eight variants of each orientation, drawn once each
 * (at the side first asked; the reader scales a picture to its box), so that the bench measures the
 * reader, not PNG encoding. `warmUp` draws those not drawn yet, before the scrolling is timed.
 */
function benchPictures(): { png: (page: number, side: number) => Promise<string>; warmUp: (side: number) => Promise<void> } {
  const made = new Map<string, Promise<string>>();
  const pictureOf = (variant: number, size: PageSize, side: number) => {
    const key = `${variant}:${size.width > size.height}`;
    let png = made.get(key);
    if (!png) made.set(key, (png = drawPage(variant, side, size)));
    return png;
  };
  return {
    png: (page, side) => pictureOf(page % 8, benchPageSize(page), side),
    warmUp: async (side) => {
      const sizes = [benchPageSize(1), benchPageSize(25)];
      await Promise.all(sizes.flatMap((size) => Array.from({ length: 8 }, (_, variant) => pictureOf(variant, size, side))));
    },
  };
}

async function drawPage(variant: number, side: number, size: PageSize): Promise<string> {
  const scale = side / Math.max(size.width, size.height);
  const canvas = new OffscreenCanvas(Math.round(size.width * scale), Math.round(size.height * scale));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = `hsl(${variant * 45}, 60%, 45%)`;
  context.fillRect(canvas.width * 0.08, canvas.height * 0.06, canvas.width * 0.4, canvas.height * 0.03);
  context.fillStyle = '#999';
  for (let y = 0.12; y < 0.92; y += 0.04)
    context.fillRect(canvas.width * 0.08, canvas.height * y, canvas.width * (0.6 + ((y * 97) % 0.24)), canvas.height * 0.018);
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function benchPageSource(pages: number): { source: PageSource; warmUp: (side: number) => Promise<void> } {
  const pictures = benchPictures();
  const source = fakePageSource({
    pages,
    size: benchPageSize,
    text: (page) => benchPageText(page, pages),
    outline: Array.from({ length: Math.ceil(pages / 50) }, (_, i) => ({ title: `Part ${i + 1}`, depth: 0, page: i * 50 + 1 })),
    png: pictures.png,
    delayMs: 5,
  });
  return { source, warmUp: pictures.warmUp };
}

/** Counts the Blob URLs made and not yet revoked, by watching the two calls; returns the count and how to stop. */
export function watchBlobUrls(): { live: () => number; stop: () => void } {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the originals, called with URL as `this` and put back by stop()
  const { createObjectURL, revokeObjectURL } = URL;
  const live = new Set<string>();
  URL.createObjectURL = (object) => {
    const url = createObjectURL.call(URL, object);
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url) => {
    live.delete(url);
    revokeObjectURL.call(URL, url);
  };
  return { live: () => live.size, stop: () => Object.assign(URL, { createObjectURL, revokeObjectURL }) };
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const heapMB = () => {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? Math.round((memory.usedJSHeapSize / 1024 / 1024) * 10) / 10 : undefined;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function framesUntil(done: () => boolean, limit = 1200): Promise<void> {
  for (let i = 0; i < limit && !done(); i++) await frame();
}

const firstPicture = () => document.querySelector<HTMLImageElement>('.reader-page[data-page="1"] img');

/** Measures the reader on the page (mounted at the mark `vitruvian:reader-first-page:start`). */
export async function measureReader(pages: number, blobUrls: { live: () => number }, warmUp: (side: number) => Promise<void>): Promise<ReaderBenchResult> {
  const heapStart = heapMB();
  await framesUntil(() => {
    const img = firstPicture();
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  await firstPicture()
    ?.decode()
    .catch(() => undefined);
  performance.mark('vitruvian:reader-first-page:end');
  const firstPageMs = performance.measure('vitruvian:reader-first-page', 'vitruvian:reader-first-page:start', 'vitruvian:reader-first-page:end').duration;
  await warmUp(firstPicture()?.naturalHeight ?? 1024);

  const scroller = document.querySelector<HTMLElement>('.reader-scroller')!;
  const drawn = new Set<number>();
  let mostImages = 0;
  let mostBlobUrls = 0;
  let heapMost = heapStart ?? 0;
  const sample = () => {
    const images = document.querySelectorAll('img').length;
    mostImages = Math.max(mostImages, images);
    mostBlobUrls = Math.max(mostBlobUrls, blobUrls.live());
    heapMost = Math.max(heapMost, heapMB() ?? 0);
    document.querySelectorAll<HTMLElement>('.reader-page[data-drawn="true"]').forEach((box) => drawn.add(Number(box.dataset.page)));
  };
  const frameTimes: number[] = [];
  let last = await frame();
  for (let i = 1; i <= pages; i++) {
    scroller.scrollTop = ((scroller.scrollHeight - scroller.clientHeight) * i) / pages;
    const now = await frame();
    frameTimes.push(now - last);
    last = now;
    sample();
  }
  // At the end, the last pages come in: then the counts once the reader is idle.
  await framesUntil(() => document.querySelector('.reader-page[data-page="' + pages + '"][data-drawn="true"]') !== null, 600);
  for (let i = 0; i < 30; i++) {
    await frame();
    sample();
  }
  const heapEnd = heapMB();
  return {
    pages,
    firstPageMs: round(firstPageMs),
    scrollFrames: frameTimes.length,
    scrollMeanFrameMs: round(frameTimes.reduce((sum, t) => sum + t, 0) / Math.max(1, frameTimes.length)),
    scrollWorstFrameMs: round(Math.max(0, ...frameTimes)),
    pagesDrawn: drawn.size,
    mostImages,
    mostBlobUrls,
    imagesAtEnd: document.querySelectorAll('img').length,
    blobUrlsAtEnd: blobUrls.live(),
    ...(heapStart !== undefined && heapEnd !== undefined ? { heapMB: { start: heapStart, most: heapMost, end: heapEnd } } : {}),
  };
}

/** Puts the result where the e2e test and a person read it. */
export function publishReaderBench(result: ReaderBenchResult): void {
  window.vitruvianReaderBench = result;
  document.documentElement.dataset.readerBench = 'done';
  console.info(
    `[vitruvian] reader: ${result.pages} pages; first page in ${result.firstPageMs} ms; scrolling ${result.scrollFrames} frames, ` +
      `mean ${result.scrollMeanFrameMs} ms, worst ${result.scrollWorstFrameMs} ms; ${result.pagesDrawn} pages drawn; ` +
      `at most ${result.mostImages} pictures and ${result.mostBlobUrls} Blob URLs at once` +
      (result.heapMB ? `; JS heap ${result.heapMB.start} MB at the start, ${result.heapMB.most} MB at most, ${result.heapMB.end} MB at the end` : ''),
  );
}
