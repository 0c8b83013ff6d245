// `vitruvian-tool run --send` as an author calls it: a real bin process and a real tool, each
// message judged before anything starts unless --anyway, each answer a JSON line with its time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const services = join(root, 'src-main/host/fixtures/host-services');
const demand = join(root, 'src-main/host/fixtures/host-demand');

const run = (...args: string[]): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/vitruvian-tool.mjs'), 'run', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => resolve({ code, out, err }));
  });

const answers = (out: string) =>
  out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe.concurrent('vitruvian-tool run --send', () => {
  it('sends each message after the commands, in order, and prints each answer with its time; a notice is said sent', async () => {
    const { code, out, err } = await run(
      services,
      '--command',
      'copy',
      '--send',
      '{"method":"command/run","params":{"command":"read"}}',
      '--send',
      '{"jsonrpc":"2.0","method":"language/changed","params":{"language":"fr"}}',
      '--send',
      '{"method":"command/run","params":{"command":"whereami"}}',
    );
    expect(answers(out)).toEqual([
      expect.objectContaining({
        outcome: 'result',
        result: {},
        ms: expect.any(Number),
        sent: expect.objectContaining({ method: 'command/run', id: expect.any(Number) }),
      }),
      expect.objectContaining({ outcome: 'noticeSent', send: { method: 'language/changed', params: { language: 'fr' }, kind: 'notice' } }),
      expect.objectContaining({ outcome: 'result' }),
    ]);
    expect(err).toContain('read: {"text":"from the tool"}');
    expect(err).toContain('send command/run: result in ');
    expect(code).toBe(0);
  });

  it('refuses a message that does not fit before anything starts, naming the field; --anyway sends it and the tool answers with its error', async () => {
    const refused = await run(services, '--send', '{"method":"command/run","params":{}}', '--send', '{"method":"commands/state"}');
    expect(refused.err).toContain('run: --send 1: params.command: missing (--anyway sends it all the same)');
    expect(refused.err).toContain('run: --send 2: method: commands/state is sent by the tool, never by the app');
    expect(refused.err).not.toContain('tool starting');
    expect(refused.code).toBe(2);
    const anyway = await run(services, '--send', '{"method":"command/run","params":{"command":"refuse","x":1}}', '--anyway');
    expect(answers(anyway.out)).toEqual([expect.objectContaining({ outcome: 'failure', error: { code: -32010, message: 'not now' } })]);
    expect(anyway.code).toBe(1);
  });

  it('starts a demand tool for its first message, and says what is no JSON', async () => {
    const started = await run(demand, '--send', '{"method":"command/run","params":{"command":"first"}}');
    expect(answers(started.out)).toEqual([expect.objectContaining({ outcome: 'result', result: {} })]);
    expect(started.err).toContain('tool running');
    const notJson = await run(services, '--send', '{method:1}');
    expect(notJson.err).toContain('run: --send: "{method:1}" is not JSON');
    expect(notJson.code).toBe(2);
  });
});
