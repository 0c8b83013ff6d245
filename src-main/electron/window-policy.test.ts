// The built window under the desktop app's own rules, in Chromium (Electron's engine), since
// Electron itself cannot run here: pages answered by the desktop app's app:// handler with its
// Content-Security-Policy header, the HostApi at window.vitruvian as the preload puts it. The
// window must show the tools, run a command through window.vitruvian, and break no CSP rule.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ protocol: {} }));
const { rendererRequestHandler } = await import('./renderer-protocol');

const repository = join(import.meta.dirname, '..', '..');
const chromiumPath = process.env.VITRUVIAN_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) console.warn(`window policy test skipped: no Chromium at ${chromiumPath} (apt-get install chromium)`);

const origin = 'http://vitruvian.test';

/** Runs in the page before its scripts: a HostApi at window.vitruvian, as the preload exposes it. */
function installDesktopApi() {
  const tool = {
    id: 'dev.vitruvian.samples.clipboard-kit',
    name: { en: 'Clipboard kit' },
    version: '1.0.0',
    publisher: { en: 'Vitruvian samples' },
    uses: ['clipboard.write'],
    commands: [{ id: 'copyGreeting', title: { en: 'Copy the greeting' }, surfaces: ['window', 'menubar'] }],
    preferences: [],
    values: {},
    secretsSet: [],
    state: 'running',
    runnable: ['copyGreeting'],
    folder: '/tools/clipboard-kit',
    loadedInPlace: false,
    start: 'launch',
  };
  const calls: unknown[][] = [];
  const violations: string[] = [];
  document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  const answer =
    (name: string, value: unknown) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return value;
    };
  const ok = { ok: true };
  Object.assign(window, {
    __calls: calls,
    __violations: violations,
    vitruvian: {
      info: answer('info', { language: 'en', services: 'system', platform: 'darwin', version: '0.1.0' }),
      listTools: answer('listTools', [tool]),
      installFolder: answer('installFolder', { ok: false, problems: ['not used here'] }),
      uninstall: answer('uninstall', ok),
      runCommand: answer('runCommand', { outcome: 'done' }),
      setPreference: answer('setPreference', ok),
      readLog: answer('readLog', []),
      clearLog: answer('clearLog', ok),
      readTrace: answer('readTrace', { lines: [], dropped: 0 }),
      clearTrace: answer('clearTrace', ok),
      readServiceCalls: answer('readServiceCalls', []),
      restart: answer('restart', ok),
      stop: answer('stop', ok),
      setLanguage: answer('setLanguage', ok),
      commandUsage: answer('commandUsage', []),
      commandShortcuts: answer('commandShortcuts', []),
      setCommandShortcut: answer('setCommandShortcut', ok),
      fileSelection: answer('fileSelection', { ok: true, paths: [] }),
      setSimulatedSelection: answer('setSimulatedSelection', { ok: false, problem: 'the system selection is not simulated' }),
      subscribe: () => ({ dispose() {} }),
      pathForFile: (file: File) => `/dropped/${file.name}`,
    },
  });
}

describe.skipIf(!hasChromium)('the window under the desktop CSP', () => {
  let folder: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vitruvian-window-'));
    // Built apart from dist/renderer, so no other test sees a half-written build.
    await new Promise<void>((resolve, reject) => {
      const vite = spawn(
        process.execPath,
        [join(repository, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', folder, '--emptyOutDir', '--logLevel', 'error'],
        {
          cwd: repository,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      vite.once('error', reject);
      vite.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build ended with ${code}`))));
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    const serve = rendererRequestHandler(folder);
    await page.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const answer = await serve(new Request(`app://vitruvian${path}`));
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      await route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
    });
    await page.addInitScript(installDesktopApi);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('shows the tools and runs a command through window.vitruvian, breaking no rule of the CSP', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const answer = await page.goto(`${origin}/index.html`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    const tools = page.getByRole('listbox', { name: 'Installed tools' });
    await tools.getByRole('option', { name: 'Clipboard kit', exact: true }).waitFor({ timeout: 20_000 });
    await tools.getByRole('option', { name: 'Clipboard kit', exact: true }).click();
    await page.getByRole('button', { name: 'Copy the greeting' }).click();
    await page.getByRole('group', { name: 'Copy the greeting' }).getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    const calls = await page.evaluate(() => (window as unknown as { __calls: unknown[][] }).__calls);
    expect(calls).toContainEqual(['runCommand', 'dev.vitruvian.samples.clipboard-kit', 'copyGreeting']);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
