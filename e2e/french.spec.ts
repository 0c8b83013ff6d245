// The window in French, where its words are longest, at 800 x 600: every box's placeholder fits
// inside the box, on each screen that has one (the sidebar's filter, Install..., a plugin's file path
// and its find in a file, the reader's find, the log's search, a secret preference, the simulated
// clipboard); a plugin's number is written with French separators; a refused folder's problems, the
// host's lines in a plugin's log and a file's size are in French too.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './axe';
import { writeGivenFiles } from './plugin-fixtures';
import { fixturesFolder, samplesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { logView, openTab, openWindow, screenshot, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let testbed: RunningTestbed;
let page: Page;
let work: string;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-e2e-french-'));
  await writeGivenFiles(work);
  await writeFile(join(work, 'many.txt'), 'word '.repeat(12_345));
  // Eight entries, for the sidebar to offer its filter.
  testbed = await startTestbedCli([
    ...['clipboard-kit', 'word-count', 'system-glance', 'skwir-hex', 'skwir-netpbm', 'skwir-word-count', 'skwir-lines'].map((name) =>
      join(samplesFolder, name),
    ),
    join(fixturesFolder, 'greeter'),
  ]);
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await openWindow(page, testbed.url);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Outils' })).toBeVisible();
});

test.afterAll(async () => {
  await page?.close();
  const code = await testbed?.stop();
  await rm(work, { recursive: true, force: true });
  expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed?.stderr.join('\n')}`).toBe(0);
});

/** Each visible box's placeholder whose text is wider than the room inside the box, with both widths. */
async function placeholdersCut(): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    const boxes: (HTMLInputElement | HTMLTextAreaElement)[] = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'),
    );
    for (const box of boxes) {
      if (box.offsetParent === null || box.placeholder === '') continue;
      const style = getComputedStyle(box, '::placeholder');
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = canvas.measureText(box.placeholder).width;
      const outer = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(outer.paddingLeft) - parseFloat(outer.paddingRight);
      // A search box draws its clear button inside the room once typed in, never over a placeholder.
      if (text > room + 0.5) cut.push(`${box.placeholder}: ${Math.ceil(text)} px in ${Math.floor(room)} px`);
    }
    return cut;
  });
}

test('every placeholder fits its box in French', async ({}, testInfo) => {
  const seen = new Set<string>();
  const look = async () => {
    for (const box of await page.locator('input[placeholder]:visible, textarea[placeholder]:visible').all())
      seen.add((await box.getAttribute('placeholder')) ?? '');
    expect(await placeholdersCut()).toEqual([]);
  };
  await look(); // the sidebar's filter

  await selectTool(page, 'Trousse presse-papiers');
  await openTab(page, 'Réglages');
  await look(); // a secret preference, the simulated clipboard
  await openTab(page, 'Journal');
  await look();
  await openTab(page, 'Messages');
  await look(); // the search in the messages
  await screenshot(page, testInfo, 'french-messages-toolbar');

  await selectTool(page, 'Hex');
  await openTab(page, 'Fichiers');
  await look(); // the file path
  await page.getByLabel('Chemin du fichier', { exact: true }).fill(join(work, 'data.bin'));
  await page.getByLabel('Chemin du fichier', { exact: true }).press('Enter');
  await page.getByRole('option', { name: 'data.bin', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Aperçu de data.bin' })).toBeVisible();
  await look(); // the find in a file

  await selectTool(page, 'Netpbm pictures');
  await openTab(page, 'Fichiers');
  await page.getByLabel('Chemin du fichier', { exact: true }).fill(join(work, 'three.ppm'));
  await page.getByLabel('Chemin du fichier', { exact: true }).press('Enter');
  await page.getByRole('option', { name: 'three.ppm', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Aperçu de three.ppm' }).getByText(/Page 1 sur 3/)).toBeVisible();
  await look(); // the reader's find

  await page.getByRole('button', { name: 'Installer…' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look();
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

  expect([...seen].sort()).toEqual(
    expect.arrayContaining([
      'Filtrer les outils',
      'Chercher dans le journal',
      'Chercher dans les messages',
      'Chercher dans le fichier',
      'Rien dans le presse-papiers',
      '/chemin/vers/un/fichier',
    ]),
  );
});

test('a number a plugin gives for a file is written with French separators', async () => {
  await selectTool(page, 'Word count');
  await openTab(page, 'Fichiers');
  await page.getByLabel('Chemin du fichier', { exact: true }).fill(join(work, 'many.txt'));
  await page.getByLabel('Chemin du fichier', { exact: true }).press('Enter');
  await expect(page.getByRole('option', { name: 'many.txt', exact: true })).toContainText('12\u202f345');
});

test('a refused folder’s problems are in French, each after its field', async ({}, testInfo) => {
  // Three problems at once: a field missing, a version that is not one, a service that does not exist.
  const broken = join(work, 'broken-tool');
  await mkdir(broken);
  await writeFile(join(broken, 'run.sh'), '#!/bin/sh\n');
  await chmod(join(broken, 'run.sh'), 0o755);
  const manifest = { id: 'org.example.broken', name: { en: 'Broken' }, version: 'one', protocol: 1, uses: ['notify', 'camera'], runtime: { exec: 'run.sh' } };
  await writeFile(join(broken, 'vitruvian-tool.json'), JSON.stringify(manifest, null, 2));

  await page.getByRole('button', { name: 'Installer…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Installer un outil' });
  await dialog.getByLabel('Dossier de l’outil').fill(broken);
  await dialog.getByRole('button', { name: 'Installer', exact: true }).click();
  const refusal = dialog.getByRole('alert', { name: 'Résultat de l’installation' });
  await expect(refusal).toContainText('n’a pas été installé');
  await expect(refusal.getByRole('listitem')).toHaveText([
    'publisher\u202f: manquant',
    'version\u202f: "one" n’est pas une version sémantique comme 1.2.0 (majeure.mineure.correctif, chacune un nombre entier)',
    'uses[1]\u202f: service inconnu "camera"\u202f; les services sont notify, open, clipboard.read, clipboard.write, keystrokes, processes et storage',
  ]);
  expect(await placeholdersCut()).toEqual([]);
  await screenshot(page, testInfo, 'french-refused-folder');
  await expectNoAxeViolations(page, 'the install dialog with its French refusal');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
});

test('the host’s lines in a plugin’s log, and a file’s size, are in French', async ({}, testInfo) => {
  // The plugin counted many.txt above: the host wrote its loading and its start.
  await selectTool(page, 'Word count');
  await openTab(page, 'Journal');
  await expect(logView(page)).toContainText(/version [\d.]+ chargée sur place depuis/);
  await expect(logView(page)).toContainText(/démarré \(pid \d+, api Skwir 1, version [\d.]+\)/);
  await expect(logView(page)).not.toContainText('started (pid');
  await screenshot(page, testInfo, 'french-plugin-log');

  await selectTool(page, 'Netpbm pictures');
  await openTab(page, 'Fichiers');
  await page.getByLabel('Chemin du fichier', { exact: true }).fill(join(work, 'dot.ppm'));
  await page.getByLabel('Chemin du fichier', { exact: true }).press('Enter');
  await page.getByRole('option', { name: 'dot.ppm', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Aperçu de dot.ppm' });
  await expect(preview.locator('.converted-size')).toHaveText(/^\d+ octets$|^[\d,]+\u00a0(ko|Mo)$/);
  await screenshot(page, testInfo, 'french-converted-size');
});
