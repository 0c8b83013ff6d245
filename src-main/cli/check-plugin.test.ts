// vitruvian-tool check on Skwir plugins: the samples and what `new --kind skwir` makes pass, and a
// plugin with each fault fails exactly the check that names it. Real processes throughout.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/conformance-run';
import { check } from './check';
import type { CliIo } from './io';
import { main } from './main';

const root = fileURLToPath(new URL('../../', import.meta.url));
const program = join(root, 'src-main/conformance/fixtures/skwir/plugin.mjs');
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((folder) => rm(folder, { recursive: true, force: true }))));

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { io, out, err };
};

/** A plugin folder of the fixture with one fault. */
async function pluginWith(fault: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `vitruvian-check-${fault}-`));
  scratch.push(folder);
  await copyFile(program, join(folder, 'plugin.mjs'));
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      `id = "test.check.${fault}"`,
      'name = "Fixture"',
      'version = "1.0.0"',
      'capabilities = ["read"]',
      '[program]',
      'exec = "plugin.mjs"',
      `args = ["${fault}"]`,
      '[[fields]]',
      'key = "fixture.size"',
      'title = "Size"',
      'extensions = ["txt"]',
      '',
    ].join('\n'),
  );
  return folder;
}

/**
 * Short limits only where the fault is to run past one (a call never answered, an input close never
 * heeded): a plugin that must answer is given the protocol's own, so a loaded machine, slow to start
 * a process, never turns its answer into a timeout.
 */
const short = { callMs: 1_500, closeMs: 1_000 };
/** A component is made JavaScript (jco) before it runs, seconds of work that several runs at once stretch: the test's bound, not a limit judged. */
const componentWork = 120_000;

describe.concurrent('check on a Skwir plugin', () => {
  it.each(['skwir-word-count', 'skwir-hex', 'skwir-netpbm', 'skwir-lines'])(
    'passes tools-sample/%s',
    async (name) => {
      const report = await runConformance(join(root, 'tools-sample', name));
      expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.status} ${c.name}: ${c.reason}`)).toEqual([]);
    },
    componentWork,
  );

  it.each(['node', 'python', 'sh', 'wat'])(
    'passes what `new --kind skwir --lang %s` makes, as made',
    async (lang) => {
      const parent = await mkdtemp(join(tmpdir(), 'vitruvian-check-new-plugin-'));
      scratch.push(parent);
      const folder = join(parent, `my-${lang}-plugin`);
      const made = capture();
      expect(await main(['new', folder, '--kind', 'skwir', '--lang', lang], made.io), made.err.join('\n')).toBe(0);
      const report = await runConformance(folder);
      expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.status} ${c.name}: ${c.reason}`)).toEqual([]);
    },
    componentWork,
  );

  it("passes the fixture without a fault, asking the author's own file", async () => {
    const folder = await pluginWith('none');
    const own = join(folder, 'mine.txt');
    await writeFile(own, 'twelve bytes');
    const { io, out } = capture();
    expect(await check([folder, '--file', own], io), out.join('\n')).toBe(0);
    expect(out).toContainEqual(`PASS field fixture.size: well formed on ${own}, in ${out.find((l) => l.startsWith('PASS field'))!.split(', in ')[1]}`);
    expect(out.at(-1)).toBe('test.check.none 1.0.0: all 8 checks passed');
  });

  // The time a call took is what was measured: past the limit, by however long a busy machine adds.
  const seconds = String.raw`(\d+(\.\d)?) s`;
  const faults: [string, string, RegExp, Partial<typeof short>?][] = [
    ['banner', 'stdout carries only messages, each answering what was asked', /^one problem; the first: a line is not JSON: "Fixture plugin 1.0 starting"/],
    ['api2', 'initialize answered with an api this app speaks', /^answered `\{"api":2\}`: api 2 is not one this app speaks \(1\)$/],
    ['answers-unknown', 'an unknown method answered with an error', /^answered a result, `\{\}`, to a method it does not have$/],
    ['malformed', 'field fixture.size', /^a malformed answer on a sample \.txt file: result\.value: an object, expected/],
    [
      'bad-reads',
      'reads within the rules',
      /^\d+ refused; the first: read refused: file 9 is not a file of the call being answered \(its only file is 1\) \(-32000\)/,
    ],
    ['hangs', 'field fixture.size', new RegExp(`^no answer within ${seconds} on a sample \\.txt file$`), { callMs: short.callMs }],
    ['dies-on-cancel', '$/cancel survived', /^after a \$\/cancel, it exited with code 4$/],
    [
      'ignores-close',
      'exits 0 within 2 s of its input closing',
      /^still running 1 s after its input closed; ended by SIG(TERM|KILL)$/,
      { closeMs: short.closeMs },
    ],
  ];

  it.each(faults)('fails a plugin that is %s, on the check that names it', async (fault, name, reason, limits) => {
    const report = await runConformance(await pluginWith(fault), limits ? { pluginLimits: limits } : {});
    const failing = report.checks.filter((c) => c.status === 'fail');
    expect(failing.map((c) => c.name)).toContain(name);
    const found = failing.find((c) => c.name === name)!.reason;
    expect(found).toMatch(reason);
    const waited = /within (\d+(?:\.\d)?) s/.exec(found);
    if (waited && limits?.callMs) expect(Number(waited[1]) * 1000).toBeGreaterThanOrEqual(limits.callMs - 50); // no sooner than the limit
    expect(report.pass).toBe(false);
  });
});

describe('check on a module plugin', () => {
  it(
    "judges what a component can do wrong, not a program's wire: it starts, answers, survives a cancel, reads within the rules",
    async () => {
      const report = await runConformance(join(root, 'tools-sample', 'skwir-lines'));
      expect(report.checks.map((c) => c.name)).toEqual([
        'the folder validates',
        'the component starts',
        'field lines.count',
        'a cancel survived',
        'reads within the rules',
      ]);
      expect(report.checks[0]!.reason).toBe('dev.vitruvian.samples.skwir-lines 1.0.0 (Skwir plugin, module)');
    },
    componentWork,
  );
});

describe('the sample files check makes', () => {
  it('are real files of the kinds declared', async () => {
    const { sampleContent } = await import('../conformance/plugin/sample-files');
    expect(String(sampleContent('ppm')).startsWith('P3\n')).toBe(true);
    expect((sampleContent('png') as Buffer).subarray(1, 4).toString()).toBe('PNG');
  });
});
