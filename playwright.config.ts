// End-to-end tests of the browser test bed, in Debian's Chromium (Playwright's own browsers cannot
// be downloaded here). Each spec starts the real CLI with a data folder of its own, so two specs run
// at once: the specs mostly wait on the test bed and the browser, and one worker left most of the two
// cores idle (bench/README.md, "`npm test` on two cores", has the times).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts$/,
  projects: [
    { name: 'testbed', testIgnore: /electron\.spec\.ts$/ },
    // The desktop app (Playwright's Electron support): skips, saying why, where no Electron binary
    // is installed; `npm run e2e:electron` runs it alone.
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.VITRUVIAN_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
