// Prints how long the log view takes to show 100,000 lines (and to search and scroll them), measured
// in the page by the window's own log bench (`?logBench=<lines>`, src-renderer/bench/log-bench.ts).
// Timing is printed, not asserted; what is asserted is that the view stays virtualized.
import { expect, test } from '@playwright/test';
import { startTestbedCli, type RunningTestbed } from './testbed-process';
import { screenshot } from './window';
import type { LogBenchResult } from '../src-renderer/bench/log-bench';

const lines = 100_000;
// Not traced: traced, headless Chromium here at times stops making frames for a page that steps
// through many of them (e2e/reader-speed.spec.ts says what was seen).
test.use({ trace: 'off' });
let testbed: RunningTestbed | undefined;

test.afterEach(async () => {
  await testbed?.stop();
});

test(`the log view at ${lines.toLocaleString('en')} lines`, async ({ page }, testInfo) => {
  testbed = await startTestbedCli([]);
  await page.goto(`${testbed.url}&logBench=${lines}`);
  await expect(page.locator('html')).toHaveAttribute('data-log-bench', 'done', { timeout: 120_000 });
  const result = await page.evaluate(() => (window as Window & { vitruvianLogBench?: LogBenchResult }).vitruvianLogBench);
  expect(result).toBeDefined();
  if (!result) return;

  const summary =
    `log view: ${result.lines} lines rendered in ${result.renderMs} ms; search in ${result.searchMs} ms; ` +
    `scrolling ${result.scrollFrames} frames, mean ${result.scrollMeanFrameMs} ms, worst ${result.scrollWorstFrameMs} ms; ` +
    `${result.renderedRows} rows in the page`;
  console.log(`[measure] ${summary}`);
  testInfo.annotations.push({ type: 'measure', description: summary });
  await testInfo.attach('log-bench.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });

  expect(result.lines).toBe(lines);
  await expect(page.getByRole('log')).toHaveAttribute('data-line-count', String(lines));
  // Virtualized: a screenful of rows in the page, not a hundred thousand.
  expect(result.renderedRows).toBeGreaterThan(0);
  expect(result.renderedRows).toBeLessThan(200);
  await screenshot(page, testInfo, '12-log-100k');
});
