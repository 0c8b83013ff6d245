// What a person does in the test bed's window, in the window's own words (roles and labels).
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './testbed-process';

export const screenshotsFolder = join(repoRoot, 'test-results', 'screenshots');

/** Opens the address the test bed printed and waits for the list of tools. */
export async function openWindow(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('listbox', { name: /Installed tools|Outils installés/ })).toBeVisible();
}

export const toolList = (page: Page): Locator => page.getByRole('listbox', { name: /Installed tools|Outils installés/ });
export const toolInList = (page: Page, name: string): Locator => toolList(page).getByRole('option', { name, exact: true });

export async function selectTool(page: Page, name: string): Promise<void> {
  await toolInList(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
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
