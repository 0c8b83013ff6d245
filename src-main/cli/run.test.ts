// `vitruvian-tool run` as a tool author calls it: a real `node bin/vitruvian-tool.mjs` process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../host/process/process-group';
import { traceJson } from './headless-host';
import { command, readRunArgs } from './run';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'src-main/host/fixtures');
const services = join(fixtures, 'host-services');
const demand = join(fixtures, 'host-demand');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-run-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const run = (...args: string[]): Promise<{ code: number | null; out: string; err: string }> => runWith(() => {}, ...args);

/** `during` sees the child and its stderr so far, each time more comes. */
const runWith = (
  during: (child: ReturnType<typeof spawn>, err: string) => void,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/vitruvian-tool.mjs'), 'run', ...args], { cwd: scratch });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => {
      err += chunk;
      during(child, err);
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });

describe('vitruvian-tool run', () => {
  it('runs the commands in order and exits 0 when every one was answered {}', async () => {
    const { code, out, err } = await run(services, '--command', 'copy', '--command', 'read');
    expect(err).toContain('command copy: done');
    expect(err).toContain('read: {"text":"from the tool"}');
    expect(err).toMatch(/service clipboard\/writeText \{"text":"from the tool"\}/);
    expect(out).toBe('');
    expect(code).toBe(0);
  });

  it('--clipboard fills the simulated clipboard, so a tool that reads it can succeed', async () => {
    const filled = await run(services, '--clipboard', 'Bonjour, presse-papiers', '--command', 'read');
    expect(filled.err).toContain('read: {"text":"Bonjour, presse-papiers"}');
    expect(filled.code).toBe(0);
    // Without it the clipboard holds no text.
    expect((await run(services, '--command', 'read')).err).toContain('read: {"text":null}');
  });

  it('says so in the log when a request is answered twice, as check does', async () => {
    const twice = join(root, 'src-main/conformance/fixtures/answers-twice');
    const { code, err } = await run(twice, '--command', 'greet');
    expect(err).toMatch(
      /^warn protocol: answered twice: command\/run \(id 2\) was answered already by \{"jsonrpc":"2.0","id":2,"result":\{\}\}; this second answer was dropped$/m,
    );
    expect(err).toContain('command greet: done');
    expect(code).toBe(0);
  });

  it('leaves no tool process behind', async () => {
    const { code, err } = await run(services, '--command', 'copy');
    expect(code).toBe(0);
    expect(processAlive(Number(err.match(/started: pid (\d+)/)![1]))).toBe(false);
  });

  it('stops the tool by the stop sequence on Ctrl-C (SIGINT), and exits 1', async () => {
    let interrupted = false;
    // `slow` answers after 30 s: the run is waiting for it.
    const { code, err } = await runWith(
      (child, soFar) => {
        if (!interrupted && soFar.includes('ran slow')) {
          interrupted = true;
          child.kill('SIGINT');
        }
      },
      demand,
      '--command',
      'slow',
    );
    expect(err).toContain('run: SIGINT: stopping the tool');
    expect(code).toBe(1);
    expect(processAlive(Number(err.match(/demand tool started \(pid (\d+)\)/)![1]))).toBe(false);
  });

  it('exits 1 when a command is refused, and still runs the others', async () => {
    const { code, err } = await run(services, '--command=refuse', '--command=copy');
    expect(err).toContain('command refuse: refused: not now');
    expect(err).toContain('command copy: done');
    expect(code).toBe(1);
  });

  it('waits for a command to become runnable, starting a demand tool', async () => {
    const { code, err } = await run(demand, '--command', 'first', '--command', 'second');
    expect(err).toContain('ran first');
    expect(err).toContain('ran second');
    expect(err).toContain('command second: done');
    expect(code).toBe(0);
  });

  it('starts a demand tool as the app does, on its first command: with no --command it is not started', async () => {
    const { code, out, err } = await run(demand, '--trace');
    expect(err).toContain(
      'test.host.demand starts on demand, as in the app: on its first command, and no --command or --send was given, so it was not started',
    );
    expect(err).not.toContain('demand tool started');
    expect(err).not.toContain('tool starting');
    expect(out).toBe('');
    expect(code).toBe(0);
  });

  it('starts a demand tool when its first command runs, not before', async () => {
    const { code, out } = await run(demand, '--command', 'first', '--trace');
    const toTool = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; message: { method?: string } })
      .filter((line) => line.direction === 'toTool')
      .map((line) => line.message.method);
    expect(toTool).toEqual(['initialize', 'command/run', 'shutdown']);
    expect(code).toBe(0);
  });

  it('waits for a command runnable only a moment after the start', async () => {
    const { code, err } = await run(services, '--command', 'late');
    expect(err).toContain('late: ran');
    expect(code).toBe(0);
  });

  it('prints every message both ways as JSON lines with --trace, and only those on stdout', async () => {
    const { code, out } = await run(services, '--command', 'copy', '--trace');
    expect(code).toBe(0);
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; message: Record<string, unknown> });
    expect(lines[0]).toMatchObject({ direction: 'toTool', message: { method: 'initialize', params: { protocols: [1], language: 'en' } } });
    expect(lines[1]).toMatchObject({ direction: 'fromTool', message: { id: lines[0]!.message.id, result: { protocol: 1 } } });
    expect(lines).toContainEqual({ direction: 'fromTool', message: expect.objectContaining({ method: 'clipboard/writeText' }) });
    expect(lines).toContainEqual({ direction: 'toTool', message: expect.objectContaining({ method: 'command/run', params: { command: 'copy' } }) });
    expect(lines.filter((l) => l.direction === 'toTool').at(-1)).toMatchObject({ message: { method: 'shutdown' } });
  });

  it('--trace shows a line that was not UTF-8 as the bytes that went over the wire, not as a message', async () => {
    const folder = join(scratch, 'latin-1');
    await mkdir(folder);
    await writeFile(
      join(folder, 'vitruvian-tool.json'),
      JSON.stringify({
        id: 'test.run.latin1',
        name: { en: 'Latin-1' },
        version: '1.0.0',
        protocol: 1,
        publisher: { en: 'Tests' },
        runtime: { exec: 'tool.mjs' },
        commands: [{ id: 'speak', title: { en: 'Speak' } }],
      }),
    );
    // On its command, writes a log notice whose text is Latin-1 ("café" with the byte 0xE9), then answers.
    await writeFile(
      join(folder, 'tool.mjs'),
      `#!/usr/bin/env node
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  const answer = (result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
  if (message.method === 'initialize') answer({ protocol: 1, version: '1.0.0' });
  if (message.method !== 'command/run') return;
  process.stdout.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"log","params":{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}}\\n')]));
  answer({});
}).on('close', () => process.exit(0));
`,
      { mode: 0o755 },
    );
    const { code, out, err } = await run(folder, '--trace', '--command', 'speak');
    expect(code).toBe(0);
    expect(err).toMatch(/protocol: a line is not UTF-8/);
    const lines = out.trimEnd().split('\n');
    const latin1 = lines.filter((line) => line.includes('caf'));
    expect(latin1).toEqual([
      JSON.stringify({ direction: 'fromTool', text: '{"jsonrpc":"2.0","method":"log","params":{"message":"caf\\xe9"}}', notUtf8: true }),
    ]);
    expect(out).not.toContain('\ufffd');
    expect(lines.map((line) => JSON.parse(line) as { direction: string; message?: { error?: { code: number } } })).toContainEqual({
      direction: 'toTool',
      message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'not JSON' } },
    });
  });

  it('gives preferences, the language and the data folder asked for', async () => {
    const dataFolder = join(scratch, 'kept-data');
    const { code, err } = await run(
      services,
      '--pref',
      'note="from the CLI"',
      '--language',
      'fr',
      '--data',
      dataFolder,
      '--command',
      'recall',
      '--command',
      'whereami',
    );
    expect(err).toContain('recall: {"value":"from the CLI"}');
    expect(err).toContain('language fr');
    expect(err).toContain(`cwd: ${dataFolder}`);
    expect(code).toBe(0);
    expect(existsSync(dataFolder)).toBe(true);
  });

  it('starts in a fresh temporary data folder by default and removes it', async () => {
    const { err } = await run(services, '--command', 'whereami');
    const cwd = err.match(/cwd: (.*)/)?.[1];
    expect(cwd).toMatch(/vitruvian-run-data-/);
    expect(existsSync(cwd!)).toBe(false);
  });

  it('refuses a folder that is not a tool with exit 1 and every problem', async () => {
    const folder = join(scratch, 'bad');
    await cp(services, folder, { recursive: true });
    const file = join(folder, 'vitruvian-tool.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"clipboard.read"', '"camera"').replace('"tool.mjs"', '"gone.mjs"'));
    const { code, err } = await run(folder);
    expect(code).toBe(1);
    expect(err).toMatch(/camera/);
    expect(err).toMatch(/gone\.mjs/);
    const err2: string[] = [];
    expect(await command(['/no/such/folder'], { out: () => {}, err: (line) => err2.push(line) })).toBe(1);
    expect(err2.join('\n')).toMatch(/"\/no\/such\/folder" does not exist/);
  });

  it.each([
    [[], /missing <folder>/],
    [['a', 'b'], /one folder only/],
    [[services, '--bogus'], /unknown option --bogus; it takes --command, /],
    [[services, '-c', 'copy'], /unknown option -c; /],
    [[services, '--services', 'system', '--clipboard', 'x'], /--clipboard fills the simulated clipboard/],
    [[services, '--command'], /--command needs a value/],
    [[services, '--pref', 'note=hi'], /--pref note: "hi" is not JSON/],
    [[services, '--pref', 'nothing'], /--pref: expected <id>=<json>/],
    [[services, '--services', 'magic'], /--services: expected simulated or system/],
    [[services, '--language', 'not a tag'], /--language: expected a language tag/],
    [[services, '--command', 'nope'], /--command: unknown command "nope"/],
    [[services, '--pref', 'mode="angry"'], /^run: --pref mode: "angry" is not one of the options .*; for example --pref 'mode="/m],
    [[services, '--pref', 'note=3'], /^run: --pref note: 3 does not fit kind "text"; for example --pref 'note="Hi there"'$/m],
    [[services, '--pref', 'count=true'], /^run: --pref count: true does not fit kind "number"; for example --pref count=3$/m],
    [[services, '--pref', 'missing=1'], /--pref missing: unknown preference "missing" \(the manifest declares /],
  ])('exits 2 for a usage error: %j', async (args, reason) => {
    const err: string[] = [];
    const code = await command(args, { out: () => {}, err: (line) => err.push(line) });
    expect(err.join('\n')).toMatch(reason);
    expect(code).toBe(2);
  });

  it('exits 2 for a usage error from the real command line too', async () => {
    const { code, err } = await run(services, '--command', 'nope');
    expect(err).toMatch(/--command: unknown command "nope"/);
    expect(code).toBe(2);
  });
});

describe('vitruvian-tool run --strict', () => {
  const conformance = join(root, 'src-main/conformance/fixtures');
  const runIn = async (...args: string[]) => {
    const err: string[] = [];
    const code = await command(args, { out: () => {}, err: (line) => err.push(line) });
    return { code, err };
  };

  it.each([
    ['prints-banner', [], /^run: --strict: 1 protocol problem, so the run failed; the first: a line is not JSON: "Fixture tool 1.0 starting up"/],
    ['answers-unsent', ['--command', 'greet'], /the first: an answer with id 999 matches no request waiting for one; dropped$/],
    ['unknown-command-state', ['--command', 'greet'], /the first: commands\/state names commands the manifest does not declare: "ghost"$/],
    ['undeclared-service', ['--command', 'greet'], /the first: clipboard\/readText was refused \(-32001\)/],
    ['ignores-shutdown', [], /the first: the tool did not stop by itself within 2 seconds: it needed SIGKILL$/],
  ])(
    '%s: exit 1 with --strict, naming the first problem; exit 0 without',
    async (fixture, commands, says) => {
      const folder = join(conformance, fixture);
      const strict = await runIn(folder, ...commands, '--strict');
      expect(strict.err.at(-1), strict.err.join('\n')).toMatch(says);
      expect(strict.code).toBe(1);
      if (fixture !== 'ignores-shutdown') expect((await runIn(folder, ...commands)).code).toBe(0);
    },
    20_000,
  );

  it('passes a tool that keeps every rule', async () => {
    const { code, err } = await runIn(join(conformance, 'well-behaved'), '--command', 'greet', '--strict');
    expect(err.filter((line) => line.startsWith('run:'))).toEqual([]);
    expect(code).toBe(0);
  });
});

describe('reading the arguments', () => {
  it('takes options before or after the folder, repeated, with = or a space', () => {
    expect(readRunArgs(['--trace', 'folder', '--command=a', '--command', 'b', '--pref', 'n=1', '--pref=t="x"', '--data', 'd'])).toEqual({
      ok: true,
      args: {
        folder: 'folder',
        commands: ['a', 'b'],
        prefs: [
          { id: 'n', value: 1 },
          { id: 't', value: 'x' },
        ],
        services: 'simulated',
        trace: true,
        strict: false,
        sends: [],
        anyway: false,
        dataFolder: 'd',
      },
    });
    expect(readRunArgs(['--', '--odd-folder'])).toMatchObject({ ok: true, args: { folder: '--odd-folder' } });
  });

  it('writes a trace line as the message when it is JSON, else as text', () => {
    expect(traceJson('toTool', '{"jsonrpc":"2.0","method":"shutdown"}')).toBe('{"direction":"toTool","message":{"jsonrpc":"2.0","method":"shutdown"}}');
    expect(traceJson('fromTool', 'not json')).toBe('{"direction":"fromTool","text":"not json"}');
  });
});
