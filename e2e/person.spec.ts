// A person's path through the test bed with the sample tools: see them, run a command, read the
// log and the messages, change each kind of preference and see the tool receive it, switch the
// language, install a good and a bad folder, uninstall, and see a crashing tool shown as crashed.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServedWindow, type ServedWindow } from './served-window';
import { fixturesFolder, samplesFolder } from './testbed-process';
import { logView, openTab, screenshot, selectTool, toolInList } from './window';

test.describe.configure({ mode: 'serial' });

let served: ServedWindow;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  served = await openServedWindow(browser, {
    name: 'person',
    folders: () => [...['clipboard-kit', 'word-count', 'system-glance'].map((name) => join(samplesFolder, name)), join(fixturesFolder, 'crasher')],
  });
  ({ page } = served);
});
test.afterAll(() => served?.close());

test('sees the sample tools in the sidebar', async ({}, testInfo) => {
  for (const name of ['Clipboard kit', 'Word count', 'System glance', 'Crasher']) {
    await expect(toolInList(page, name)).toBeVisible();
  }
  await expect(toolInList(page, 'Clipboard kit')).toHaveAttribute('data-state', 'running');
  await screenshot(page, testInfo, '01-tools');
});

test('runs a command from its button and sees it done', async ({}, testInfo) => {
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Commands');
  const command = page.getByRole('group', { name: 'Copy the greeting' });
  await command.getByRole('button', { name: 'Copy the greeting' }).click();
  // Said where it ran: done, and what it did (the HUD also shows as a toast).
  await expect(command.getByRole('status')).toHaveText('Done · Put on the clipboard: “Hello from Vitruvian” · Would show on screen: “Greeting copied”');
  await expect(page.getByRole('status', { name: 'Shown on screen' })).toContainText('Greeting copied');
  // A menu bar command is listed too, marked as such (author-kit.spec.ts runs one).
  await expect(page.getByRole('group', { name: 'Paste my signature' }).getByText('Menu bar')).toBeVisible();
  // The simulated clipboard took the text, and the panel says so.
  await expect(page.getByRole('list', { name: 'Simulated services' })).toContainText('Put on the clipboard: “Hello from Vitruvian”');
  await screenshot(page, testInfo, '02-commands');
});

test('reads the log and the messages both ways', async ({}, testInfo) => {
  await openTab(page, 'Log');
  await expect(logView(page)).toContainText('copyGreeting ran');
  await screenshot(page, testInfo, '03-log');

  await openTab(page, 'Messages');
  const messages = page.getByRole('list', { name: 'Messages between the app and the tool' });
  await expect(messages.getByRole('listitem').filter({ hasText: 'App → tool' }).filter({ hasText: 'command/run' }).first()).toBeVisible();
  const fromTool = messages.getByRole('listitem').filter({ hasText: 'Tool → app' }).filter({ hasText: 'clipboard/writeText' }).first();
  await expect(fromTool).toBeVisible();
  await fromTool.getByRole('button', { expanded: false }).click();
  // The request and the app's answer, on one row: the request first.
  await expect(fromTool.locator('pre')).toHaveCount(2);
  await expect(fromTool.locator('pre').first()).toContainText('"method": "clipboard/writeText"');
  // Rows line up whatever their preview's length, and the opened message shows whole above the services panel.
  const lefts = await messages.locator('.trace-time').evaluateAll((times) => new Set(times.map((t) => Math.round(t.getBoundingClientRect().left))).size);
  expect(lefts).toBe(1);
  const panel = page.getByRole('region', { name: 'Simulated services' });
  const opened = fromTool.locator('pre').last();
  const gap = async () => (await panel.boundingBox())!.y - ((await opened.boundingBox())!.y + (await opened.boundingBox())!.height);
  await expect.poll(gap).toBeGreaterThanOrEqual(0);
  await screenshot(page, testInfo, '04-messages');
});

test('changes each kind of preference and the tool hears each', async ({}, testInfo) => {
  await openTab(page, 'Settings');
  await expect(page.getByText('Read the text on the clipboard')).toBeVisible();

  const greeting = page.getByLabel('Greeting to copy');
  await greeting.fill('Bonjour from the e2e');
  await greeting.press('Enter');
  const secret = page.getByLabel('Private signature');
  await secret.fill('never-shown-s3cret');
  await secret.press('Enter');
  await expect(page.locator('[data-preference-id="signature"]')).toContainText('Set');
  // The box shows what the host stored, so it turns off once the host has it.
  const beep = page.getByLabel('Beep when the clipboard has no text');
  await beep.click();
  await expect(beep).not.toBeChecked();
  const times = page.getByLabel('How many times to paste');
  await times.fill('3');
  await times.press('Enter');
  await page.getByLabel('Case of the pasted text').selectOption({ label: 'UPPER CASE' });
  // The untitled preference ("saved") is the tool's own and never shown.
  await expect(page.locator('[data-preference-id="saved"]')).toHaveCount(0);
  await expect(page.locator('[data-preference-id]')).toHaveCount(6);
  await screenshot(page, testInfo, '05-settings');

  await openTab(page, 'Log');
  const log = logView(page);
  await expect(log).toContainText('preference greeting changed to "Bonjour from the e2e"');
  await expect(log).toContainText('preference signature changed');
  await expect(log).toContainText('preference beepWhenEmpty changed to false');
  await expect(log).toContainText('preference pasteTimes changed to 3');
  await expect(log).toContainText('preference textCase changed to "upper"');
  await expect(log).not.toContainText('never-shown-s3cret');

  // The tool acts on what it received: the greeting it copies is the new one.
  await openTab(page, 'Commands');
  await page.getByRole('button', { name: 'Copy the greeting' }).click();
  await expect(page.getByRole('list', { name: 'Simulated services' })).toContainText('Put on the clipboard: “Bonjour from the e2e”');
});

test('switches the language, and the tools hear it', async ({}, testInfo) => {
  await page.getByLabel('Language').selectOption('fr');
  await expect(toolInList(page, 'Trousse presse-papiers')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Réglages' })).toBeVisible();
  await openTab(page, 'Journal');
  await expect(logView(page)).toContainText('language changed to fr');
  await screenshot(page, testInfo, '06-french');

  await page.getByLabel('Langue').selectOption('en');
  await expect(toolInList(page, 'Clipboard kit')).toBeVisible();
  await expect(logView(page)).toContainText('language changed to en');
});

test('shows a tool that keeps crashing as crashed, with the reason', async ({}, testInfo) => {
  const crasher = toolInList(page, 'Crasher');
  await expect(crasher).toHaveAttribute('data-state', /crashed|failed/, { timeout: 60_000 });
  await selectTool(page, 'Crasher');
  await expect(page.locator('.tool-header .state-word')).toHaveText(/Crashed|Failed/);
  await openTab(page, 'Log');
  await expect(logView(page)).toContainText('about to crash on purpose');
  // After five crashes in three minutes it stays stopped and says why.
  await expect(crasher).toHaveAttribute('data-state', 'failed', { timeout: 120_000 });
  await expect(page.locator('.tool-header .state-badge')).not.toHaveText(/^Failed$/);
  await screenshot(page, testInfo, '07-crashed');
});

test('installs a good folder, and refuses a bad one naming every problem', async ({}, testInfo) => {
  await page.getByRole('button', { name: 'Install…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Install a tool' });
  await dialog.getByLabel('Tool folder').fill(join(fixturesFolder, 'greeter'));
  await dialog.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: 'Install result' })).toContainText('Installed Greeter 2.1.0.');
  await expect(toolInList(page, 'Greeter')).toBeVisible();

  await page.getByRole('button', { name: 'Install…' }).first().click();
  await dialog.getByLabel('Tool folder').fill(join(fixturesFolder, 'invalid-tool'));
  await dialog.getByRole('button', { name: 'Install', exact: true }).click();
  const verdict = dialog.getByRole('alert', { name: 'Install result' });
  await expect(verdict).toContainText('was not installed');
  await expect(verdict).toContainText('id: "nodots" has no dot');
  await expect(verdict).toContainText('name.en: missing');
  await expect(verdict).toContainText('uses[0]: unknown service "telepathy"');
  await expect(verdict).toContainText('runtime.exec: "../outside.sh" leaves the tool\'s folder');
  await screenshot(page, testInfo, '08-install-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(toolInList(page, 'nodots')).toHaveCount(0);
});

test('installing a folder whose id is installed asks to replace that version first', async () => {
  const copy = await mkdtemp(join(tmpdir(), 'vt-e2e-greeter-'));
  try {
    await cp(join(fixturesFolder, 'greeter'), copy, { recursive: true });
    const manifest = join(copy, 'vitruvian-tool.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"2.1.0"', '"2.2.0"'));
    await page.getByRole('button', { name: 'Install…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Install a tool' });
    await expect(dialog).toContainText('a Skwir plugin (a skwir-plugin.toml manifest)');
    await dialog.getByLabel('Tool folder').fill(copy);
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText('Greeter is installed already. Replace version 2.1.0 with 2.2.0?');
    await expect(toolInList(page, 'Greeter')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status', { name: 'Install result' })).toContainText('Installed Greeter 2.2.0.');
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});

test('uninstalls a tool after asking', async ({}, testInfo) => {
  await selectTool(page, 'Greeter');
  await openTab(page, 'Commands');
  await page.getByRole('button', { name: 'Greet' }).click();
  await expect(page.getByRole('group', { name: 'Greet' }).getByRole('status')).toHaveText('Done');

  await page.getByRole('button', { name: 'Uninstall…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Uninstall Greeter?' });
  await screenshot(page, testInfo, '09-uninstall');
  await confirm.getByRole('button', { name: 'Uninstall', exact: true }).click();
  await expect(toolInList(page, 'Greeter')).toHaveCount(0);
  await expect(toolInList(page, 'Clipboard kit')).toBeVisible();
});
