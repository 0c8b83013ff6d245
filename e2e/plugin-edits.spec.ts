// An author edits the program of a plugin loaded in place without raising its version: the window
// answers from the plugin as it is now, both on its own once the folder reloaded and when the person
// presses Ask again, which asks the plugin whatever the cache holds.
import { expect, test, type Page } from '@playwright/test';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplesFolder, startTestbedCli, type RunningTestbed } from './testbed-process';
import { openTab, openWindow, selectTool } from './window';

test.describe.configure({ mode: 'serial' });

let testbed: RunningTestbed;
let work: string;
const plugin = () => join(work, 'edited');

/** The program answers every conversion with this text, as Markdown. */
const program = (said: string) =>
  [
    '#!/usr/bin/env node',
    "import { serve } from './skwir-link.mjs';",
    `serve({ convert: () => ({ name: 'said.md', data: Buffer.from('# ${said}\\n').toString('base64') }) });`,
    '',
  ].join('\n');

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-e2e-edits-'));
  await mkdir(plugin());
  await copyFile(join(samplesFolder, 'skwir-hex', 'skwir-link.mjs'), join(plugin(), 'skwir-link.mjs'));
  await writeFile(
    join(plugin(), 'skwir-plugin.toml'),
    'id = "dev.vitruvian.e2e.edited"\nname = "Edited"\nversion = "1.0.0"\ncapabilities = ["read"]\n[program]\nexec = "plugin.mjs"\n[[previews]]\nextensions = ["note"]\nconverts = true\n',
  );
  await writeFile(join(plugin(), 'plugin.mjs'), program('First answer'));
  await chmod(join(plugin(), 'plugin.mjs'), 0o755);
  await writeFile(join(work, 'a.note'), 'a note\n');
  testbed = await startTestbedCli([plugin()]);
});

test.afterAll(async () => {
  const code = await testbed?.stop();
  await rm(work, { recursive: true, force: true });
  expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed?.stderr.join('\n')}`).toBe(0);
});

const preview = (page: Page) => page.getByRole('region', { name: /^Preview of / });
const loadedLines = () => testbed.stdout.filter((line) => line.startsWith(`loaded ${plugin()}:`)).length;

/** Rewrites the program, its version kept, and waits until the test bed reloaded the folder. */
async function edit(said: string) {
  const before = loadedLines();
  await writeFile(join(plugin(), 'plugin.mjs'), program(said));
  await expect.poll(loadedLines).toBe(before + 1);
  expect(await readFile(join(plugin(), 'skwir-plugin.toml'), 'utf8')).toContain('version = "1.0.0"');
}

test('an edited program without a raised version answers anew, on its own and on Ask again', async ({ page }) => {
  await openWindow(page, testbed.url);
  await selectTool(page, 'Edited');
  await openTab(page, 'Files');
  await page.getByLabel('File path', { exact: true }).fill(join(work, 'a.note'));
  await page.getByLabel('File path', { exact: true }).press('Enter');
  await page.getByRole('option', { name: 'a.note', exact: true }).click();
  await expect(preview(page).getByRole('heading', { name: 'First answer' })).toBeVisible();

  // Once the folder reloaded, the preview shown is asked again of the new program.
  await edit('Second answer');
  await expect(preview(page).getByRole('heading', { name: 'Second answer' })).toBeVisible();
  await expect(preview(page).locator('.answer-note')).toHaveText(/^Answered in/);

  // Ask again asks the plugin, not the cache.
  await page.getByRole('button', { name: 'Ask again' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Second answer' })).toBeVisible();
  await expect(preview(page).locator('.answer-note')).toHaveText(/^Answered in/);
});
