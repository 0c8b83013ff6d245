// Answers that blanked, crashed or froze the window, or ended the test bed, from a plugin written
// here: 200,000 rows, a row of 300,000 cells, 10,000 lines searched, a plan of 100,000 steps and a
// value nested 5,000 deep. The window draws a few dozen rows of each, says what the host left out,
// scrolls to what a search found, and stays alive (and accessible: axe finds nothing); the test bed
// answers after each.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectNoAxeViolations } from './axe';
import { hugePluginName, writeHugePlugin } from './plugin-fixtures';
import { openServedWindow, type ServedWindow } from './served-window';
import { screenshot, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let served: ServedWindow;
let page: Page;
let work: string;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  served = await openServedWindow(browser, {
    name: 'huge',
    folders: async (work) => {
      await writeHugePlugin(join(work, 'huge'));
      await mkdir(join(work, 'files'));
      for (const name of ['many.rows', 'wide.cells', 'code.lines', 'a.txt']) await writeFile(join(work, 'files', name), 'x\n');
      return [join(work, 'huge')];
    },
  });
  ({ page, work } = served);
  await selectTool(page, hugePluginName);
});
test.afterAll(() => served?.close());

const preview = () => page.getByRole('region', { name: /^Preview of / });
const files = () => page.getByRole('listbox', { name: 'Files given to the plugin' });

async function addAndPreview(name: string) {
  await page.getByLabel('File path', { exact: true }).fill(join(work, 'files', name));
  await page.getByLabel('File path', { exact: true }).press('Enter');
  await files().getByRole('option', { name, exact: true }).click();
  await expect(preview()).toHaveAccessibleName(`Preview of ${name}`);
}

/** The page still runs script and answers the person, and axe finds nothing wrong with what it drew. */
async function stillAlive() {
  expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeGreaterThan(10);
  await expect(page.getByRole('listbox', { name: 'Installed tools' })).toBeVisible();
  await expectNoAxeViolations(page, 'the window after a huge answer');
}

test('draws a window on 200,000 rows, says 190,000 were left out, and scrolls to the last kept', async ({}, testInfo) => {
  await addAndPreview('many.rows');
  await expect(preview().getByRole('heading', { name: '200,000 rows' })).toBeVisible();
  await expect(preview().getByRole('note')).toHaveText('190,000 rows were left out, more than the window shows.');
  const table = preview().getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', '10001');
  expect(await table.getByRole('row').count()).toBeLessThan(200);
  await preview()
    .locator('.inspect-content')
    .evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(table.getByRole('row', { name: /^row 9999 / })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(200);
  await screenshot(page, testInfo, 'huge-01-rows');
  await stillAlive();
});

test('draws the first 100 cells of a row of 300,000', async () => {
  await addAndPreview('wide.cells');
  await expect(preview().getByRole('heading', { name: 'A row of 300,000 cells' })).toBeVisible();
  await expect(preview().getByRole('note')).toHaveText('299,900 cells were left out, more than the window shows.');
  await expect(preview().getByRole('cell')).toHaveCount(100);
  await stillAlive();
});

test('scrolls to the line a search found among 10,000, drawn', async () => {
  await addAndPreview('code.lines');
  await expect(preview().getByRole('heading', { name: '10,000 lines' })).toBeVisible();
  await preview().getByRole('searchbox', { name: 'Find in the file' }).fill('line 9000');
  await preview().getByRole('searchbox', { name: 'Find in the file' }).press('Enter');
  await expect(preview().getByRole('status')).toHaveText('Found line 9000');
  await expect(preview().locator('[data-found]')).toBeInViewport();
  await expect(preview().locator('[data-found]')).toHaveText('9001line 9000');
  expect(await preview().getByRole('row').count()).toBeLessThan(200);
  await stillAlive();
});

test('shows a plan of 100,000 steps cut to 10,000, a window of them, and fails a value nested 5,000 deep', async ({}, testInfo) => {
  await page.getByLabel('File path', { exact: true }).fill(join(work, 'files', 'a.txt'));
  await page.getByLabel('File path', { exact: true }).press('Enter');
  await files().getByRole('option', { name: 'a.txt', exact: true }).click();
  const plan = page.getByRole('group', { name: 'Make many folders', exact: true });
  await plan.getByRole('button', { name: 'Make many folders' }).click();
  await expect(plan.getByRole('note')).toHaveText('90,000 steps were left out, more than the window shows. Apply does only the steps shown.');
  const steps = plan.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem').first()).toHaveText('Make the folder /tmp/vitruvian-e2e-many/0');
  expect(await steps.getByRole('listitem').count()).toBeLessThan(200);
  await screenshot(page, testInfo, 'huge-02-plan');
  const deep = page.getByRole('group', { name: 'Answer deep', exact: true });
  await deep.getByRole('button', { name: 'Answer deep' }).click();
  await expect(deep.getByRole('status')).toContainText('result.value[0][0]…: nested more than 64 levels deep');
  // The test bed lived through it: it answers the next call.
  await plan.getByRole('button', { name: 'Make many folders' }).click();
  await expect(plan.getByRole('note')).toBeVisible();
  await stillAlive();
});
