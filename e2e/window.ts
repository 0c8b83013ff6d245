// What a person does in the test bed's window, in the window's own words (roles and labels).
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './testbed-process';

export const screenshotsFolder = join(repoRoot, 'test-results', 'screenshots');

/**
 * Opens the address the test bed printed and waits for the list of tools. What goes wrong in the
 * page itself (an uncaught error, a crash of its process) is printed with the test's output as it
 * happens: a later step that times out on a blank or frozen page then says why.
 */
export async function openWindow(page: Page, url: string): Promise<void> {
  page.on('pageerror', (error) => console.error(`[page error] ${url}: ${error.stack ?? error.message}`));
  page.on('crash', () => console.error(`[page crashed] ${url}`));
  await page.goto(url);
  await expect(page.getByRole('listbox', { name: /Installed tools|Outils installés/ })).toBeVisible();
}

export const toolList = (page: Page): Locator => page.getByRole('listbox', { name: /Installed tools|Outils installés/ });
export const toolInList = (page: Page, name: string): Locator => toolList(page).getByRole('option', { name, exact: true });

export async function selectTool(page: Page, name: string): Promise<void> {
  try {
    await toolInList(page, name).click();
  } catch (error) {
    throw new Error(`${name} could not be chosen in the list of tools, which holds: ${await listedTools(page)}`, { cause: error });
  }
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** Each entry of the list of tools with its state, as words for a failure's message. */
async function listedTools(page: Page): Promise<string> {
  const read = toolList(page)
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => `${option.getAttribute('aria-label')} (${option.getAttribute('data-state')})`));
  // A page that froze answers nothing: the failure is still told, a little later.
  const frozen = new Promise<string[]>((resolve) => setTimeout(() => resolve(['nothing: the page did not answer within 5 s']), 5_000).unref());
  const entries = await Promise.race([read, frozen]).catch((error: unknown) => [
    `nothing that could be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  ]);
  return entries.length === 0 ? 'no entry' : entries.join(', ');
}

export async function openTab(page: Page, name: string | RegExp): Promise<void> {
  const tab = page.getByRole('tablist').getByRole('tab', { name, exact: typeof name === 'string' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

export const logView = (page: Page): Locator => page.getByRole('log');

/** A screenshot of the whole window, kept under test-results/screenshots and attached to the test. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await mkdir(screenshotsFolder, { recursive: true });
  const path = join(screenshotsFolder, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
