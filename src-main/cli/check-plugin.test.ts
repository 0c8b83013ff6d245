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

/** A plugin folder of the fixture with one fault, declaring a field of .txt files and whatever `declares` adds. */
async function pluginWith(fault: string, declares: string[] = []): Promise<string> {
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
      ...declares,
      '',
    ].join('\n'),
  );
  return folder;
}

const inspectsCsv = ['[[previews]]', 'extensions = ["csv"]'];
const pagesTxt = ['[[previews]]', 'extensions = ["txt"]', 'pages = true'];

/** A file of the author's, given with --file. */
async function own(name: string, content: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'vitruvian-check-files-'));
  scratch.push(folder);
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

/**
 * Short limits only where the fault is to run past one (a call never answered, an input close never
 * heeded): a plugin that must answer is given the protocol's own, so a loaded machine, slow to start
 * a process, never turns its answer into a timeout.
 */
const short = { callMs: 1_500, closeMs: 1_000 };
/**
 * A plugin that must exit when its input closes is given long enough that a machine busy with a
 * dozen other runs never turns its exit into a fault: that it exits is judged, not how soon; the
 * close check's words name the limit given.
 */
const patient = { closeMs: 30_000 };
/** A component is made JavaScript (jco) before it runs, seconds of work that several runs at once stretch: the test's bound, not a limit judged. */
const componentWork = 120_000;

describe.concurrent('check on a Skwir plugin', () => {
  it.each(['skwir-word-count', 'skwir-hex', 'skwir-netpbm', 'skwir-lines'])(
    'passes tools-sample/%s',
    async (name) => {
      const report = await runConformance(join(root, 'tools-sample', name), { pluginLimits: patient });
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
      const report = await runConformance(folder, { pluginLimits: patient });
      expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.status} ${c.name}: ${c.reason}`)).toEqual([]);
    },
    componentWork,
  );

  it("passes the fixture without a fault, asking the author's own file", async () => {
    const folder = await pluginWith('none');
    const own = join(folder, 'mine.txt');
    await writeFile(own, 'twelve bytes');
    const { io, out } = capture();
    expect(await check([folder, '--file', own], io, { pluginLimits: patient }), out.join('\n')).toBe(0);
    expect(out).toContainEqual(`PASS field fixture.size: well formed on ${own}, in ${out.find((l) => l.startsWith('PASS field'))!.split(', in ')[1]}`);
    expect(out.at(-1)).toBe('test.check.none 1.0.0: all 8 checks passed');
  });

  // The time a call took is what was measured: past the limit, by however long a busy machine adds.
  const seconds = String.raw`(\d+(\.\d)?) s`;
  const faults: [string, string, RegExp, Partial<typeof short>?][] = [
    ['banner', 'stdout carries only messages, each answering what was asked', /^line 1, `Fixture plugin 1.0 starting`: not JSON; print to stderr instead$/],
    ['api2', 'initialize answered with an api this app speaks', /^answered `\{"api":2\}`: api 2 is not one this app speaks \(1\)$/],
    ['answers-unknown', 'an unknown method answered with an error', /^answered a result, `\{\}`, to a method it does not have$/],
    ['malformed', 'field fixture.size', /^a malformed answer on a sample \.txt file: result\.value: an object, expected/],
    [
      'bad-reads',
      'reads within the rules',
      /^\d+ refused; the first: read refused: file 9 is not a file of the call being answered \(its only file is 1\) \(-32000\)/,
    ],
    ['hangs', 'field fixture.size', new RegExp(`^no answer within ${seconds} on a sample \\.txt file$`), { callMs: short.callMs }],
    ['dies-on-cancel', '$/cancel survived', /^after the cancel, the plugin exited with code 4 before it answered$/],
    [
      'ignores-close',
      'exits 0 within 1 s of its input closing',
      /^still running 1 s after its input closed; ended by SIG(TERM|KILL)$/,
      { closeMs: short.closeMs },
    ],
  ];

  it.each(faults)('fails a plugin that is %s, on the check that names it', async (fault, name, reason, limits) => {
    const report = await runConformance(await pluginWith(fault), { pluginLimits: { ...patient, ...limits } });
    const failing = report.checks.filter((c) => c.status === 'fail');
    expect(failing.map((c) => c.name)).toContain(name);
    const found = failing.find((c) => c.name === name)!.reason;
    expect(found).toMatch(reason);
    const waited = /within (\d+(?:\.\d)?) s/.exec(found);
    if (waited && limits?.callMs) expect(Number(waited[1]) * 1000).toBeGreaterThanOrEqual(limits.callMs - 50); // no sooner than the limit
    expect(report.pass).toBe(false);
  });
});

describe('check asks what the plugin declares, on every file it is given', () => {
  const failing = async (folder: string, files: string[], limits?: Partial<typeof short>) => {
    const report = await runConformance(folder, { files, pluginLimits: { ...patient, ...limits } });
    return report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.status} ${c.name}: ${c.reason}`);
  };
  const csv = ['name,count', ...Array.from({ length: 20 }, (_, i) => `row${i},${i * 7}`), ''].join('\n');
  const threeLines = 'the first page\nthe second page\nthe third page\n';

  it('passes the fixture without a fault on every file, every search and every page asked', async () => {
    const files = [await own('one.txt', 'one line'), await own('three.txt', threeLines), await own('table.csv', csv)];
    expect(await failing(await pluginWith('none', [...inspectsCsv, ...pagesTxt]), files)).toEqual([]);
  });

  it('fails a field that breaks on the second file', async () => {
    const files = [await own('one.txt', 'one line'), await own('two.txt', 'two\nlines')];
    expect(await failing(await pluginWith('breaks-on-lines'), files)).toEqual([
      `fail field fixture.size: a malformed answer on ${files[1]}: result.value: an object, expected text, a number, true or false, null or a list`,
    ]);
  });

  it('fails an inspection whose position is wrong only when searching', async () => {
    const table = await own('table.csv', csv);
    const [fault, ...rest] = await failing(await pluginWith('wrong-find-position', inspectsCsv), [table]);
    expect(rest).toEqual([]);
    // The word is one of the file's own, from its middle: a row's name, found at that row.
    const [, word, at] = /^fail inspect: on a find of "(row(\d+))" in /.exec(fault ?? '') ?? [];
    expect(fault).toBe(
      `fail inspect: on a find of "${word}" in ${table}: position ${Number(at) + 1} marks what was found, but its row is \`row${Number(at) + 1} ${(Number(at) + 1) * 7}\`; ` +
        `the row holding "${word}" is ${at} (a position counts rows from 0 at the page's first)`,
    );
  });

  it('fails a bad width on page 2, naming the rule in words', async () => {
    const file = await own('three.txt', threeLines);
    expect(await failing(await pluginWith('bad-width-on-page-2', pagesTxt), [file])).toEqual([
      `fail page: a malformed answer on page 2 of ${file}: result.width: must be above 0, not 0`,
    ]);
  });

  it('fails a crash past the last page, and runs nothing after it', async () => {
    const file = await own('three.txt', threeLines);
    const found = await failing(await pluginWith('crashes-past-last', pagesTxt), [file]);
    expect(found).toEqual([
      `fail page: on page 4 of ${file} (one past its last, which a plugin may refuse or answer null): the plugin exited with code 1 before it answered`,
      'skip $/cancel survived: not run: the plugin exited with code 1 earlier',
      'skip exits 0 within 30 s of its input closing: not run: the plugin exited with code 1 earlier',
    ]);
  });

  it('fails a slow call once, naming it and its time; the call queued behind it is timed from when it was sent', async () => {
    const files = [await own('slow.txt', 'slow'), await own('quick.txt', 'quick')];
    const found = await failing(await pluginWith('hangs-on-slow'), files, { callMs: short.callMs });
    expect(found).toHaveLength(1);
    const [, seconds] = new RegExp(`^fail field fixture.size: no answer within (\\d+(?:\\.\\d)?) s on ${files[0]}$`).exec(found[0]!) ?? [];
    expect(Number(seconds) * 1000).toBeGreaterThanOrEqual(short.callMs - 50);
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
