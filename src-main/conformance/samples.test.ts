// issue 6's bar for `check`: it passes every sample tool, and every tool `vitruvian-tool new`
// creates, as created. Real processes, the protocol's own time limits.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/io';
import { main } from '../cli/main';
import type { ConformanceReport } from './check-result';
import { runConformance } from './conformance-run';

const samples = fileURLToPath(new URL('../../tools-sample/', import.meta.url));
const sampleFolders = readdirSync(samples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(samples, entry.name, 'vitruvian-tool.json')))
  .map((entry) => entry.name);

/** The checks that did not pass, as their lines, so a failure shows why. */
const notPassed = (report: ConformanceReport): string[] =>
  report.checks.filter((check) => check.status !== 'pass').map((check) => `${check.status} ${check.name}: ${check.reason}`);

describe.concurrent('check passes the sample tools', () => {
  it('finds the samples', () => {
    expect(sampleFolders.length).toBeGreaterThanOrEqual(3);
  });

  it.each(sampleFolders)('tools-sample/%s', async (name) => {
    const report = await runConformance(join(samples, name));
    expect(notPassed(report)).toEqual([]);
    expect(report.pass).toBe(true);
    expect(report.checks.length).toBeGreaterThan(10);
  });
});

describe.concurrent('check passes what `vitruvian-tool new` creates', () => {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it.each(['node', 'python', 'sh'])('--lang %s', async (lang) => {
    const parent = await mkdtemp(join(tmpdir(), 'vitruvian-check-new-'));
    made.push(parent);
    const folder = join(parent, `my-${lang}-tool`);
    const said: string[] = [];
    const io: CliIo = { out: (line) => said.push(line), err: (line) => said.push(line) };
    expect(await main(['new', folder, '--lang', lang], io), said.join('\n')).toBe(0);
    const report = await runConformance(folder);
    expect(notPassed(report)).toEqual([]);
    expect(report.checks.some((check) => check.id.startsWith('command-run:'))).toBe(true);
  });
});
