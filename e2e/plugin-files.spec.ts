// A person's path through Skwir plugins in the test bed: the three sample plugins and one written
// here (it answers plans and sleeps when inspected), files added by path and one dropped (through
// the test bed's upload), fields and thumbnails, hex paging and search, a command with args and its
// value, text put on the clipboard, a plan applied in simulated mode (recorded, the file untouched),
// a slow call cancelled, a plugin's failure shown, the cache seen in Messages, and the tab in French.
// The converted picture and the page reader are tested with the previews themselves (ui/preview/).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeGivenFiles, writePlanPlugin } from './plugin-fixtures';
import { openServedWindow, type ServedWindow } from './served-window';
import { samplesFolder, type RunningTestbed } from './testbed-process';
import { openTab, screenshot, selectTool, toolInList } from './window';

test.describe.configure({ mode: 'serial' });

let served: ServedWindow;
let testbed: RunningTestbed;
let page: Page;
let work: string;
const file = (name: string) => join(work, 'files', name);

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  served = await openServedWindow(browser, {
    name: 'plugins',
    folders: async (work) => {
      await writeGivenFiles(join(work, 'files'));
      await writePlanPlugin(join(work, 'plan-maker'));
      return [...['skwir-word-count', 'skwir-hex', 'skwir-netpbm', 'skwir-lines'].map((name) => join(samplesFolder, name)), join(work, 'plan-maker')];
    },
    context: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  ({ testbed, page, work } = served);
});

test.afterAll(() => served?.close());

const files = () => page.getByRole('listbox', { name: /Files given to the plugin|Fichiers donnés au plugin/ });
const fileRow = (name: string) => files().getByRole('option', { name, exact: true });
const preview = () => page.getByRole('region', { name: /^(Preview of|Aperçu de) / });
const command = (title: string) => page.getByRole('group', { name: title, exact: true });

async function addPath(path: string, label = 'File path') {
  await page.getByLabel(label, { exact: true }).fill(path);
  await page.getByLabel(label, { exact: true }).press('Enter');
}

test('lists the plugins beside tools, each marked, with what each was granted and declares', async ({}, testInfo) => {
  for (const name of ['Word count', 'Hex', 'Netpbm pictures', 'Plan maker']) {
    await expect(toolInList(page, name).getByText('Plugin', { exact: true })).toBeVisible();
  }
  await screenshot(page, testInfo, 'plugin-01-sidebar');
  await selectTool(page, 'Word count');
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Files', 'Settings', 'Log', 'Messages']);
  await openTab(page, 'Settings');
  await expect(page.getByRole('list', { name: 'Capabilities' })).toContainText('Reads the files you give it');
  await expect(page.getByRole('list', { name: 'Fields' })).toContainText('Words');
  await expect(page.getByRole('list', { name: 'Commands' })).toContainText('Count wordsword-count.countFor .txt');
  await expect(page.getByRole('list', { name: 'Commands' })).toContainText('Options: lines');
  await screenshot(page, testInfo, 'plugin-02-settings');
});

test('shows each file’s fields, for files added by path and one dropped', async ({}, testInfo) => {
  await openTab(page, 'Files');
  await addPath(file('three.txt'));
  await addPath(file('notes.md'));
  await expect(fileRow('three.txt')).toContainText('Words: 3');
  await expect(fileRow('notes.md')).toContainText('Words: 7');
  // A browser cannot tell where a dropped file is: the window sends its bytes to the test bed.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['one two three four\n'], 'dropped.txt', { type: 'text/plain' }));
    return transfer;
  });
  // Dropped anywhere on the Files tab, here on the empty space under the commands: given to the plugin, never installed.
  const target = page.getByRole('tabpanel');
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await expect(fileRow('dropped.txt')).toContainText('Words: 4');
  const kept = await fileRow('dropped.txt').locator('.file-name').getAttribute('title');
  expect(kept?.startsWith(join(testbed.dataFolder, 'dropped'))).toBe(true);
  expect(await readFile(kept!, 'utf8')).toBe('one two three four\n');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The picker, as a person chooses files with it.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (await chooser).setFiles([file('keep.txt')]);
  await expect(fileRow('keep.txt')).toContainText('Words: 5');
  await screenshot(page, testInfo, 'plugin-03-fields');
});

test('refuses a path at once, saying what is wrong with it, and tells two files of the same name apart', async ({}, testInfo) => {
  await addPath(file('no-such.txt'));
  await expect(page.getByRole('alert')).toHaveText(`${file('no-such.txt')} was not added: no file is at this path`);
  await addPath('three.txt');
  await expect(page.getByRole('alert')).toContainText('three.txt was not added: the path does not start from the root of the disk');
  await addPath(join(work, 'files'));
  await expect(page.getByRole('alert')).toContainText('it is a folder; give the files in it');
  await expect(page.getByText('The plugin failed')).toHaveCount(0);
  await screenshot(page, testInfo, 'plugin-03b-refused-path');
  // keep.txt came through the picker (a copy in the test bed's folder): the one added by path is told apart by its folder.
  await addPath(file('keep.txt'));
  await expect(files().getByRole('option', { name: 'files/keep.txt', exact: true })).toContainText('Words: 5');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await files().getByRole('option', { name: 'files/keep.txt', exact: true }).click();
  await page.getByRole('button', { name: 'Remove the chosen' }).click();
  await expect(files().getByRole('option')).toHaveCount(4);
});

test('runs a command with its args on the chosen files and shows its value', async ({}, testInfo) => {
  await fileRow('three.txt').click();
  await fileRow('notes.md').click({ modifiers: ['Control'] });
  await expect(files().getByRole('option', { selected: true })).toHaveCount(2);
  const count = command('Count words');
  await count.getByRole('button', { name: 'Count words' }).click();
  await count.getByLabel('Count lines too').check();
  await count.getByRole('button', { name: 'Run' }).click();
  const value = count.getByLabel('Value');
  await expect(value).toContainText('total: 10');
  await expect(value).toContainText('lines: 4');
  await expect(value).toContainText('name: notes.md');
  // Not JSON: no braces or quotes.
  await expect(value).not.toContainText('{');
  await value.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'plugin-04-command-value');
});

test('puts a text answer on the simulated clipboard, recorded, and shows what the plugin said', async ({}, testInfo) => {
  // The browser's own clipboard is the person's: the test bed never writes it.
  await page.evaluate(() => navigator.clipboard.writeText('the person’s own'));
  const copy = command('Copy word counts');
  await copy.getByRole('button', { name: 'Copy word counts' }).click();
  await copy.getByRole('button', { name: 'Run' }).click();
  await expect(copy.getByRole('status')).toHaveText('Copied the counts of 2 files · Put on the clipboard');
  const panel = page.getByRole('region', { name: 'Simulated services' });
  await expect(panel.getByLabel('Clipboard', { exact: true })).toHaveValue('three.txt: 3 words\nnotes.md: 7 words\n');
  await expect(page.getByRole('list', { name: 'Simulated services' }).getByRole('listitem').first()).toContainText(
    'Word countPut on the clipboard: “three.txt: 3 words',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('the person’s own');
  await copy.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'plugin-05-clipboard');
});

test('pages through a file’s bytes and finds text in them', async ({}, testInfo) => {
  await selectTool(page, 'Hex');
  await addPath(file('data.bin'));
  await expect(preview().getByRole('heading', { name: 'Hex · 10 KB' })).toBeVisible();
  const rows = preview().locator('.inspection-rows tbody tr');
  await expect(rows.first()).toContainText('00000000');
  await expect(preview().getByRole('complementary', { name: 'Details' })).toContainText('10,257 bytes');
  await preview().getByRole('button', { name: 'Next' }).click();
  await expect(rows.first()).toContainText('00001000');
  await preview().getByRole('button', { name: 'Previous' }).click();
  await expect(rows.first()).toContainText('00000000');
  await screenshot(page, testInfo, 'plugin-06-hex');
  // What is marked: each <mark> as "its row's offset: its text", bytes column then characters.
  const marks = preview().locator('mark');
  const marked = () => marks.evaluateAll((all) => all.map((mark) => `${mark.closest('tr')!.cells[0]!.textContent}: ${mark.textContent}`));
  const search = preview().getByRole('searchbox', { name: 'Find in the file' });
  const find = async (text: string) => {
    await search.fill(text);
    await preview().getByRole('button', { name: 'Find' }).click();
  };
  // The bytes count up (0x78 is "x"), so "xyz" is there every 256 bytes: Find again moves the mark.
  await find('xyz');
  await expect(preview().getByRole('status')).toHaveText('Found "xyz" at 0x78');
  await expect.poll(marked).toEqual(['00000070: 78 79 7a', '00000070: xyz']);
  await preview().getByRole('button', { name: 'Find' }).click();
  await expect(preview().getByRole('status')).toHaveText('Found "xyz" at 0x178');
  await expect.poll(marked).toEqual(['00000170: 78 79 7a', '00000170: xyz']);

  await find('needle');
  await expect(preview().getByRole('status')).toHaveText('Found "needle" at 0x2800');
  await expect.poll(marked).toEqual(['00002800: 6e 65 65 64 6c 65', '00002800: needle']);
  await expect(marks.first()).toBeInViewport();
  await expect(preview().locator('tr[data-found]')).toHaveCount(0); // the bytes are marked, not the row
  await screenshot(page, testInfo, 'plugin-07-hex-search');
  // "needle in the hay": "hay" starts 2 bytes before a row's end.
  await find('hay');
  await expect(preview().getByRole('status')).toHaveText('Found "hay" at 0x280e');
  await expect.poll(marked).toEqual(['00002800: 68 61', '00002800: ha', '00002810: 79', '00002810: y']);
  await preview().getByRole('button', { name: 'Find' }).click();
  await expect(preview().getByRole('status')).toHaveText('Not found after 0x280f: "hay"');
  await expect(marks).toHaveCount(0);
  await expect(preview().locator('[data-found]')).toHaveCount(0);
});

test('shows thumbnails, and a plugin’s failure where its answer would be', async ({}, testInfo) => {
  await selectTool(page, 'Netpbm pictures');
  for (const name of ['dot.ppm', 'grey.pgm', 'fake.ppm']) await addPath(file(name));
  for (const name of ['dot.ppm', 'grey.pgm']) {
    const thumbnail = fileRow(name).getByRole('img', { name: `Thumbnail of ${name}` });
    await expect(thumbnail).toBeVisible();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(fileRow('fake.ppm')).toContainText('Thumbnail: The plugin failed: not a Netpbm file');
  await fileRow('fake.ppm').click();
  await expect(preview().getByRole('alert')).toHaveText(/^The plugin failed: not a Netpbm file/);
  await screenshot(page, testInfo, 'plugin-08-failure');
});

test('reads pages in the tab’s height, each at its own size, the preview in sight beside the row of thumbnails', async ({}, testInfo) => {
  await addPath(file('three.ppm'));
  await fileRow('three.ppm').click();
  const reader = preview().locator('.reader');
  const pages = preview().getByRole('region', { name: 'Pages' });
  await expect(pages.getByRole('group', { name: 'Page 1' })).toHaveAttribute('data-drawn', 'true');
  await expect(preview().getByText('Page 1 of 3', { exact: true })).toBeVisible();
  // A 2 x 1 picture is 2 x 1 pixels, not stretched across the window.
  await expect.poll(async () => (await pages.getByRole('group', { name: 'Page 1' }).boundingBox())?.width).toBe(2);
  // The reader takes the height of the tab, not of its outline (three entries).
  const panel = (await page.getByRole('tabpanel').boundingBox())!;
  const readerBox = (await reader.boundingBox())!;
  expect(readerBox.height).toBeGreaterThan(panel.height * 0.7);
  // The thumbnails lie in a row: the preview starts in sight.
  expect(await files().getAttribute('aria-orientation')).toBe('horizontal');
  const heading = (await preview().getByRole('heading', { name: 'Preview of three.ppm' }).boundingBox())!;
  expect(heading.y).toBeLessThan(panel.y + panel.height);
  await screenshot(page, testInfo, 'plugin-08b-pages');
});

test('a second view of the same converted file asks the plugin nothing: Messages shows no new message', async ({}, testInfo) => {
  await fileRow('dot.ppm').click();
  await expect(preview().locator('.answer-note')).toHaveText(/^Answered in|^From the cache/);
  await openTab(page, 'Messages');
  await page.getByRole('combobox', { name: 'Method', exact: true }).selectOption('convert');
  const counted = page.locator('.line-count');
  await expect(counted).toHaveText(/^\d+ of \d+ messages$/);
  const before = await counted.textContent();
  const converts = Number(/^(\d+)/.exec(before ?? '')?.[1]);
  expect(converts).toBeGreaterThanOrEqual(2);
  await openTab(page, 'Files');
  await fileRow('grey.pgm').click();
  await expect(preview().locator('.answer-note')).toBeVisible();
  await fileRow('dot.ppm').click();
  await expect(preview().locator('.answer-note')).toHaveText('From the cache, without asking the plugin');
  await openTab(page, 'Messages');
  // grey.pgm's conversion was asked once (request and answer); dot.ppm's second view, never.
  await expect(counted).toHaveText(new RegExp(`^${converts + 2} of \\d+ messages$`));
  await screenshot(page, testInfo, 'plugin-09-cache');
  await page.getByRole('combobox', { name: 'Method', exact: true }).selectOption('');
});

test('shows a plan in words and applies it in simulated mode: recorded, the file untouched', async ({}, testInfo) => {
  await selectTool(page, 'Plan maker');
  await openTab(page, 'Files');
  await addPath(file('keep.txt'));
  const backup = command('Keep a backup');
  await backup.getByRole('button', { name: 'Keep a backup' }).click();
  await expect(backup.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText(['Rename keep.txt to keep.txt.bak']);
  await expect(backup).toContainText('Each file gets .bak added to its name.');
  await screenshot(page, testInfo, 'plugin-10-plan');
  await backup.getByRole('button', { name: 'Apply…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Apply “Keep a backup”?' });
  await expect(dialog).toContainText('1 file changes.');
  await expect(dialog).toContainText('The services are simulated');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(backup.getByRole('status')).toHaveText('Applied.');
  await expect(backup.getByRole('listitem')).toContainText('Recorded in the services panel (simulated)');
  await expect(page.getByRole('list', { name: 'Simulated services' })).toContainText(`Would rename ${file('keep.txt')} to keep.txt.bak`);
  expect(await readFile(file('keep.txt'), 'utf8')).toBe('keep me as I am\n');
  expect(existsSync(file('keep.txt.bak'))).toBe(false);
  await screenshot(page, testInfo, 'plugin-11-plan-applied');
});

test('shows a slow call’s progress and cancels it', async ({}, testInfo) => {
  await addPath(file('nap.slow'));
  await fileRow('nap.slow').click();
  const progress = preview().getByRole('progressbar', { name: 'Asking the plugin…' });
  await expect(progress).toBeVisible();
  // How far it read, as the host knows it.
  await expect(preview().getByText('2 bytes of 4 bytes read')).toBeVisible();
  await expect(progress).toHaveAttribute('max', '4');
  // The plan was about keep.txt: once nap.slow is chosen, it is put away.
  await expect(command('Keep a backup').getByRole('list', { name: 'Steps' })).toHaveCount(0);
  await progress.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'plugin-12-slow');
  await preview().getByRole('button', { name: 'Cancel' }).click();
  await expect(preview().getByRole('alert')).toHaveText('Cancelled');
  await expect(progress).toHaveCount(0);
  await openTab(page, 'Messages');
  await expect(page.getByRole('list', { name: 'Messages between the app and the tool' })).toContainText('$/cancel');
  await screenshot(page, testInfo, 'plugin-13-cancelled');
});

test('says a module plugin is being prepared on its first use, then its answer', async ({}, testInfo) => {
  await selectTool(page, 'Line count');
  await openTab(page, 'Files');
  await addPath(file('notes.md'));
  // Its component is compiled on its first use (seconds): the window says so, not only "Asking".
  await expect(page.getByText('Preparing the plugin (first use)…')).toBeVisible();
  await screenshot(page, testInfo, 'plugin-13b-preparing');
  await expect(fileRow('notes.md')).toContainText('Lines: 3', { timeout: 60_000 });
  await expect(page.getByText('Preparing the plugin (first use)…')).toHaveCount(0);
});

test('goes through the Files tab in French', async ({}, testInfo) => {
  await page.getByLabel('Language').selectOption('fr');
  await selectTool(page, 'Word count');
  await openTab(page, 'Fichiers');
  await expect(fileRow('three.txt')).toContainText('Words\u202f: 3');
  await writeFile(file('cinq.txt'), 'un deux trois quatre cinq\n');
  await addPath(file('cinq.txt'), 'Chemin du fichier');
  await expect(fileRow('cinq.txt')).toContainText('Words\u202f: 5');
  await addPath('cinq.txt', 'Chemin du fichier');
  await expect(page.getByRole('alert')).toContainText('cinq.txt n’a pas été ajouté\u202f: le chemin ne part pas de la racine du disque');
  await fileRow('cinq.txt').click();
  const commands = page.getByRole('region', { name: 'Commandes' });
  await expect(commands).toContainText('Commandes pour 1 fichier choisi');
  // Its form is still open: the person opened it and never closed it.
  await expect(command('Count words').getByRole('button', { name: 'Count words' })).toHaveAttribute('aria-expanded', 'true');
  await command('Count words').getByRole('button', { name: 'Lancer' }).click();
  await expect(command('Count words').getByLabel('Valeur')).toContainText('total\u202f: 5');
  await expect(page.getByRole('button', { name: 'Tout choisir' })).toBeVisible();
  await command('Count words').getByLabel('Valeur').scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'plugin-14-french');
  await page.getByLabel('Langue').selectOption('en');
  await expect(page.getByRole('tab', { name: 'Files' })).toBeVisible();
});
