// vitruvian-tool ask as an author calls it: the three sample plugins through the real CLI with every
// method they declare, and the host's fixture plugin for the queue, the timeout, a capability
// withheld, a plan printed and never applied, and each usage error.
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main } from './main';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sample = (name: string) => join(root, 'tools-sample', name);
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vitruvian-ask-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function ask(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await main(['ask', ...args], io);
  return { code, out, err, answers: out.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const write = async (name: string, content: string | Buffer) => {
  const path = join(scratch, name);
  await writeFile(path, content);
  return path;
};

/** A folder of the host's fixture plugin declaring these fields (its keys say what it does). */
async function fixturePlugin(keys: string[], capabilities = ['read']): Promise<string> {
  const folder = await mkdtemp(join(scratch, 'fixture-'));
  await copyFile(join(root, 'src-main/host/fixtures/skwir-plugin.mjs'), join(folder, 'plugin.mjs'));
  const fields = keys.flatMap((key) => ['[[fields]]', `key = "${key}"`, `title = "${key}"`]);
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      'id = "test.ask.fixture"',
      'name = "Fixture"',
      'version = "1.0.0"',
      `capabilities = ${JSON.stringify(capabilities)}`,
      '[program]',
      'exec = "plugin.mjs"',
      ...fields,
      '[[commands]]',
      'name = "echo"',
      'title = "Echo"',
      '',
    ].join('\n'),
  );
  return folder;
}

describe('ask, on the sample plugins', () => {
  it('asks word-count its field for several files, queued at once, one line each in file order', async () => {
    const files = [await write('one.txt', 'one'), await write('three.txt', 'three little words'), await write('none.txt', '')];
    const { code, answers } = await ask([
      sample('skwir-word-count'),
      'field',
      ...files.flatMap((f) => ['--file', f]),
      '--params',
      '{"key":"word-count.words"}',
    ]);
    expect(answers).toEqual([
      { file: files[0], answer: { value: 1 } },
      { file: files[1], answer: { value: 3 } },
      { file: files[2], answer: { value: 0 } },
    ]);
    expect(code).toBe(0);
  });

  it("runs word-count's commands over all files as one call: a value, then text with what it said", async () => {
    const files = [await write('a.txt', 'a b'), await write('b.txt', 'c d e')];
    const value = await ask([sample('skwir-word-count'), 'command', ...files.flatMap((f) => ['--file', f]), '--params', '{"command":"word-count.count"}']);
    expect(value.answers).toHaveLength(1);
    expect(value.answers[0]).toMatchObject({ files, answer: { answer: 'value', value: { total: 5 } } });
    const text = await ask([
      sample('skwir-word-count'),
      'command',
      ...files.flatMap((f) => ['--file', f]),
      '--params',
      '{"command":"word-count.copy-summary"}',
    ]);
    expect(text.answers[0]).toMatchObject({ answer: { answer: 'text', said: expect.stringContaining('2') } });
    expect(String((text.answers[0]!.answer as { text: string }).text)).toContain('a.txt');
  });

  it('pages through the hex inspector and finds bytes, with position and notice', async () => {
    const file = await write('blob.bin', Buffer.concat([Buffer.alloc(5000, 0x41), Buffer.from([0xde, 0xad, 0xbe, 0xef]), Buffer.alloc(100, 0x42)]));
    const first = await ask([sample('skwir-hex'), 'inspect', '--file', file]);
    const page = first.answers[0]!.answer as { kind: string; next: number; rows: unknown[]; columns: string[] };
    expect(page).toMatchObject({ kind: 'hex', columns: ['Offset', 'Bytes', 'Characters'], previous: null, next: 4096 });
    expect(page.rows).toHaveLength(256);
    const second = await ask([sample('skwir-hex'), 'inspect', '--file', file, '--params', '{"offset":4096}']);
    expect(second.answers[0]!.answer).toMatchObject({ previous: 0, next: null });
    const found = await ask([sample('skwir-hex'), 'inspect', '--file', file, '--params', '{"query":"de ad be ef"}']);
    expect(found.answers[0]!.answer).toMatchObject({ position: 5000, notice: expect.stringMatching(/0x0*1388/i) });
  });

  it('gets a Netpbm thumbnail, a conversion and a page, and writes the pictures with --out', async () => {
    const ppm = await write('two.ppm', 'P3\n2 1\n255\n255 0 0 0 0 255\n');
    const out = join(scratch, 'out');
    const thumbnail = await ask([sample('skwir-netpbm'), 'thumbnail', '--file', ppm, '--out', out]);
    expect(thumbnail.code).toBe(0);
    const converted = await ask([sample('skwir-netpbm'), 'convert', '--file', ppm, '--out', out]);
    expect(converted.answers[0]!.answer).toMatchObject({ name: 'two.png' });
    const page = await ask([sample('skwir-netpbm'), 'page', '--file', ppm, '--params', '{"page":1,"side":8,"text":true}', '--out', out]);
    expect(page.answers[0]!.answer).toMatchObject({ pages: 1, width: 2, height: 1, outline: [{ title: expect.any(String), depth: 0, page: 1 }] });
    expect((await readdir(out)).sort()).toEqual(['two.png', 'two.ppm.page-1.side-8.png', 'two.ppm.thumbnail-256.png']);
    const png = await readFile(join(out, 'two.png'));
    expect(png.readUInt32BE(16)).toBe(2); // width in IHDR
    const again = await ask([sample('skwir-netpbm'), 'convert', '--file', ppm, '--out', out]);
    expect(again.err).toContainEqual(`ask: not written: ${join(out, 'two.png')} exists already (nothing is overwritten)`);
    expect(again.code).toBe(1);
  });

  it('--out names each page by its number and side, so page 2 lands beside page 1; one not written fails the call', async () => {
    // Three pictures in one file: a red pixel, a 2x1 green and blue, a 3x1 grey.
    const ppm = await write('three.ppm', 'P3\n1 1\n255\n255 0 0\nP3\n2 1\n255\n0 255 0 0 0 255\nP3\n3 1\n255\n9 9 9 9 9 9 9 9 9\n');
    const out = join(scratch, 'pages');
    const page = (n: number, side = 64) => ask([sample('skwir-netpbm'), 'page', '--file', ppm, '--params', JSON.stringify({ page: n, side }), '--out', out]);
    const first = await page(1);
    expect(first.answers[0]!.answer).toMatchObject({ pages: 3, width: 1 });
    const second = await page(2);
    expect(second.answers[0]!.answer).toMatchObject({ pages: 3, width: 2 });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.err).toContainEqual(expect.stringMatching(new RegExp(`^ask: wrote ${join(out, 'three.ppm.page-2.side-64.png')} \\(\\d+ bytes\\)$`)));
    expect((await page(2, 16)).code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['three.ppm.page-1.side-64.png', 'three.ppm.page-2.side-16.png', 'three.ppm.page-2.side-64.png']);
    expect((await readFile(join(out, 'three.ppm.page-2.side-64.png'))).readUInt32BE(16)).toBe(64); // drawn at the side asked

    const again = await page(2);
    expect(again.answers[0]!.answer).toMatchObject({ pages: 3 }); // answered, printed, but not written
    expect(again.err).toContainEqual(`ask: not written: ${join(out, 'three.ppm.page-2.side-64.png')} exists already (nothing is overwritten)`);
    expect(again.code).toBe(1);
    // A folder that cannot be made (a file is in its way) fails the call too, naming why.
    const blocked = await ask([sample('skwir-netpbm'), 'thumbnail', '--file', ppm, '--out', join(out, 'three.ppm.page-1.side-64.png')]);
    expect(blocked.err).toContainEqual(expect.stringMatching(/^ask: not written: .*three\.ppm\.thumbnail-256\.png \(the folder could not be made: EEXIST\)$/));
    expect(blocked.code).toBe(1);
  });

  it('--trace prints every message both ways as JSON lines on stderr, stdout keeping only the answers', async () => {
    const { err, out } = await ask([
      sample('skwir-word-count'),
      'field',
      '--file',
      await write('t.txt', 'x y'),
      '--params',
      '{"key":"word-count.words"}',
      '--trace',
    ]);
    const traced = err.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { direction: string; message: { method?: string } });
    expect(traced.map((t) => `${t.direction} ${t.message.method ?? 'answer'}`)).toEqual(
      expect.arrayContaining(['toTool initialize', 'fromTool answer', 'toTool field', 'fromTool read']),
    );
    expect(out).toHaveLength(1);
  });
});

describe('ask, as the host runs a plugin', () => {
  it('cancels a call past --timeout with $/cancel, and exits 1 naming it', async () => {
    const folder = await fixturePlugin(['late.3000']);
    const { code, answers } = await ask([folder, 'field', '--file', await write('x.txt', 'x'), '--params', '{"key":"late.3000"}', '--timeout', '0.3']);
    expect(answers).toEqual([{ file: join(scratch, 'x.txt'), error: 'no answer to field within 0.3 seconds; it was cancelled' }]);
    expect(code).toBe(1);
  });

  it("grants less with --capability: the plugin's read is refused, and its failure is the answer", async () => {
    const folder = await fixturePlugin(['echo'], ['read', 'network']);
    const file = await write('e.json', '{"value": 5}');
    expect((await ask([folder, 'field', '--file', file, '--params', '{"key":"echo"}'])).answers).toEqual([{ file, answer: { value: 5 } }]);
    const withheld = await ask([folder, 'field', '--file', file, '--params', '{"key":"echo"}', '--capability', 'network']);
    expect(withheld.answers).toEqual([{ file, error: 'read refused: the plugin was not granted the read capability' }]);
    expect(withheld.code).toBe(1);
    const nothing = await ask([folder, 'field', '--file', file, '--params', '{"key":"echo"}', '--capability', 'none']);
    expect(nothing.answers).toEqual([{ file, error: 'read refused: the plugin was not granted the read capability' }]);
  });

  it('prints a plan and applies nothing', async () => {
    const folder = await fixturePlugin([], ['read', 'write']);
    const victim = await write('victim.txt', 'keep me');
    const plan = await write('plan.json', JSON.stringify({ answer: 'plan', title: 'Tidy', steps: [{ op: 'trash', file: 2 }] }));
    const { code, answers, err } = await ask([folder, 'command', '--file', plan, '--file', victim, '--params', '{"command":"echo"}']);
    expect(answers[0]).toMatchObject({ answer: { answer: 'plan', title: 'Tidy', note: null, steps: [{ op: 'trash', file: 2 }] } });
    expect(err).toContainEqual('ask: the plan is printed, never applied; the window applies a plan once a person confirms it');
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect(code).toBe(0);
  });

  it('prints a failure naming the depth for each answer nested 5,000 deep', async () => {
    const folder = await fixturePlugin([]);
    await writeFile(join(folder, 'skwir-plugin.toml'), `${await readFile(join(folder, 'skwir-plugin.toml'), 'utf8')}[[previews]]\n`);
    const file = await write('d.txt', 'd');
    const other = await write('e.txt', 'e');
    const { code, answers } = await ask([folder, 'inspect', '--file', file, '--file', other, '--params', '{"query":"deep-target:5000"}']);
    const failure = `the plugin's answer to inspect is malformed: result.rows[0].target…: nested more than 64 levels deep; an answer may nest 64 at most`;
    expect(answers).toEqual([
      { file, error: failure },
      { file: other, error: failure },
    ]);
    expect(code).toBe(1);
  });

  it('prints an inspection of 20,000 rows cut to 10,000, saying how many were left out', async () => {
    const folder = await fixturePlugin([]);
    await writeFile(join(folder, 'skwir-plugin.toml'), `${await readFile(join(folder, 'skwir-plugin.toml'), 'utf8')}[[previews]]\n`);
    const file = await write('r.txt', 'r');
    const { code, answers } = await ask([folder, 'inspect', '--file', file, '--params', '{"query":"rows:20000"}']);
    expect(answers[0]).toMatchObject({ file, answer: { title: 'Rows', leftOut: { rows: 10_000 } } });
    expect((answers[0]!.answer as { rows: unknown[] }).rows).toHaveLength(10_000);
    expect(code).toBe(0);
  });

  it('exits 2 naming each mistake, before anything starts', async () => {
    const folder = await fixturePlugin(['echo']);
    const file = await write('u.txt', 'u');
    const cases: [string[], string][] = [
      [[folder, 'guess', '--file', file], '<method>: expected field, thumbnail, inspect, convert, page or command, got "guess"'],
      [[folder, 'field'], '--file: field is asked about files; give one or more --file <path>'],
      [[folder, 'field', '--file', file, '--params', '{nope'], '--params: "{nope" is not JSON (an object, such as \'{"key":"word-count.words"}\')'],
      [[folder, 'field', '--file', file, '--params', '{"key":"size"}'], 'key: "size" is not a field of the plugin (it declares "echo")'],
      [[folder, 'thumbnail', '--file', file], 'thumbnail: the plugin declares no preview with thumbnails = true, so it is not asked thumbnail'],
      [
        [folder, 'field', '--file', file, '--params', '{"key":"echo"}', '--capability', 'write'],
        '--capability write: the plugin does not ask for it (it asks for read); --capability grants less than the manifest asks, never more',
      ],
      [
        [folder, 'field', '--file', file, '--params', '{"key":"echo"}', '--timeout', 'soon'],
        '--timeout: expected seconds above 0, such as 5 or 0.5, got "soon"',
      ],
      [
        [sample('skwir-word-count'), 'command', '--file', file, '--params', '{"command":"word-count.count","args":{"lines":true,"color":"red"}}'],
        'args.color: not a property the schema allows (it allows "lines")',
      ],
      [
        [sample('clipboard-kit'), 'field', '--file', file],
        `${sample('clipboard-kit')} is a tool, not a Skwir plugin: run its commands with vitruvian-tool run`,
      ],
    ];
    for (const [args, problem] of cases) {
      const { code, err, out } = await ask(args);
      expect(err[0], args.join(' ')).toBe(`ask: ${problem}`);
      expect(out).toEqual([]);
      expect(code).toBe(2);
    }
  });
});
