// Accessibility measured with axe-core on every screen a person reaches in the test bed's window:
// the empty window and the install dialog, a tool's tabs, a refused tool, a plugin's tabs with its
// files, previews, commands and plan, the confirmations, the services panel, and the window in
// French. Each screen is scanned whole, nothing excluded and no rule turned off, against WCAG 2.0
// and 2.1 A and AA and axe's best practices in the light scheme, and against the colour rules again
// in the dark one; it must have no violation at all.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { planCommandTitle, planPluginName, writeGivenFiles, writePlanPlugin } from './plugin-fixtures';
import { openServedWindow, type ServedWindow } from './served-window';
import { fixturesFolder, samplesFolder } from './testbed-process';
import { logView, openTab, screenshot, selectTool, toolInList } from './window';

test.describe.configure({ mode: 'serial' });

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules that read colours: the dark scheme changes nothing else, so its pass runs only these. */
const colourRules = ['color-contrast', 'link-in-text-block'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One entry per element axe found wrong: the rule, its impact, the element and what to fix. */
function violationLines(scheme: string, violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `[${scheme}] ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`,
        `    at ${node.target.join(' ')}`,
        `    ${(node.failureSummary ?? '').replace(/\n\s*/g, '\n    ')}`,
      ].join('\n'),
    ),
  );
}

/**
 * Scans the window as it is now, the whole of it, against every rule of those tags in the light
 * scheme and the colour rules in the dark one; fails naming every violation. Legacy mode runs axe in
 * the page itself instead of gathering its results in a new page: the window has no frames to
 * visit, and each scan takes a third of the time.
 */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const scan = (builder: AxeBuilder) =>
    builder
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await scan(new AxeBuilder({ page }).withTags(axeTags));
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await scan(new AxeBuilder({ page }).withRules(colourRules));
  await page.emulateMedia({ colorScheme: null });
  const found = [...violationLines('light', light.violations), ...violationLines('dark', dark.violations)];
  expect(found.length, `axe found ${found.length} violation(s) on ${screen}:\n${found.join('\n')}`).toBe(0);
}

test.describe('a window with no tool yet', () => {
  let served: ServedWindow;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    served = await openServedWindow(browser, { name: 'axe-empty', folders: () => [] });
    ({ page } = served);
  });

  test.afterAll(() => served?.close());

  test('the empty window; a dropped folder opens Install, which refuses one folder and installs another; the uninstall confirmation', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'No tools yet' })).toBeVisible();
    await expectNoViolations(page, 'the empty window');

    // A browser cannot tell a dropped folder's path: the dialog opens and says so.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['{}'], 'some-tool', { type: '' }));
      return transfer;
    });
    for (const type of ['dragenter', 'dragover', 'drop']) await page.locator('.drop-zone').dispatchEvent(type, { dataTransfer });
    const dialog = page.getByRole('dialog', { name: 'Install a tool' });
    await expect(dialog.locator('.note')).toBeVisible();
    await dialog.getByLabel('Tool folder').fill(join(fixturesFolder, 'invalid-tool'));
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog.getByRole('alert', { name: 'Install result' })).toContainText('was not installed');
    await expectNoViolations(page, 'the install dialog after a drop, with a refusal');

    await dialog.getByLabel('Tool folder').fill(join(fixturesFolder, 'greeter'));
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Install result' })).toContainText('Installed Greeter');
    await expectNoViolations(page, 'the window after an install');

    await selectTool(page, 'Greeter');
    await page.getByRole('button', { name: 'Uninstall…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Uninstall Greeter?' });
    await expect(confirm).toBeVisible();
    await expectNoViolations(page, 'the uninstall confirmation');
    await confirm.getByRole('button', { name: 'Uninstall', exact: true }).click();
    await expect(toolInList(page, 'Greeter')).toHaveCount(0);
  });
});

test.describe('a window with tools and plugins', () => {
  let served: ServedWindow;
  let page: Page;
  let work: string;
  const file = (name: string) => join(work, 'files', name);
  const files = () => page.getByRole('listbox', { name: /Files given to the plugin|Fichiers donnés au plugin/ });
  const fileRow = (name: string) => files().getByRole('option', { name, exact: true });
  const preview = () => page.getByRole('region', { name: /^(Preview of|Aperçu de) / });
  const command = (title: string) => page.getByRole('group', { name: title, exact: true });

  async function addFiles(...names: string[]): Promise<void> {
    for (const name of names) {
      const field = page.getByRole('textbox', { name: /^(File path|Chemin du fichier)$/ });
      await field.fill(file(name));
      await field.press('Enter');
      await expect(fileRow(name)).toBeVisible();
    }
  }

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    served = await openServedWindow(browser, {
      name: 'axe',
      folders: async (work) => {
        await writeGivenFiles(join(work, 'files'));
        // Larger than the preview: read at the size shown and drawn on a canvas, named as the picture.
        await writeFile(join(work, 'files', 'big.ppm'), Buffer.concat([Buffer.from('P6\n1600 1200\n255\n'), Buffer.alloc(1600 * 1200 * 3, 90)]));
        await writePlanPlugin(join(work, 'plan-maker'));
        return [
          join(samplesFolder, 'clipboard-kit'),
          join(fixturesFolder, 'invalid-tool'),
          ...['skwir-word-count', 'skwir-hex', 'skwir-netpbm'].map((name) => join(samplesFolder, name)),
          join(work, 'plan-maker'),
        ];
      },
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    ({ page, work } = served);
  });

  test.afterAll(() => served?.close());

  test('the tool list with nothing chosen', async () => {
    await expect(toolInList(page, 'Clipboard kit')).toHaveAttribute('data-state', 'running');
    await expectNoViolations(page, 'the tool list');
  });

  test('a tool’s tabs: Commands with their answers and the services panel, Settings, Log with the panel hidden, Messages', async () => {
    await selectTool(page, 'Clipboard kit');
    await openTab(page, 'Commands');
    const panel = page.getByRole('region', { name: 'Simulated services' });
    await panel.getByLabel('Clipboard', { exact: true }).fill('un deux trois');
    await panel.getByRole('button', { name: 'Put on the clipboard' }).click();
    await expect(panel.getByRole('status')).toHaveText('The clipboard holds “un deux trois”.');
    await command('Copy the greeting').getByRole('button').click();
    await expect(command('Copy the greeting').getByRole('status')).toHaveText(
      'Done · Put on the clipboard: “Hello from Vitruvian” · Would show on screen: “Greeting copied”',
    );
    await expect(page.getByRole('status', { name: 'Shown on screen' })).toContainText('Greeting copied');
    await command('Paste my signature').getByRole('button').click();
    await expect(command('Paste my signature').getByRole('status')).toHaveText(/^Refused/);
    await expect(page.getByRole('list', { name: 'Simulated services' })).toContainText('Put on the clipboard');
    await expectNoViolations(page, 'a tool’s Commands tab and the services panel');

    await openTab(page, 'Settings');
    const greeting = page.getByLabel('Greeting to copy');
    await greeting.fill('Bonjour');
    await greeting.press('Enter');
    await expect(page.locator('[data-preference-id="greeting"]').getByRole('status')).toHaveText('Saved');
    await expectNoViolations(page, 'a tool’s Settings tab');

    await openTab(page, 'Log');
    await expect(logView(page)).toContainText('copyGreeting ran');
    await panel.getByRole('button', { name: 'Hide simulated services' }).click();
    await expectNoViolations(page, 'a tool’s Log tab, the services panel hidden');
    await panel.getByRole('button', { name: 'Show simulated services' }).click();

    await openTab(page, 'Messages');
    const messages = page.getByRole('list', { name: 'Messages between the app and the tool' });
    await messages.getByRole('listitem').first().getByRole('button', { expanded: false }).click();
    await expect(messages.locator('pre').first()).toBeVisible();
    await expectNoViolations(page, 'a tool’s Messages tab with a message opened');
  });

  test('a refused tool', async () => {
    await selectTool(page, 'invalid-tool');
    await expect(page.getByRole('alert').filter({ hasText: 'Problems in this folder' })).toContainText('unknown service "telepathy"');
    await expectNoViolations(page, 'a refused tool');
  });

  test('a plugin’s Files tab: files with their fields, a command’s args form and value, a text answer', async () => {
    await selectTool(page, 'Word count');
    await openTab(page, 'Files');
    await addFiles('three.txt', 'notes.md');
    await expect(fileRow('notes.md')).toContainText('Words: 7');
    await page.getByRole('textbox', { name: 'File path' }).fill(file('no-such.txt'));
    await page.getByRole('textbox', { name: 'File path' }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('no file is at this path');
    await fileRow('three.txt').click();
    await fileRow('notes.md').click({ modifiers: ['Control'] });
    const count = command('Count words');
    await count.getByRole('button', { name: 'Count words' }).click();
    await count.getByLabel('Count lines too').check();
    await count.getByRole('button', { name: 'Run' }).click();
    await expect(count.getByLabel('Value')).toContainText('total: 10');
    const copy = command('Copy word counts');
    await copy.getByRole('button', { name: 'Copy word counts' }).click();
    await copy.getByRole('button', { name: 'Run' }).click();
    await expect(copy.getByRole('status')).toContainText('Put on the clipboard');
    await expectNoViolations(page, 'a plugin’s Files tab with files, a path refused, args forms, a value and a text answer');
  });

  test('a plugin’s Settings, Log and Messages', async () => {
    await openTab(page, 'Settings');
    await expect(page.getByRole('list', { name: 'Capabilities' })).toBeVisible();
    await expectNoViolations(page, 'a plugin’s Settings tab');
    await openTab(page, 'Log');
    await expectNoViolations(page, 'a plugin’s Log tab');
    await openTab(page, 'Messages');
    await expect(page.getByRole('list', { name: 'Messages between the app and the tool' })).toContainText('command');
    await expectNoViolations(page, 'a plugin’s Messages tab');
  });

  test('previews: an inspection with the bytes found marked, a converted picture with thumbnails and a failed one, pages searched', async ({}, testInfo) => {
    await selectTool(page, 'Hex');
    await openTab(page, 'Files');
    await addFiles('data.bin');
    await expect(preview().getByRole('complementary', { name: 'Details' })).toBeVisible();
    await preview().getByRole('searchbox', { name: 'Find in the file' }).fill('needle');
    await preview().getByRole('button', { name: 'Find' }).click();
    await expect(preview().getByRole('status')).toHaveText(/^Found "needle"/);
    await expect(preview().locator('mark')).toHaveCount(2); // the bytes found, in both columns: their colours are scanned too
    await expectNoViolations(page, 'an inspection with the bytes found marked');

    await selectTool(page, 'Netpbm pictures');
    await openTab(page, 'Files');
    await addFiles('dot.ppm', 'three.ppm', 'fake.ppm');
    await fileRow('dot.ppm').click();
    await expect(preview().getByRole('img', { name: 'dot.png' })).toBeVisible();
    await expect(fileRow('dot.ppm').getByRole('img', { name: 'Thumbnail of dot.ppm' })).toBeVisible();
    await expect(fileRow('fake.ppm')).toContainText('Thumbnail: The plugin failed');
    await expectNoViolations(page, 'a converted picture, thumbnails and one that failed');
    await addFiles('big.ppm');
    await fileRow('big.ppm').click();
    await expect(preview().getByRole('img', { name: 'big.png' })).toHaveAttribute('data-drawn', '');
    await expect(preview().getByRole('img', { name: 'big.png' })).toHaveJSProperty('tagName', 'CANVAS');
    await expectNoViolations(page, 'a big converted picture, read at the size shown');
    await screenshot(page, testInfo, 'axe-big-converted-picture');

    await fileRow('three.ppm').click();
    const pages = preview().getByRole('region', { name: 'Pages' });
    await expect(pages.getByRole('group', { name: 'Page 1' })).toHaveAttribute('data-drawn', 'true');
    await preview().getByRole('searchbox', { name: 'Find in the pages' }).fill('Picture 2');
    await preview().getByRole('searchbox', { name: 'Find in the pages' }).press('Enter');
    await expect(preview().getByRole('region', { name: 'Matches' }).getByRole('button')).toHaveCount(1);
    await expectNoViolations(page, 'the pages reader with a search');
  });

  test('a plan and its confirmation; the plan applied beside a slow call', async () => {
    await selectTool(page, planPluginName);
    await openTab(page, 'Files');
    await addFiles('keep.txt');
    const backup = command(planCommandTitle);
    await backup.getByRole('button', { name: planCommandTitle }).click();
    await expect(backup.getByRole('list', { name: 'Steps' })).toBeVisible();
    await expectNoViolations(page, 'a plan');
    await backup.getByRole('button', { name: 'Apply…' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Apply “${planCommandTitle}”?` });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, 'the plan’s confirmation');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(backup.getByRole('status')).toHaveText('Applied.');

    await addFiles('nap.slow');
    await fileRow('nap.slow').click();
    await expect(preview().getByRole('progressbar', { name: 'Asking the plugin…' })).toBeVisible();
    // The plan was about keep.txt: once nap.slow is chosen, it is put away.
    await expect(backup.getByRole('list', { name: 'Steps' })).toHaveCount(0);
    await expectNoViolations(page, 'a plan applied, and a slow call');
    await preview().getByRole('button', { name: 'Cancel' }).click();
    await expect(preview().getByRole('alert')).toHaveText('Cancelled');
  });

  test('the window in French', async () => {
    await page.getByLabel('Language').selectOption('fr');
    await selectTool(page, 'Trousse presse-papiers');
    await openTab(page, 'Réglages');
    await expectNoViolations(page, 'a tool’s Settings in French');
    await selectTool(page, 'Word count');
    await openTab(page, 'Fichiers');
    await expect(fileRow('three.txt')).toBeVisible();
    await expectNoViolations(page, 'a plugin’s Files tab in French');
    // A refused folder's problems, each after its field, in French.
    await selectTool(page, 'invalid-tool');
    const problems = page.getByRole('alert').filter({ hasText: 'Problèmes dans ce dossier' });
    await expect(problems).toContainText('service inconnu "telepathy"\u202f; les services sont notify, open,');
    await expect(problems).toContainText('runtime.exec\u202f: "../outside.sh" sort du dossier de l’outil');
    await expect(problems).not.toContainText('unknown service');
    await expectNoViolations(page, 'a refused tool in French');
    await page.getByLabel('Langue').selectOption('en');
    await expect(page.getByRole('alert').filter({ hasText: 'Problems in this folder' })).toContainText('unknown service "telepathy"');
  });
});
