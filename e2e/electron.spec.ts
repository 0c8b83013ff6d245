// The desktop app itself, launched with Playwright's Electron support: the window shows the sample
// tools (installed on first run), a command runs, the clipboard service really writes the system
// clipboard, and quitting stops every tool. It needs Electron's binary, which Electron downloads at
// its first run (`npm run e2e:electron` asks for it first); where there is none (our build machines
// cannot download it) the spec skips, saying why.
// Run it alone with `npm run e2e:electron`.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { bundleElectron } from '../src-main/electron/bundle';
import { repoRoot } from './testbed-process';
import { selectTool, toolInList } from './window';

/**
 * The Electron binary, found the way the electron package finds it but without require('electron'),
 * which would try to download a missing binary.
 */
function electronBinary(): string | undefined {
  const folder = join(repoRoot, 'node_modules', 'electron');
  const pathFile = join(folder, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, executable ?? 'electron') : executable ? join(folder, 'dist', executable) : undefined;
  return binary && existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
const skipReason =
  'no Electron binary in node_modules/electron/dist (its download is not possible on this machine); ' +
  'on a Mac or Linux desktop `npm run e2e:electron` downloads it and runs this spec';

// The list reporter shows skipped tests without their reason: say it where a person reads.
if (!binary) console.warn(`e2e/electron.spec.ts skipped: ${skipReason}`);

const clipboardSource = 'electron application/osclipboard;format="org.nspasteboard.source"';

test.describe('the desktop app', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(!binary, skipReason);

  let app: ElectronApplication;
  let window: Page;
  let userData: string;

  test.beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'dist', 'renderer', 'index.html'))) {
      throw new Error('the window is not built: run `npm run build:renderer` first (npm run e2e:electron does)');
    }
    await bundleElectron();
    userData = await mkdtemp(join(tmpdir(), 'vitruvian-desktop-e2e-'));
    app = await _electron.launch({
      executablePath: binary!,
      args: [repoRoot],
      cwd: repoRoot,
      env: { ...process.env, VITRUVIAN_USER_DATA: userData },
      timeout: 60_000,
    });
    window = await app.firstWindow();
  });

  test.afterAll(async () => {
    await app?.close().catch(() => {});
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  test('shows the sample tools, installed on first run, running', async () => {
    await expect(window.getByRole('listbox', { name: /Installed tools|Outils installés/ })).toBeVisible();
    for (const name of ['Clipboard kit', 'Word count', 'System glance']) await expect(toolInList(window, name)).toBeVisible();
    await expect(toolInList(window, 'Clipboard kit')).toHaveAttribute('data-state', 'running');
  });

  test('keeps the window isolated: no Node, only window.vitruvian', async () => {
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(await window.evaluate(() => Object.keys((window as unknown as { vitruvian: object }).vitruvian).sort())).toContain('runCommand');
  });

  test('runs a command, and the clipboard service really writes the system clipboard, marked as Vitruvian\'s', async () => {
    await app.evaluate(({ clipboard }) => clipboard.writeText('before the command'));
    await selectTool(window, 'Clipboard kit');
    const command = window.getByRole('group', { name: 'Copy the greeting' });
    await command.getByRole('button', { name: 'Copy the greeting' }).click();
    await expect(command.getByRole('status')).toHaveText('Done');
    await expect.poll(() => app.evaluate(({ clipboard }) => clipboard.readText())).toBe('Hello from Vitruvian');
    if (process.platform === 'darwin') {
      expect(await app.evaluate(({ clipboard }, format) => clipboard.has(format), clipboardSource)).toBe(true);
    }
  });

  test('quitting stops every tool before the app exits', async () => {
    const toolProcesses = async () => {
      const { stdout } = await promisify(execFile)('ps', ['-axo', 'pid=,command=']);
      // The tools run from their installed copies under userData; Electron's own processes run from its dist.
      const electronDist = join(binary!, '..');
      return stdout.split('\n').filter((line) => line.includes(userData) && !line.includes(electronDist) && !line.includes('node_modules/electron'));
    };
    expect((await toolProcesses()).length).toBeGreaterThan(0);
    await app.close();
    expect(await toolProcesses()).toEqual([]);
  });
});
