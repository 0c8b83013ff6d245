// The rest of the window, as a person meets it: the services panel folded on a page where nothing
// calls a service and open where something does, until the person chooses, whose choice outlives a
// reload; a pressed toggle stays readable under the pointer.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGivenFiles } from './plugin-fixtures';
import { samplesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { openTab, openWindow, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let testbed: RunningTestbed;
let page: Page;
let work: string;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-e2e-rest-'));
  await writeGivenFiles(work);
  testbed = await startTestbedCli([join(samplesFolder, 'clipboard-kit'), join(samplesFolder, 'skwir-hex')]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await openWindow(page, testbed.url);
});

test.afterAll(async () => {
  await page?.close();
  const code = await testbed?.stop();
  await rm(work, { recursive: true, force: true });
  expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed?.stderr.join('\n')}`).toBe(0);
});

const panelToggle = () => page.getByRole('button', { name: /^(Show|Hide) simulated services$/ });

test('the services panel is folded where nothing calls a service, and keeps the person’s choice over a reload', async () => {
  await selectTool(page, 'Hex');
  await expect(panelToggle()).toHaveAttribute('aria-expanded', 'false');
  await selectTool(page, 'Clipboard kit');
  await expect(panelToggle()).toHaveAttribute('aria-expanded', 'true');

  await selectTool(page, 'Hex');
  await panelToggle().click();
  await expect(panelToggle()).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await selectTool(page, 'Hex');
  await expect(panelToggle()).toHaveAttribute('aria-expanded', 'true');
  await panelToggle().click();
  await page.reload();
  await selectTool(page, 'Clipboard kit');
  await expect(panelToggle()).toHaveAttribute('aria-expanded', 'false');
});

/** WCAG's contrast ratio of two colours given as rgb() or rgba() over white. */
function contrast(a: string, b: string): number {
  const channels = (color: string) => {
    const [r, g, bl, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
    return [r!, g!, bl!].map((c) => c * alpha + 255 * (1 - alpha));
  };
  const luminance = (color: string) => {
    const [r, g, bl] = channels(color).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test('a pressed toggle keeps readable text under the pointer', async () => {
  await selectTool(page, 'Hex');
  await openTab(page, 'Files');
  await page.getByLabel('File path', { exact: true }).fill(join(work, 'data.bin'));
  await page.getByLabel('File path', { exact: true }).press('Enter');
  await page.getByRole('option', { name: 'data.bin', exact: true }).click();
  const source = page.getByRole('button', { name: 'Source' });
  await source.click();
  await expect(source).toHaveAttribute('aria-pressed', 'true');
  await source.hover();
  const colors = await source.evaluate((button) => {
    const style = getComputedStyle(button);
    return { text: style.color, background: style.backgroundColor };
  });
  expect(contrast(colors.text, colors.background), JSON.stringify(colors)).toBeGreaterThanOrEqual(4.5);
});
