// Prints how the pages reader does on a file of 500 pages made up in the page (first page shown,
// frames while scrolling through every page, pictures and Blob URLs held, JS heap), measured by the
// window's own reader bench (`?readerBench=<pages>`, src-renderer/bench/reader-bench.ts). Timing
// is printed, not asserted; what is asserted is that pages are drawn lazily and their pictures
// released: a bounded number at any time, whatever the file's length.
import { expect, test } from '@playwright/test';
import { startTestbedCli, type RunningTestbed } from './testbed-process';
import { screenshot } from './window';
import type { ReaderBenchResult } from '../src-renderer/bench/reader-bench';

const pages = 500;
let testbed: RunningTestbed | undefined;

test.afterEach(async () => {
  await testbed?.stop();
});

test(`the pages reader at ${pages} pages`, async ({ page }, testInfo) => {
  testbed = await startTestbedCli([]);
  await page.goto(`${testbed.url}&readerBench=${pages}`);
  await expect(page.locator('html')).toHaveAttribute('data-reader-bench', 'done', { timeout: 150_000 });
  const result = await page.evaluate(() => (window as Window & { vitruvianReaderBench?: ReaderBenchResult }).vitruvianReaderBench);
  expect(result).toBeDefined();
  if (!result) return;

  const heap = result.heapMB ? `; JS heap ${result.heapMB.start} MB at the start, ${result.heapMB.most} MB at most, ${result.heapMB.end} MB at the end` : '';
  const summary =
    `pages reader: ${result.pages} pages; first page shown in ${result.firstPageMs} ms; ` +
    `scrolling ${result.scrollFrames} frames, mean ${result.scrollMeanFrameMs} ms, worst ${result.scrollWorstFrameMs} ms; ` +
    `${result.pagesDrawn} pages drawn on the way; at most ${result.mostImages} pictures and ${result.mostBlobUrls} Blob URLs at once, ` +
    `${result.imagesAtEnd} and ${result.blobUrlsAtEnd} at the end${heap}`;
  console.log(`[measure] ${summary}`);
  testInfo.annotations.push({ type: 'measure', description: summary });
  await testInfo.attach('reader-bench.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });

  expect(result.pages).toBe(pages);
  expect(result.scrollFrames).toBe(pages);
  // Lazy: a screenful of pages in the page at any time, not five hundred; released: as many live
  // Blob URLs as pictures, never one per page seen.
  expect(result.pagesDrawn).toBeGreaterThan(0);
  expect(result.mostImages).toBeGreaterThan(0);
  expect(result.mostImages).toBeLessThan(20);
  expect(result.mostBlobUrls).toBeLessThan(20);
  expect(result.imagesAtEnd).toBeLessThanOrEqual(result.mostImages);
  expect(result.blobUrlsAtEnd).toBe(result.imagesAtEnd);
  await expect(page.getByText(`Page ${pages} of ${pages}`, { exact: true })).toBeVisible();
  await screenshot(page, testInfo, '45-reader-500-pages');
});
