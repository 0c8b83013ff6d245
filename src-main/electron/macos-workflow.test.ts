// .github/workflows/macos.yml, read as GitHub would read it: a macOS runner, only actions that
// exist, a Node Electron's installer takes, and the steps in order: install, the tests, the dmg
// built without a Developer ID and launched, then the real app driven by e2e/electron.spec.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const repository = join(import.meta.dirname, '..', '..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  if?: string;
  shell?: string;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; env?: Record<string, string>; steps: Step[] }>;
}

const workflow = load(await readFile(join(repository, '.github/workflows/macos.yml'), 'utf8')) as Workflow;
const packageJson = JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const job = workflow.jobs.desktop!;
const runs = job.steps.map((step) => step.run ?? '');
/** The index of the first step whose command starts with `command`. */
const stepOf = (command: string) => runs.findIndex((run) => run.trim().startsWith(command));

// The actions a step may use: GitHub's own, at a major version that exists.
const knownActions = ['actions/checkout@v4', 'actions/setup-node@v4', 'actions/upload-artifact@v4'];

describe('the macOS workflow', () => {
  it('runs on pushes to main, pull requests and by hand, on a hosted macOS runner', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(Object.keys(workflow.jobs)).toEqual(['desktop']);
    expect(job['runs-on']).toMatch(/^macos-(\d+|latest)$/);
  });

  it("uses only actions that exist, checks out, and sets up a Node that Electron's installer takes", () => {
    for (const step of job.steps) {
      expect(step.uses === undefined || knownActions.includes(step.uses), step.uses).toBe(true);
      expect(Boolean(step.uses) !== Boolean(step.run), step.name ?? step.uses).toBe(true); // each step does one thing
    }
    expect(job.steps[0]!.uses).toBe('actions/checkout@v4');
    const node = job.steps.find((step) => step.uses === 'actions/setup-node@v4')!;
    const [major, minor] = String(node.with!['node-version']).split('.').map(Number);
    expect(major! > 22 || (major === 22 && minor! >= 12)).toBe(true);
  });

  it('installs, tests, builds the dmgs without a Developer ID, launches the app, then drives it, in that order', () => {
    const order = ['npm ci', 'npm test', 'npm run dist', 'app=release/mac-arm64/Vitruvian.app', 'npm run e2e:electron'].map(stepOf);
    expect(
      order.every((at) => at >= 0),
      `steps found at ${order.join(', ')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(job.env?.CSC_IDENTITY_AUTO_DISCOVERY).toBe('false');
    expect(job.steps.some((step) => JSON.stringify(step).match(/CSC_LINK|APPLE_ID|APPLE_API_KEY/))).toBe(false);
    const launch = runs[stepOf('app=release/mac-arm64/Vitruvian.app')]!;
    expect(launch).toContain("grep -q 'Signature=adhoc'");
    expect(launch).toContain('kill -0 "$pid"');
  });

  it('names only npm scripts that exist, and makes the Electron spec run rather than skip', () => {
    for (const run of runs) {
      for (const [, script] of run.matchAll(/npm run ([\w:-]+)/g)) expect(packageJson.scripts[script!], script).toBeDefined();
    }
    expect(packageJson.scripts.test).toBeDefined();
    expect(job.steps[stepOf('npm run e2e:electron')]!.env).toEqual({ VITRUVIAN_REQUIRE_ELECTRON: '1' });
  });

  it("points the Chromium tests at the runner's Chrome", () => {
    expect(job.env?.VITRUVIAN_CHROMIUM).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
  });
});
