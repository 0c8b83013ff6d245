// What a tool author sees in the test bed: every command, menu bar ones too, runnable; the
// simulated clipboard filled by hand and what a read returned; counts and the host's own log lines
// in the window's language; the services panel leaving Settings in view at 1280 x 800, at the
// height the person gave it, kept over a reload; and a window of 800 x 600 where nothing wraps or
// is cut into nonsense.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openServedWindow, type ServedWindow } from './served-window';
import { samplesFolder } from './testbed-process';
import { logView, openTab, screenshot, selectTool, toolInList } from './window';

test.describe.configure({ mode: 'serial' });

let served: ServedWindow;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  served = await openServedWindow(browser, { name: 'author', folders: () => [join(samplesFolder, 'clipboard-kit'), join(samplesFolder, 'word-count')] });
  ({ page } = served);
});
test.afterAll(() => served?.close());

const panelName = /^(Simulated services|Services simulés)$/;
const panel = () => page.getByRole('region', { name: panelName });
const calls = () => page.getByRole('list', { name: panelName });

test('lists a menu bar command, marked, and runs it from the window', async ({}, testInfo) => {
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Commands');
  const signature = page.getByRole('group', { name: 'Paste my signature' });
  await expect(signature.getByText('Menu bar')).toBeVisible();
  await signature.getByRole('button', { name: 'Paste my signature' }).click();
  // It ran: the tool refused it, having no signature yet, and said why.
  await expect(signature.getByRole('status')).toHaveText('Refused: no signature set');
  await screenshot(page, testInfo, '20-commands-menubar');
});

test('keeps a private signature masked everywhere once set: the panel, Messages, the Log', async ({}, testInfo) => {
  await openTab(page, 'Settings');
  await page.getByLabel('Private signature').fill('s3cret-sig');
  await page.getByLabel('Private signature').press('Enter');
  await expect(page.locator('[data-preference-id="signature"]')).toContainText('Set');
  await openTab(page, 'Commands');
  const signature = page.getByRole('group', { name: 'Paste my signature' });
  await signature.getByRole('button', { name: 'Paste my signature' }).click();
  await expect(signature.getByRole('status')).toHaveText('Done · Would paste: “•••• (secret)”');
  await expect(calls().getByRole('listitem').first()).toContainText('Would paste: “•••• (secret)”');
  await openTab(page, 'Messages');
  const messages = page.getByRole('list', { name: 'Messages between the app and the tool' });
  await expect(messages).toContainText('keystrokes/paste');
  await page.getByRole('combobox', { name: 'Method', exact: true }).selectOption('keystrokes/paste');
  await messages.getByRole('listitem').first().getByRole('button', { expanded: false }).click();
  await expect(messages).toContainText('•••• (secret)');
  await page.getByRole('combobox', { name: 'Method', exact: true }).selectOption('storage/get');
  await expect(messages).toContainText('•••• (secret)');
  await expect(page.getByText('s3cret-sig')).toHaveCount(0);
  await screenshot(page, testInfo, '20b-secret-masked');
  await openTab(page, 'Log');
  await expect(page.getByText('s3cret-sig')).toHaveCount(0);
  expect(await page.content()).not.toContain('s3cret-sig');
});

test('refuses a setting past what the manifest declares, as it is typed, and saves only a right one', async ({}, testInfo) => {
  await openTab(page, 'Settings');
  const times = page.getByLabel('How many times to paste');
  await times.fill('-3');
  await expect(page.locator('[data-preference-id="pasteTimes"] .field-problem')).toHaveText('It must be 1 or more');
  await expect(times).toHaveAttribute('aria-invalid', 'true');
  await times.press('Enter');
  const homepage = page.getByLabel('Page to open when no link is copied');
  await homepage.fill('not a url');
  await homepage.press('Enter');
  await expect(page.locator('[data-preference-id="homepage"] .field-problem')).toHaveText(/^It must be a link such as https:\/\/example\.com/);
  await screenshot(page, testInfo, '20c-settings-bounds');
  // Nothing wrong was saved: the tool still has its defaults after a reload.
  await page.reload();
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Settings');
  await expect(page.getByLabel('How many times to paste')).toHaveValue('1');
  await expect(page.getByLabel('Page to open when no link is copied')).toHaveValue('https://example.com');
  await page.getByLabel('How many times to paste').fill('3');
  await page.getByLabel('How many times to paste').press('Enter');
  await expect(page.locator('[data-preference-id="pasteTimes"]').getByRole('status')).toHaveText('Saved');
  await page.getByLabel('How many times to paste').fill('1');
  await page.getByLabel('How many times to paste').press('Enter');
  await openTab(page, 'Commands');
});

test('fills the simulated clipboard, and the panel shows what a read returned', async ({}, testInfo) => {
  await panel().getByLabel('Clipboard', { exact: true }).fill('un deux trois');
  await panel().getByRole('button', { name: 'Put on the clipboard' }).click();
  await expect(panel().getByRole('status')).toHaveText('The clipboard holds “un deux trois”.');
  await selectTool(page, 'Word count');
  await openTab(page, 'Commands');
  await page.getByRole('button', { name: 'Count the words on the clipboard' }).click();
  await expect(page.getByRole('group', { name: 'Count the words on the clipboard' }).getByRole('status')).toHaveText(
    'Done · Read the clipboard: “un deux trois” · Would show on screen: “3 words”',
  );
  // Shown as the app would show it: a HUD, here a toast.
  await expect(page.getByRole('status', { name: 'Shown on screen' })).toContainText('3 words');
  await expect(calls()).toContainText('Read the clipboard: “un deux trois”');
  await expect(calls()).toContainText('Would show on screen: “3 words”');
  await screenshot(page, testInfo, '21-clipboard-filled');
});

test("words counts and the host's own log lines in French", async ({}, testInfo) => {
  await page.getByLabel('Language').selectOption('fr');
  await expect(toolInList(page, 'Compteur de mots')).toBeVisible();
  await panel().getByLabel('Presse-papiers', { exact: true }).fill('seul');
  await panel().getByRole('button', { name: 'Mettre dans le presse-papiers' }).click();
  await expect(panel().getByRole('status')).toContainText('seul');
  await page.getByRole('button', { name: 'Compter les mots du presse-papiers' }).click();
  await expect(calls()).toContainText('Afficherait à l’écran\u202f: «\u202f1 mot\u202f»');
  await panel().getByLabel('Presse-papiers', { exact: true }).fill('   ');
  await panel().getByRole('button', { name: 'Mettre dans le presse-papiers' }).click();
  await page.getByRole('button', { name: 'Compter les mots du presse-papiers' }).click();
  await expect(calls()).toContainText('«\u202f0 mot\u202f»');
  await openTab(page, 'Journal');
  const started = logView(page)
    .locator('.log-row')
    .filter({ hasText: /démarré \(pid \d+, protocole 1, version 1\.0\.0\)/ });
  await expect(started).toHaveCount(1);
  await expect(started.locator('.log-source')).toHaveText('app');
  await expect(page.locator('.line-count')).toHaveText(/^\d+ lignes?$/);
  await screenshot(page, testInfo, '22-french-log');
  await page.getByLabel('Langue').selectOption('en');
  await expect(toolInList(page, 'Word count')).toBeVisible();
});

test('at 1280 x 800, the services panel leaves the Settings preferences in view, at the height the person gave it', async ({}, testInfo) => {
  await selectTool(page, 'Clipboard kit');
  // Enough calls that the panel's list is longer than the panel.
  await openTab(page, 'Commands');
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Copy the greeting' }).click();
  await expect.poll(() => calls().getByRole('listitem').count()).toBeGreaterThanOrEqual(12);
  await openTab(page, 'Settings');
  const top = async () => (await panel().boundingBox())!.y;
  const preferences = page.locator('[data-preference-id]');
  await expect(preferences).toHaveCount(6);
  const lastPreferenceEnd = async () => {
    const box = (await preferences.last().boundingBox())!;
    return box.y + box.height;
  };
  expect(await lastPreferenceEnd()).toBeLessThanOrEqual(await top());
  await screenshot(page, testInfo, '23-settings-1280x800');

  // Drag the panel's top edge up by 120 px: it grows by as much, and keeps that height over a reload.
  const resizer = page.getByRole('separator', { name: 'Resize the simulated services' });
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  const edge = (await resizer.boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2 - 120, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Number(await resizer.getAttribute('aria-valuenow'))).toBe(before + 120);
  await page.reload();
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Settings');
  await expect(page.getByRole('separator', { name: 'Resize the simulated services' })).toHaveAttribute('aria-valuenow', String(before + 120));
  // Hidden, it leaves every line of Settings to the tool.
  await panel().getByRole('button', { name: 'Hide simulated services' }).click();
  await expect(page.getByRole('separator', { name: 'Resize the simulated services' })).toHaveCount(0);
  await screenshot(page, testInfo, '24-panel-hidden');
  await panel().getByRole('button', { name: 'Show simulated services' }).click();
  await page.evaluate(() => localStorage.removeItem('vitruvian.servicePanel.height'));
});

test('at 800 x 600, nothing wraps or is cut into nonsense', async ({}, testInfo) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.reload();
  await selectTool(page, 'Clipboard kit');
  const lineHeight = async (selector: string) => (await page.locator(selector).first().boundingBox())!.height;
  // Small words stay on one line: the tag, the state badge, the tool count.
  expect(await lineHeight('.tool-subtitle .tag')).toBeLessThan(22);
  expect(await lineHeight('.tool-header .state-badge')).toBeLessThan(24);
  expect(await lineHeight('.sidebar-count')).toBeLessThan(20);
  await openTab(page, 'Commands');
  await screenshot(page, testInfo, '25-narrow-commands');

  await openTab(page, 'Messages');
  const rows = page.getByRole('list', { name: 'Messages between the app and the tool' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Each row's preview says what its message carries, with room to read it.
  const previews = await page.locator('.trace-preview').evaluateAll((spans) =>
    spans.map((span) => ({
      text: span.textContent ?? '',
      width: span.getBoundingClientRect().width,
      height: span.getBoundingClientRect().height,
      whole: span.scrollWidth <= span.clientWidth + 1,
    })),
  );
  for (const preview of previews.filter((p) => p.text !== '')) {
    expect(preview.text.startsWith('{"jsonrpc"'), preview.text).toBe(false);
    // Shown whole, or cut after a readable stretch.
    expect(preview.whole || preview.width > 100, `${preview.text}: ${preview.width} px`).toBe(true);
    expect(preview.height).toBeLessThan(22);
  }
  // No row is wider than the window.
  const widest = await rows.evaluateAll((items) => Math.max(...items.map((item) => item.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(800);
  await screenshot(page, testInfo, '26-narrow-messages');

  await openTab(page, 'Log');
  await screenshot(page, testInfo, '27-narrow-log');
  await openTab(page, 'Settings');
  await screenshot(page, testInfo, '28-narrow-settings');
  await page.setViewportSize({ width: 1280, height: 800 });
});
