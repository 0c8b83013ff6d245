// One spec's test bed and window: a work folder of its own for the files and plugins the spec
// writes, the real CLI serving the folders it names, and a browser context showing the window.
// Closed, the test bed must stop cleanly on SIGTERM, and the work folder is removed.
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestbedCli, type RunningTestbed } from './testbed-process';
import { openWindow } from './window';

export interface ServedWindow {
  readonly testbed: RunningTestbed;
  readonly page: Page;
  /** The spec's own folder, removed on close. */
  readonly work: string;
  close(): Promise<void>;
}

export async function openServedWindow(
  browser: Browser,
  options: {
    /** Names the work folder, for a person looking in the temporary folder. */
    name: string;
    /** Writes what the spec needs into the work folder, and names the folders to serve. */
    folders: (work: string) => Promise<string[]> | string[];
    context?: BrowserContextOptions;
  },
): Promise<ServedWindow> {
  const work = await mkdtemp(join(tmpdir(), `vitruvian-e2e-${options.name}-`));
  const testbed = await startTestbedCli(await options.folders(work));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options.context });
  const page = await context.newPage();
  await openWindow(page, testbed.url);
  return {
    testbed,
    page,
    work,
    async close() {
      await context.close();
      const code = await testbed.stop();
      await rm(work, { recursive: true, force: true });
      expect(code, `the test bed should stop cleanly on SIGTERM:\n${testbed.stderr.join('\n')}`).toBe(0);
    },
  };
}
