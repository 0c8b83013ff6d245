// The author's bench in the test bed's Messages tab: a message composed by hand goes to a sample
// tool and its answer shows on the same row with the time it took; a malformed one is refused until
// "Send anyway", then the tool's error shows; "Save session" downloads the recording. axe finds
// nothing on the open composer.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './axe';
import { samplesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { openTab, openWindow, screenshot, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let testbed: RunningTestbed;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  testbed = await startTestbedCli([join(samplesFolder, 'clipboard-kit'), join(samplesFolder, 'skwir-word-count')]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await openWindow(page, testbed.url);
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Messages');
  await page.getByText('Send a message by hand').click();
});

test.afterAll(async () => {
  await page?.close();
  const code = await testbed?.stop();
  expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed?.stderr.join('\n')}`).toBe(0);
});

const composer = () => page.getByRole('form', { name: 'Send a message by hand' });
const sent = () => page.getByRole('list', { name: 'Sent by hand' }).getByRole('listitem');

test('sends command/run, prefilled from the manifest, and shows its answer on the same row with its time', async ({}, testInfo) => {
  await expect(composer().getByLabel('Message')).toHaveValue('command/run');
  await expect(composer().getByLabel('Params (JSON)')).toHaveValue('{\n  "command": "copyGreeting"\n}');
  await composer().getByRole('button', { name: 'Send', exact: true }).click();
  const row = sent().first();
  await expect(row).toContainText('command/run');
  await expect(row).toContainText('{"command":"copyGreeting"}');
  await expect(row).toContainText(/→\s*\{\}\s*in \d+ ms/);
  await screenshot(page, testInfo, '60-composer-answer');
});

test('refuses a malformed message, naming the field, until "Send anyway"; then the tool\'s error shows', async ({}, testInfo) => {
  const params = composer().getByLabel('Params (JSON)');
  await params.fill('{"command": 7}');
  await expect(composer().getByRole('status')).toContainText('This message does not fit the protocol, so it is not sent:');
  await expect(composer().getByRole('status')).toContainText('params.command');
  await expect(composer().getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await params.fill('{"command": "noSuchCommand"}');
  await expect(composer().getByRole('status')).toContainText('params.command: "noSuchCommand" is not a command of the tool');
  await composer().getByRole('button', { name: 'Send anyway' }).click();
  const row = sent().first();
  await expect(row).toContainText('sent anyway');
  await expect(row).toContainText(/Error -32\d{3}: .*noSuchCommand/);
  await expect(row).toContainText(/in \d+ ms/);
  await expect(sent()).toHaveCount(2);
  await screenshot(page, testInfo, '61-composer-anyway');
});

test('"Save session" downloads the recording of the session, with the messages sent by hand', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), composer().getByRole('button', { name: 'Save session' }).click()]);
  expect(download.suggestedFilename()).toBe('dev.vitruvian.samples.clipboard-kit-session.jsonl');
  const lines = (await readFile(await download.path(), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; message?: { method?: string; params?: { command?: string } } });
  expect(lines[0]).toMatchObject({ type: 'session', dialect: 'protocol1', id: 'dev.vitruvian.samples.clipboard-kit' });
  expect(lines.filter((line) => line.message?.method === 'command/run').map((line) => line.message!.params!.command)).toEqual([
    'copyGreeting',
    'noSuchCommand',
  ]);
  expect(lines.at(-1)).toMatchObject({ type: 'end', how: 'running' });
});

test("sends a Skwir call with a file to a plugin, its params prefilled from the plugin's first field, and shows the value", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'vt-composer-'));
  try {
    const file = join(folder, 'four.txt');
    await writeFile(file, 'one two three four\n');
    await selectTool(page, 'Word count');
    await openTab(page, 'Messages');
    await page.getByText('Send a message by hand').click();
    await expect(composer().getByLabel('Message')).toHaveValue('field');
    await expect(composer().getByLabel('Params (JSON)')).toHaveValue('{\n  "key": "word-count.words"\n}');
    await composer().getByLabel('Files').fill(file);
    await composer().getByRole('button', { name: 'Send', exact: true }).click();
    await expect(sent().first()).toContainText(/field\s*\{"key":"word-count\.words"\}.*→\s*\{"value":4\}\s*in \d+ ms/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('axe finds nothing on the open composer with its answers', async () => {
  await expectNoAxeViolations(page, 'the open composer with its answers');
});
