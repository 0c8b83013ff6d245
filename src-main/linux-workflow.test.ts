// .github/workflows/linux.yml, read as GitHub would read it: the README's test command on a hosted
// Linux runner, once for the oldest Node of each range `engines` promises, with the programs the
// Linux platform's tests need and a Chrome for the end-to-end tests.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const repository = join(import.meta.dirname, '..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; env?: Record<string, string>; strategy?: { matrix?: { node?: string[] } }; steps: Step[] }>;
}

const workflow = load(await readFile(join(repository, '.github/workflows/linux.yml'), 'utf8')) as Workflow;
const packageJson = JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as { engines: { node: string } };
const job = workflow.jobs.test!;
const runs = job.steps.map((step) => step.run ?? '');

/** The lowest version of each range of an `engines` field such as "^20.19.0 || >=22.12.0". */
function lowestOfEachRange(engines: string): string[] {
  return engines.split('||').map((range) => {
    const version = /(\d+\.\d+\.\d+)/.exec(range)?.[1];
    if (!version) throw new Error(`engines.node: the range ${JSON.stringify(range.trim())} names no version`);
    return version;
  });
}

describe('the Linux workflow', () => {
  it('runs on pushes to main, pull requests and by hand, on a hosted Linux runner', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(job['runs-on']).toMatch(/^ubuntu-/);
  });

  it("tests the oldest Node of every range package.json's engines promises", () => {
    expect(lowestOfEachRange(packageJson.engines.node)).toEqual(['20.19.0', '22.12.0']);
    expect(job.strategy?.matrix?.node).toEqual(lowestOfEachRange(packageJson.engines.node));
    const node = job.steps.find((step) => step.uses === 'actions/setup-node@v4');
    expect(node?.with?.['node-version']).toBe('${{ matrix.node }}');
  });

  it("installs the Linux platform's programs, then runs npm ci and the README's test command, in that order", () => {
    const at = (command: string) => runs.findIndex((run) => run.includes(command));
    const order = [at('xvfb xdotool xclip xauth'), at('npm ci'), at('npm test')];
    expect(
      order.every((index) => index >= 0),
      `steps found at ${order.join(', ')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(job.steps[0]!.uses).toBe('actions/checkout@v4');
  });

  it("points the Chromium tests at the runner's Chrome", () => {
    expect(job.env?.VITRUVIAN_CHROMIUM).toBe('/usr/bin/google-chrome');
  });
});
