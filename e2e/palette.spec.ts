// The command palette in the test bed, as a person uses it: Ctrl+K opens it over the window, typing
// part of a title lists the commands of two tools, Enter runs one and the services panel records
// what it did; a Skwir command acts on the files selected in the services panel (as in the Finder),
// its value shown as a tree and its plan applied only once confirmed; Escape closes; and axe finds
// nothing wrong with the palette, in English and in French.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { planCommandTitle, writeGivenFiles, writePlanPlugin } from './plugin-fixtures';
import { expectNoAxeViolations } from './axe';
import { openServedWindow, type ServedWindow } from './served-window';
import { samplesFolder } from './testbed-process';
import { openTab, screenshot, selectTool, toolList } from './window';

test.describe.configure({ mode: 'serial' });

let served: ServedWindow;
let page: Page;
let work: string;
const file = (name: string) => join(work, 'files', name);

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  served = await openServedWindow(browser, {
    name: 'palette',
    folders: async (work) => {
      await writeGivenFiles(join(work, 'files'));
      await writePlanPlugin(join(work, 'plan-maker'));
      return [join(samplesFolder, 'word-count'), join(samplesFolder, 'clipboard-kit'), join(samplesFolder, 'skwir-word-count'), join(work, 'plan-maker')];
    },
    context: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  ({ page, work } = served);
});

test.afterAll(() => served?.close());

const palette = () => page.getByRole('dialog', { name: /^(Command palette|Palette de commandes)$/ });
const search = () => palette().getByRole('combobox');
const options = () => palette().getByRole('listbox').getByRole('option');
const servicesList = () => page.getByRole('list', { name: 'Simulated services' });

async function openPalette() {
  await page.keyboard.press('Control+k');
  await expect(palette()).toBeVisible();
  await expect(search()).toBeFocused();
}

const expectNoViolations = (where: string) => expectNoAxeViolations(page, where, '[role="dialog"]');

test('a tool and a plugin of one name: each name shown whole in a narrow sidebar, the folder telling them apart under it', async ({}, testInfo) => {
  // A narrow window (its sidebar is 200 px): the folder beside the name and the plugin's tag cut the name.
  await page.setViewportSize({ width: 900, height: 700 });
  const twins = toolList(page).getByRole('option', { name: 'Word count', exact: true });
  await expect(twins).toHaveCount(2);
  for (const twin of await twins.all()) {
    const name = twin.locator('.tool-item-name');
    await expect(name).toHaveText('Word count');
    // Cut with an ellipsis, a name is wider than its box.
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(twin.locator('.tool-item-folder')).toBeVisible();
  }
  await screenshot(page, testInfo, 'palette-00-twins-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('Ctrl+K opens the palette; typing lists the commands of two tools; Enter runs one, recorded by the services panel', async ({}, testInfo) => {
  await expect(page.getByRole('listbox', { name: 'Installed tools' }).getByRole('option')).toHaveCount(4);
  await openPalette();
  await page.keyboard.type('paste');
  await expect(options().filter({ hasText: 'Clipboard kit' }).first()).toBeVisible();
  await expect(options().filter({ hasText: 'Word count' }).first()).toBeVisible();
  const entries = await options().evaluateAll((items) => items.map((item) => item.getAttribute('data-entry')));
  expect(new Set(entries)).toEqual(new Set(['dev.vitruvian.samples.clipboard-kit', 'dev.vitruvian.samples.word-count']));
  await screenshot(page, testInfo, 'palette-01-typed');
  await page.keyboard.type(' today');
  await expect(options().first()).toHaveAttribute('data-command', 'pasteDate');
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  await expect(servicesList().locator('[data-method="keystrokes/paste"][data-tool-id="dev.vitruvian.samples.word-count"]')).toHaveCount(1);
  await expectNoViolations('the palette with a command run, in English');
  await page.keyboard.press('Escape');
  await expect(palette()).toBeHidden();
});

test('the Skwir commands act on the simulated selection: a value shown as a tree, a plan applied only once confirmed', async ({}, testInfo) => {
  // A picture selected: no word count serves it; the plan maker serves every file.
  await page.getByLabel('Selected files, as in the Finder (a path a line)').fill(file('dot.ppm'));
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByText('1 file is selected.')).toBeVisible();
  await openPalette();
  await expect(palette()).toContainText('Plugin commands act on 1 selected file');
  await expect(options().filter({ hasText: planCommandTitle })).toHaveCount(1);
  await expect(options().filter({ hasText: 'Count words' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByLabel('Selected files, as in the Finder (a path a line)').fill(`${file('three.txt')}\n${file('keep.txt')}`);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByText('2 files are selected.')).toBeVisible();
  await openPalette();
  await page.keyboard.type('count words');
  await expect(options().first()).toHaveAttribute('data-command', 'word-count.count');
  await page.keyboard.press('Enter');
  const tree = palette().getByRole('group', { name: 'Value' });
  await expect(tree).toContainText('total');
  await expect(tree).toContainText('three.txt');
  // three small words, and keep me as I am.
  await expect(tree.locator('.value-field').filter({ hasText: /^total/ })).toHaveText('total: 8');
  await screenshot(page, testInfo, 'palette-02-value');

  await search().fill('backup');
  await expect(options().first()).toHaveAttribute('data-command', 'plans.backup');
  await search().press('Enter');
  const steps = palette().getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['Rename three.txt to three.txt.bak', 'Rename keep.txt to keep.txt.bak']);
  // Nothing is touched before the person confirms.
  await expect(servicesList().locator('[data-method^="plan/"]')).toHaveCount(0);
  await expectNoViolations('the palette showing a plan, in English');
  await palette().getByRole('button', { name: 'Apply…' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Apply “${planCommandTitle}”?` });
  await expect(confirm).toContainText('2 files change.');
  await confirm.getByRole('button', { name: 'Apply' }).click();
  await expect(palette().getByText('Applied.')).toBeVisible();
  await expect(servicesList()).toContainText(`Would rename ${file('keep.txt')} to keep.txt.bak`);
  expect(existsSync(file('keep.txt.bak'))).toBe(false);
  await screenshot(page, testInfo, 'palette-03-plan-applied');
  await page.keyboard.press('Escape');
  await expect(palette()).toBeHidden();
});

test('a shortcut given in Settings by pressing it, recorded and not registered, kept across a reload', async ({}, testInfo) => {
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Settings');
  const field = page.getByLabel('Shortcut for Paste my signature');
  await field.focus();
  await page.keyboard.press('Control+Alt+S');
  await expect(field).toHaveAttribute('data-accelerator', 'CommandOrControl+Alt+S');
  await expect(field).toHaveValue('Ctrl+Alt+S');
  // A lone letter would be taken from every app: refused, in words.
  await page.keyboard.press('s');
  await expect(page.getByRole('listitem').filter({ has: field })).toContainText('is not a shortcut');
  await expect(field).toHaveAttribute('data-accelerator', 'CommandOrControl+Alt+S');
  await screenshot(page, testInfo, 'palette-04-shortcut');
  await page.reload();
  await selectTool(page, 'Clipboard kit');
  await openTab(page, 'Settings');
  await expect(page.getByLabel('Shortcut for Paste my signature')).toHaveAttribute('data-accelerator', 'CommandOrControl+Alt+S');
});

test("the palette's own shortcut: its default beside the language, changed by pressing another, never taken away", async () => {
  const field = page.getByLabel('Shortcut to open the command palette');
  await expect(field).toHaveAttribute('data-accelerator', 'CommandOrControl+Shift+Space');
  await field.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('listitem').filter({ has: field })).toContainText('The palette keeps a shortcut');
  await page.keyboard.press('Alt+Shift+P');
  await expect(field).toHaveAttribute('data-accelerator', 'Alt+Shift+P');
  await page.reload();
  await expect(page.getByLabel('Shortcut to open the command palette')).toHaveAttribute('data-accelerator', 'Alt+Shift+P');
});

test('the palette in French, and axe finds nothing on it', async ({}, testInfo) => {
  await page.getByLabel('Language').selectOption('fr');
  await openPalette();
  await expect(palette()).toHaveAccessibleName('Palette de commandes');
  await expect(search()).toHaveAttribute('placeholder', 'Tapez une commande…');
  await page.keyboard.type('coller');
  await expect(options().filter({ hasText: 'Coller la date du jour' })).toHaveCount(1);
  await expectNoViolations('the palette, in French');
  await screenshot(page, testInfo, 'palette-05-french');
  await page.keyboard.press('Escape');
  await expect(palette()).toBeHidden();
  await page.getByLabel('Langue').selectOption('en');
});
