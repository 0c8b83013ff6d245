// A tool folder nobody here has seen, written by the test, given to `vitruvian-tool testbed
// <folder> --port 0`: it shows by its name, its command runs from its button, its log line appears,
// its titled preferences show and its untitled one does not; an edit to its files shows at once; a
// folder refused at start-up shows too, refused with every problem, until an edit makes it valid.
import { expect, test } from '@playwright/test';
import { chmod, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestbedCli, type RunningTestbed } from './testbed-process';
import { logView, openTab, openWindow, screenshot, selectTool, toolInList } from './window';

const manifest = (name: string) => ({
  id: 'org.example.heldout.weather',
  name: { en: name },
  version: '0.3.0',
  protocol: 1,
  publisher: { en: 'Someone else' },
  runtime: { exec: 'weather.mjs' },
  commands: [{ id: 'forecast', title: { en: 'Tell the forecast' }, surfaces: ['window'] }],
  preferences: [
    { id: 'city', kind: 'text', title: { en: 'City for the forecast' }, default: 'Lyon' },
    { id: 'metric', kind: 'boolean', title: { en: 'Use degrees Celsius' }, default: true },
    { id: 'lastRun', kind: 'text', default: '' },
  ],
});

const program = `#!/usr/bin/env node
import { createInterface } from 'node:readline';
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') send({ id: m.id, result: { protocol: 1, version: '0.3.0' } });
  else if (m.method === 'command/run') {
    send({ method: 'log', params: { message: 'the forecast is sunny with a chance of tests' } });
    send({ id: m.id, result: {} });
  } else if (m.method === 'shutdown') process.exit(0);
  else if (m.id !== undefined) send({ id: m.id, error: { code: -32601, message: 'unknown method' } });
});
process.stdin.on('end', () => process.exit(0));
`;

let folder: string;
let testbed: RunningTestbed | undefined;

test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-held-out-'));
  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(manifest('Weather Desk'), null, 2));
  await writeFile(join(folder, 'weather.mjs'), program);
  await chmod(join(folder, 'weather.mjs'), 0o755);
});

test.afterEach(async () => {
  await testbed?.stop();
  testbed = undefined;
  await rm(folder, { recursive: true, force: true });
});

test('a held-out tool folder works in the test bed as its author expects', async ({ page }, testInfo) => {
  testbed = await startTestbedCli([folder]);
  expect(testbed.stdout).toContain(`loaded ${folder}: org.example.heldout.weather 0.3.0`);
  await openWindow(page, testbed.url);

  await expect(toolInList(page, 'Weather Desk')).toBeVisible();
  await selectTool(page, 'Weather Desk');
  await expect(page.getByText('Loaded in place')).toBeVisible();

  await openTab(page, 'Commands');
  const command = page.getByRole('group', { name: 'Tell the forecast' });
  await command.getByRole('button', { name: 'Tell the forecast' }).click();
  await expect(command.getByRole('status')).toHaveText('Done');

  await openTab(page, 'Log');
  await expect(logView(page)).toContainText('the forecast is sunny with a chance of tests');

  await openTab(page, 'Settings');
  await expect(page.getByLabel('City for the forecast')).toHaveValue('Lyon');
  await expect(page.getByLabel('Use degrees Celsius')).toBeChecked();
  await expect(page.locator('[data-preference-id]')).toHaveCount(2);
  await expect(page.locator('[data-preference-id="lastRun"]')).toHaveCount(0);
  await expect(page.getByText('lastRun')).toHaveCount(0);
  await screenshot(page, testInfo, '10-held-out');
});

test('an edit to a folder loaded in place shows at once, and so does a mistake', async ({ page }, testInfo) => {
  testbed = await startTestbedCli([folder]);
  await openWindow(page, testbed.url);
  await expect(toolInList(page, 'Weather Desk')).toBeVisible();

  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(manifest('Weather Desk Two'), null, 2));
  await expect(toolInList(page, 'Weather Desk Two')).toBeVisible();
  await testbed.waitForLine(/^loaded .*: org\.example\.heldout\.weather 0\.3\.0$/);

  const broken = { ...manifest('Weather Desk Two'), uses: ['weather.api'] };
  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(broken, null, 2));
  const tool = toolList(page);
  await expect(tool).toHaveAttribute('data-state', 'refused');
  await tool.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Problems in this folder' })).toContainText('uses[0]: unknown service "weather.api"');
  await testbed.waitForLine(/^ {2}uses\[0\]: unknown service "weather\.api"/);
  await screenshot(page, testInfo, '11-reload-refused');

  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(manifest('Weather Desk Three'), null, 2));
  await expect(toolInList(page, 'Weather Desk Three')).toHaveAttribute('data-state', /starting|running/);
});

test('a folder refused at start-up shows at once, refused with every problem, and becomes the tool once fixed', async ({ page }, testInfo) => {
  const bad = `${folder}-broken`;
  await cp(folder, bad, { recursive: true });
  const broken = { ...manifest('Rain Gauge'), id: 'org.example.heldout.rain', uses: ['notify', 'camera'], version: 7 };
  await writeFile(join(bad, 'vitruvian-tool.json'), JSON.stringify(broken, null, 2));
  try {
    testbed = await startTestbedCli([folder, bad]);
    expect(testbed.stdout).toContain(`refused ${bad}:`);
    expect(testbed.stdout).toContain(
      '  uses[1]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
    );
    await openWindow(page, testbed.url);

    await expect(toolInList(page, 'Weather Desk')).toBeVisible();
    const refused = toolInList(page, 'Rain Gauge');
    await expect(refused).toHaveAttribute('data-state', 'refused');
    await expect(refused).toContainText('Refused');
    await selectTool(page, 'Rain Gauge');
    const problems = page.getByRole('alert').filter({ hasText: 'Problems in this folder' });
    await expect(problems.getByRole('listitem')).toHaveText([
      'version: 7 is a whole number, expected text',
      'uses[1]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
    ]);
    await expect(page.getByRole('button', { name: 'Restart' })).toBeDisabled();
    await openTab(page, 'Log');
    await expect(logView(page)).toContainText('the folder was refused');
    await expect(logView(page)).not.toContainText('started');
    await screenshot(page, testInfo, '12-refused-at-start');

    await writeFile(join(bad, 'vitruvian-tool.json'), JSON.stringify({ ...broken, uses: ['notify'], version: '0.3.1' }, null, 2));
    await expect(toolInList(page, 'Rain Gauge')).toHaveAttribute('data-state', /starting|running/);
    await testbed.waitForLine(/^loaded .*-broken: org\.example\.heldout\.rain 0\.3\.1$/);
    await openTab(page, 'Commands');
    const command = page.getByRole('group', { name: 'Tell the forecast' });
    await command.getByRole('button', { name: 'Tell the forecast' }).click();
    await expect(command.getByRole('status')).toHaveText('Done');
  } finally {
    await rm(bad, { recursive: true, force: true });
  }
});

/** The one tool in the list, whatever its name shows as while refused. */
const toolList = (page: import('@playwright/test').Page) => page.getByRole('listbox', { name: 'Installed tools' }).getByRole('option').first();
