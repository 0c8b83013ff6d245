// The Messages tab as a tool author reads it: a request and its answer on one row with the time
// between them, both ways, opened to both messages; and, once a tool sent more messages than the
// host's trace keeps, the tab says how many older ones were dropped, in English and in French. axe
// finds nothing.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoAxeViolations } from './axe';
import { fixturesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { openTab, openWindow, screenshot, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let testbed: RunningTestbed;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  testbed = await startTestbedCli([join(fixturesFolder, 'chatter')]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await openWindow(page, testbed.url);
  await selectTool(page, 'Chatter');
});

test.afterAll(async () => {
  await page?.close();
  const code = await testbed?.stop();
  expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed?.stderr.join('\n')}`).toBe(0);
});

const messages = () => page.getByRole('list', { name: /^Messages (between the app and the tool|entre l’app et l’outil)$/ });
const methodFilter = (name: string) => page.getByRole('combobox', { name, exact: true });

const expectNoViolations = () => expectNoAxeViolations(page, 'the Messages tab');

async function run(title: string, [commands, done] = ['Commands', 'Done']): Promise<void> {
  await openTab(page, commands);
  const command = page.getByRole('group', { name: title });
  await command.getByRole('button', { name: title }).click();
  await expect(command.getByRole('status')).toContainText(done);
}

test('a request and its answer share a row with the time it took, both ways, and it opens to both', async ({}, testInfo) => {
  await run('Ask the app');
  await openTab(page, 'Messages');
  await methodFilter('Method').selectOption('command/run');
  const ran = messages().getByRole('listitem');
  await expect(ran).toHaveCount(1);
  await expect(ran).toContainText('App → tool');
  await expect(ran).toContainText('{"command":"ask"} → {}');
  await expect(ran.locator('.trace-status')).toHaveText(/^[\d,]+ ms$/);
  await ran.getByRole('button', { expanded: false }).click();
  await expect(ran.locator('.trace-part-heading')).toHaveText([/^Request /, /^Answer /]);
  await expect(ran.locator('pre').first()).toContainText('"method": "command/run"');
  await expect(ran.locator('pre').nth(1)).toContainText('"result": {}');
  await expect(page.locator('.line-count')).toHaveText(/^2 of [\d,]+ messages$/);

  // The tool's own request, answered by the app, on one row as well.
  await methodFilter('Method').selectOption('storage/get');
  const asked = messages().getByRole('listitem');
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText('Tool → app');
  await expect(asked.locator('.trace-status')).toHaveText(/^[\d,]+ ms$/);
  await screenshot(page, testInfo, '70-messages-pairs');
  await expectNoViolations();
});

test('says how many older messages were dropped once the tool sent more than the trace keeps, in English and French', async ({}, testInfo) => {
  await methodFilter('Method').selectOption('');
  const dropped = page.locator('.trace-dropped');
  await expect(dropped).toHaveCount(0);
  await run('Chatter');
  // The tab reads the trace as it opens: the host kept its last 2,000 lines of the 2,500 and more.
  await openTab(page, 'Messages');
  await expect(dropped).toHaveText(/^\d{3} older messages were dropped: the app keeps the latest ones\.$/);
  await expect(page.locator('.line-count')).toHaveText('2,000 messages');
  // Chatter's answer shows, though its request went with the older messages.
  await methodFilter('Method').selectOption('command/run');
  const answer = messages().getByRole('listitem').last();
  await expect(answer).toContainText('Tool → app');
  await expect(answer).toContainText('request not listed');
  await methodFilter('Method').selectOption('');
  await screenshot(page, testInfo, '71-messages-dropped');
  await expectNoViolations();

  await page.getByLabel('Language', { exact: true }).selectOption('fr');
  await expect(dropped).toHaveText(/^\d{3} messages plus anciens ont été retirés\u202f: l’app garde les plus récents\.$/);
  await methodFilter('Méthode').selectOption('command/run');
  await expect(messages().getByRole('listitem').last()).toContainText('requête absente');
  // A request and its answer in French: the time with French separators, the parts named in French.
  await run('Demander à l’app', ['Commandes', 'Terminé']);
  await openTab(page, 'Messages');
  const asked = messages().getByRole('listitem').last();
  await expect(asked).toContainText('{"command":"ask"} → {}');
  await expect(asked.locator('.trace-status')).toHaveText(/^[\d\u202f]+\u00a0ms$/);
  await asked.getByRole('button', { expanded: false }).click();
  await expect(asked.locator('.trace-part-heading')).toHaveText([/^Requête /, /^Réponse /]);
  await screenshot(page, testInfo, '72-messages-french');
  await expectNoViolations();
  await page.getByLabel('Langue', { exact: true }).selectOption('en');
  await expect(page.getByRole('tab', { name: 'Messages' })).toBeVisible();
});
