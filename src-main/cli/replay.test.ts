// `vitruvian-tool run --record`, `ask --record` and `replay` as an author calls them: real bin
// processes, the sample tools and plugins, and a fixture tool whose behaviour a file beside it
// changes between the recording and the replay.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../src-shared/recording/record-lines';

const root = fileURLToPath(new URL('../..', import.meta.url));
const samples = join(root, 'tools-sample');

let scratch: string;
let bench: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-replay-'));
  bench = join(scratch, 'bench');
  await cp(join(root, 'src-main/conformance/fixtures/replay-bench'), bench, { recursive: true });
  await writeFile(join(scratch, 'three.txt'), 'one two\nthree\n');
  await writeFile(join(scratch, 'tiny.pbm'), 'P1\n2 2\n1 0\n0 1\n');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const cli = (...args: string[]): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/vitruvian-tool.mjs'), ...args], { cwd: scratch });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => resolve({ code, out, err }));
  });

const recorded = async (file: string) => {
  const reading = readRecording(await readFile(join(scratch, file), 'utf8'));
  if (!reading.ok) throw new Error(reading.problem);
  return reading.recording;
};

describe.concurrent('a recording of each sample replays green', () => {
  it.each([
    ['clipboard-kit', ['--command', 'copyGreeting']],
    ['system-glance', ['--command', 'copyHostname']],
    ['word-count', ['--clipboard', 'a b c', '--command', 'countClipboard']],
  ])('the tool %s, recorded by run --record', async (sample, args) => {
    const file = `${sample}.jsonl`;
    const recording = await cli('run', join(samples, sample), ...args, '--record', file);
    expect(recording.err).toContain(`run: recorded`);
    expect(recording.code).toBe(0);
    const { session, end } = await recorded(file);
    expect(session).toMatchObject({
      dialect: 'protocol1',
      transport: 'program',
      folder: join(samples, sample),
      recordedBy: expect.stringMatching(/^vitruvian-tool run /),
    });
    expect(end).toMatchObject({ how: 'stopped' });
    const replayed = await cli('replay', file);
    expect(replayed.out).toMatch(new RegExp(`^PASS replay ${file}: \\d+ messages from dev\\.vitruvian\\.samples\\.${sample} agree with the recording\\n$`));
    expect(replayed.code).toBe(0);
  });

  it.each([
    ['skwir-word-count', 'field', ['--file', 'three.txt', '--params', '{"key":"word-count.words"}']],
    ['skwir-hex', 'inspect', ['--file', 'three.txt']],
    ['skwir-netpbm', 'thumbnail', ['--file', 'tiny.pbm']],
    ['skwir-lines', 'field', ['--file', 'three.txt', '--params', '{"key":"lines.count"}']],
  ])('the plugin %s, recorded by ask --record', async (sample, method, args) => {
    const file = `${sample}.jsonl`;
    const asked = await cli('ask', join(samples, sample), method, ...args, '--record', file);
    expect(asked.code).toBe(0);
    expect((await recorded(file)).events.some((event) => event.type === 'file')).toBe(true);
    const replayed = await cli('replay', file, join(samples, sample));
    expect(replayed.out).toMatch(/^PASS /);
    expect(replayed.code).toBe(0);
  });
});

describe('a replay against a tool that changed', () => {
  let file: string;
  beforeAll(async () => {
    await rm(join(bench, 'mode.txt'), { force: true });
    file = 'bench.jsonl';
    expect((await cli('run', bench, '--command', 'go', '--record', file)).code).toBe(0);
  });
  const replayIn = async (mode: string, ...args: string[]) => {
    await writeFile(join(bench, 'mode.txt'), mode);
    return cli('replay', file, bench, ...args);
  };

  it('fails on the field that changes every run until it is ignored, and saves the ignored pointer in the file', async () => {
    const first = await replayIn('');
    expect(first.out).toMatch(/^FAIL replay bench\.jsonl: message 4 from the program, the notice log: \/params\/time: expected \d+, got \d+\n$/);
    expect(first.code).toBe(1);
    const ignoring = await replayIn('', '--ignore', '/params/time');
    expect(ignoring.out).toBe('PASS replay bench.jsonl: 5 messages from test.replay.bench agree with the recording\n');
    expect(ignoring.code).toBe(0);
    expect((await recorded(file)).session.ignore).toEqual(['/params/time']);
    // Saved: the next replay ignores it unasked.
    expect((await replayIn('')).code).toBe(0);
  });

  it.each([
    ['changed', 'message 5 from the program, the answer to command/run (id 2): /result/went: expected absent, got true'],
    [
      'extra',
      'message 6 from the program: the notice log is one more than the recording holds: {"jsonrpc":"2.0","method":"log","params":{"message":"one more"}}',
    ],
    ['missing', 'message 4 from the program: expected the notice log, got the answer to command/run (id 2): {"jsonrpc":"2.0","id":2,"result":{}}'],
    ['reordered', 'message 4 from the program: expected the notice log, got the answer to command/run (id 2): {"jsonrpc":"2.0","id":2,"result":{}}'],
  ])("%s: fails naming the message and the field, exit 1, and --junit writes it as the test case's failure", async (mode, words) => {
    const junit = join(scratch, `${mode}.xml`);
    const { out, code } = await replayIn(mode, '--ignore', '/params/time', '--junit', junit);
    expect(out).toBe(`FAIL replay bench.jsonl: ${words}\n`);
    expect(code).toBe(1);
    const xml = await readFile(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(1);
    expect(xml).toContain(
      `<failure message="${words.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}" type="differs">`,
    );
  });
});

describe('a replay of a module plugin', () => {
  it('plays its calls through a host of its own, whose reads see the file as it is now: a changed file fails naming the value, with a warning', async () => {
    const text = join(scratch, 'lines.txt');
    await writeFile(text, 'a\nb\n');
    expect((await cli('ask', join(samples, 'skwir-lines'), 'field', '--file', text, '--params', '{"key":"lines.count"}', '--record', 'lines.jsonl')).code).toBe(
      0,
    );
    expect((await recorded('lines.jsonl')).session).toMatchObject({ dialect: 'skwir', transport: 'module' });
    expect((await cli('replay', 'lines.jsonl')).code).toBe(0);
    await writeFile(text, 'a\nb\nc\n');
    const changed = await cli('replay', 'lines.jsonl');
    expect(changed.err).toContain(`warning: ${text} changed since the recording`);
    expect(changed.out).toMatch(
      /^FAIL replay lines\.jsonl: message \d from the program, the notice log: \/params\/message: expected "counted 2 lines in 1 reads", got "counted 3 lines in 1 reads"\n$/,
    );
    expect(changed.code).toBe(1);
    // Three CLI processes, each preparing the component: on a busy machine, past the default 30 s.
  }, 180_000);
});

describe('replay refuses', () => {
  it('a file that is no recording, a pointer that is none, a folder of another tool: exit 1 or 2, naming why', async () => {
    await writeFile(join(scratch, 'not.jsonl'), '{"type":"message"}\n');
    const notOne = await cli('replay', 'not.jsonl');
    expect(notOne.err).toContain('not.jsonl is not a recording: line 1:');
    expect(notOne.code).toBe(1);
    const pointer = await cli('replay', 'not.jsonl', '--ignore', 'result');
    expect(pointer.err).toContain('--ignore: "result" is not a JSON Pointer');
    expect(pointer.code).toBe(2);
    expect((await cli('run', join(samples, 'word-count'), '--command', 'showTotal', '--record', 'wc.jsonl')).code).toBe(0);
    const other = await cli('replay', 'wc.jsonl', join(samples, 'clipboard-kit'));
    expect(other.err).toContain('holds dev.vitruvian.samples.clipboard-kit, but the recording is of dev.vitruvian.samples.word-count');
    expect(other.code).toBe(1);
  });
});
