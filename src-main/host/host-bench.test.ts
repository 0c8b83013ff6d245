// The author's bench in the host, through its own interface and with real processes: a message
// sent by hand to a tool, a program plugin and a module plugin, judged against the protocol unless
// sent anyway, answered with the time it took and traced as any other line; and the recording of an
// entry's latest session, with the inputs the host had and the files the calls named.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordLine } from '../../src-shared/recording/record-lines';
import { SimulatedPlatform } from '../platform/simulated';
import { fixturePluginFolder } from './fixtures/plugin-folder';
import { createHost, type Host, type HostOptions } from './host';

const root = fileURLToPath(new URL('../../', import.meta.url));
const services = join(root, 'src-main/host/fixtures/host-services');
const TOOL = 'test.host.services';
const PLUGIN = 'test.bench.plugin';
const LINES = 'dev.vitruvian.samples.skwir-lines';

let scratch: string;
let host: Host;
const open = async (options: Partial<HostOptions> = {}) => {
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated', ...options });
};
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-host-bench-'));
  await open();
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const file = async (name: string, text: string) => {
  const path = join(scratch, name);
  await writeFile(path, text);
  return path;
};
const traced = async (id: string) => (await host.readTrace(id)).lines.map((line) => `${line.direction} ${line.text}`);
const logged = async (id: string) => (await host.readLog(id)).map((line) => line.message);
const recorded = async (id: string): Promise<RecordLine[]> => {
  const answer = await host.readRecording(id);
  if (!answer.ok) throw new Error(answer.problem);
  return answer.lines;
};

describe('a message sent by hand to a tool', () => {
  beforeEach(async () => {
    await host.loadInPlace(services);
    await host.start(TOOL);
  });

  it('goes on its link, and its answer comes back with the time it took, traced as any other line', async () => {
    const answer = await host.sendMessage(TOOL, { method: 'command/run', params: { command: 'copy' } }, false);
    expect(answer).toMatchObject({
      outcome: 'result',
      result: {},
      ms: expect.any(Number),
      sent: { jsonrpc: '2.0', method: 'command/run', id: expect.any(Number) },
    });
    const id = String(answer.sent!.id);
    expect(await traced(TOOL)).toEqual(
      expect.arrayContaining([
        `toTool {"jsonrpc":"2.0","id":${id},"method":"command/run","params":{"command":"copy"}}`,
        `fromTool {"jsonrpc":"2.0","id":${id},"result":{}}`,
      ]),
    );
    expect(await logged(TOOL)).toContain('copy: {}');
  });

  it('is refused naming the field when it does not fit, and sent anyway when asked: the tool answers', async () => {
    const before = (await traced(TOOL)).length;
    expect(await host.sendMessage(TOOL, { method: 'command/run', params: {} }, false)).toEqual({ outcome: 'refused', problems: ['params.command: missing'] });
    expect(await host.sendMessage(TOOL, { method: 'commands/state', params: { runnable: [] } }, false)).toEqual({
      outcome: 'refused',
      problems: ['method: commands/state is sent by the tool, never by the app'],
    });
    expect(await traced(TOOL)).toHaveLength(before); // nothing went
    expect(await host.sendMessage(TOOL, { method: 'no/such', params: { x: 1 } }, false)).toMatchObject({
      outcome: 'failure',
      error: { code: -32601, message: 'unknown method' },
    });
    expect(await host.sendMessage(TOOL, { method: 'command/run', params: { command: 'refuse' }, kind: 'notice' }, false)).toMatchObject({ outcome: 'refused' });
    expect(await host.sendMessage(TOOL, { method: 'command/run', params: { command: 'refuse' } }, false)).toMatchObject({
      outcome: 'failure',
      error: { code: -32010, message: 'not now' },
    });
  });

  it('as a notice is written and said sent; the tool acts on it', async () => {
    expect(await host.sendMessage(TOOL, { method: 'language/changed', params: { language: 'fr' } }, false)).toMatchObject({
      outcome: 'noticeSent',
      sent: { method: 'language/changed' },
    });
    // Its next answer comes after the notice was read.
    await host.sendMessage(TOOL, { method: 'command/run', params: { command: 'whereami' } }, false);
    expect(await logged(TOOL)).toContain('language: fr');
  });

  it('is judged without being sent when the composer asks, each problem naming the field', async () => {
    const before = (await traced(TOOL)).length;
    expect(await host.checkMessage(TOOL, { method: 'command/run', params: { command: 'nope' } })).toEqual({
      problems: [
        'params.command: "nope" is not a command of the tool (it declares "copy", "read", "remember", "recall", "recallTwice", "copyToken", "paste", "hud", "whereami", "refuse", "late")',
      ],
    });
    expect(await host.checkMessage(TOOL, { method: 'command/run', params: { command: 'copy' } })).toEqual({ problems: [] });
    expect(await host.checkMessage('no.such', { method: 'x' })).toEqual({ problems: ['no tool “no.such” is installed'] });
    expect(await traced(TOOL)).toHaveLength(before);
  });

  it('to an id that names nothing, or a shape that is no message, is said so', async () => {
    expect(await host.sendMessage('no.such', { method: 'x' }, false)).toEqual({ outcome: 'unavailable', message: 'no tool “no.such” is installed' });
    expect(await host.sendMessage(TOOL, { method: 'x', params: 3 }, true)).toEqual({
      outcome: 'refused',
      problems: ['message.params: JSON-RPC params are an object or a list, got 3'],
    });
  });
});

describe('a message sent by hand to a Skwir plugin', () => {
  it('waits its turn in the call queue, and gets handles for its files as a call does', async () => {
    await host.loadInPlace(await fixturePluginFolder(scratch, { id: PLUGIN, fields: ['echo', 'slow.1.300'] }));
    const data = await file('seven.json', '{"value":7}');
    const slow = host.callPlugin(PLUGIN, { method: 'field', params: { key: 'slow.1.300' }, files: [data] });
    const byHand = host.sendMessage(PLUGIN, { method: 'field', params: { key: 'echo' }, files: [data] }, false);
    expect(await byHand).toMatchObject({
      outcome: 'result',
      result: { value: 7 },
      sent: { method: 'field', params: { key: 'echo', file: { handle: 2, name: 'seven.json' } } },
    });
    expect(await slow).toMatchObject({ outcome: 'answered' });
    const trace = (await host.readTrace(PLUGIN)).lines;
    const slowAnswered = trace.findIndex((line) => line.direction === 'fromTool' && line.text.includes('"result":{"value":1}'));
    const handSent = trace.findIndex((line) => line.direction === 'toTool' && line.text.includes('"key":"echo"'));
    expect(slowAnswered).toBeGreaterThan(0);
    expect(handSent).toBeGreaterThan(slowAnswered);
    expect((await logged(PLUGIN)).filter((line) => line.startsWith('OVERLAP'))).toEqual([]);
  });

  it("is judged against the manifest unless sent anyway, and its answer is judged as a call's for the person", async () => {
    await host.loadInPlace(await fixturePluginFolder(scratch, { id: PLUGIN, fields: ['echo'] }));
    const odd = await file('odd.json', '[1]');
    expect(await host.sendMessage(PLUGIN, { method: 'field', params: { key: 'fail:no' }, files: [odd] }, false)).toEqual({
      outcome: 'refused',
      problems: ['key: "fail:no" is not a field of the plugin (it declares "echo")'],
    });
    expect(await host.sendMessage(PLUGIN, { method: 'field', params: { key: 'fail:no' }, files: [odd] }, true)).toMatchObject({
      outcome: 'failure',
      error: { code: -32000, message: 'no' },
    });
    const odds = await host.sendMessage(PLUGIN, { method: 'field', params: { key: 'echo' }, files: [odd] }, false);
    expect(odds).toMatchObject({ outcome: 'result', result: [1], problems: [expect.stringMatching(/^result/)] });
    // A method Skwir does not know goes, its files as entries; a notice is written.
    expect(await host.sendMessage(PLUGIN, { method: 'future/thing', files: [odd] }, false)).toMatchObject({
      outcome: 'result',
      result: [1],
      sent: { params: { entries: [{ name: 'odd.json' }] } },
    });
    expect(await host.sendMessage(PLUGIN, { method: '$/cancel', params: { id: 99 } }, false)).toMatchObject({ outcome: 'noticeSent' });
    expect(await host.sendMessage(PLUGIN, { method: 'field', params: { key: 'echo' }, files: [join(scratch, 'gone.json')] }, false)).toMatchObject({
      outcome: 'unavailable',
      message: expect.stringContaining('gone.json: no file is at this path'),
    });
  });

  it('to a module plugin is a call of the component, traced as its calls are; a notice has nowhere to go', async () => {
    await host.loadInPlace(join(root, 'tools-sample/skwir-lines'));
    const text = await file('three.txt', 'a\nb\nc\n');
    expect(await host.sendMessage(LINES, { method: 'field', params: { key: 'lines.count' }, files: [text] }, false)).toMatchObject({
      outcome: 'result',
      result: { value: 3 },
    });
    const trace = (await host.readTrace(LINES)).lines.map((line) => `${line.direction} ${line.method}`);
    expect([trace[0], trace.at(-1)]).toEqual(['toTool field', 'fromTool field']);
    expect(trace).toContain('fromTool read');
    expect(await host.sendMessage(LINES, { method: '$/cancel', params: { id: 1 } }, false)).toMatchObject({
      outcome: 'unavailable',
      message: expect.stringContaining('never told'),
    });
  });
});

describe('the recording of a session', () => {
  it('holds the inputs the host had, every line both ways, the clipboard set meanwhile and the stop, a secret masked', async () => {
    await host.loadInPlace(await fixturePluginFolder(scratch, { id: PLUGIN, fields: ['echo'] }));
    expect(await host.readRecording(PLUGIN)).toEqual({ ok: false, problem: 'the plugin has not run yet: there is no session to save' });
    await host.loadInPlace(services);
    await host.setPreference(TOOL, 'note', 'jotted');
    await host.restart(TOOL);
    await host.setSimulatedClipboard('on the clipboard');
    await host.runCommand(TOOL, 'read');
    await host.setPreference(TOOL, 'token', 'hunter2');
    await host.stop(TOOL);
    const lines = await recorded(TOOL);
    expect(lines[0]).toMatchObject({
      type: 'session',
      format: 1,
      dialect: 'protocol1',
      transport: 'program',
      id: TOOL,
      version: '1.0.0',
      folder: services,
      recordedBy: expect.stringMatching(/^Vitruvian /),
      inputs: { language: 'en', services: 'simulated', clipboard: null, preferences: { note: 'jotted', token: null, mode: 'calm', count: null } },
      ignore: [],
    });
    const shown = lines.map((line) =>
      line.type === 'message' && 'message' in line ? `${line.direction} ${(line.message as { method?: string }).method ?? 'answer'}` : line.type,
    );
    expect(shown.slice(0, 2)).toEqual(['session', 'toTool initialize']);
    expect(shown).toContain('input');
    // The stop begins before its farewell; the tool's last words may come on either side of it.
    const stopping = shown.slice(shown.indexOf('stop'));
    expect(stopping).toContain('toTool shutdown');
    expect(stopping.at(-1)).toBe('end');
    expect(lines.find((line) => line.type === 'input')).toMatchObject({ clipboard: 'on the clipboard' });
    expect(lines.at(-1)).toMatchObject({ type: 'end', how: 'stopped' });
    // The host's own lines never hold the secret (this fixture tool logs it itself, which is its business).
    const sentByHost = JSON.stringify(lines.filter((line) => line.type === 'message' && line.direction === 'toTool'));
    expect(sentByHost).toContain('"value":"•••• (secret)"');
    expect(sentByHost).not.toContain('hunter2');
    expect(JSON.stringify(lines)).toContain('read: {\\"text\\":\\"on the clipboard\\"}');
  });

  it('names each file a plugin call named, with its hash, before the first call naming it', async () => {
    await host.loadInPlace(await fixturePluginFolder(scratch, { id: PLUGIN, fields: ['echo'] }));
    const data = await file('seven.json', '{"value":7}');
    await host.callPlugin(PLUGIN, { method: 'field', params: { key: 'echo' }, files: [data] });
    await host.callPlugin(PLUGIN, { method: 'field', params: { key: 'echo' }, files: [data] });
    const lines = await recorded(PLUGIN);
    expect(lines[0]).toMatchObject({ dialect: 'skwir', transport: 'program', inputs: { capabilities: ['read'], services: 'simulated' } });
    const files = lines.filter((line) => line.type === 'file');
    expect(files).toEqual([{ type: 'file', path: data, size: 11, sha256: createHash('sha256').update('{"value":7}').digest('hex') }]);
    const at = lines.indexOf(files[0]!);
    expect(lines[at + 1]).toMatchObject({ type: 'message', direction: 'toTool', message: { method: 'field' } });
    expect(lines.at(-1)).toMatchObject({ type: 'end', how: 'running' });
  });

  it('keeps up to its size and counts the lines left out after', async () => {
    await host.dispose();
    await open({ recordingChars: 400 });
    await host.loadInPlace(services);
    await host.start(TOOL);
    await host.runCommand(TOOL, 'copy');
    const lines = await recorded(TOOL);
    expect(lines.at(-1)).toMatchObject({ type: 'end', how: 'running', linesLeftOut: expect.any(Number) });
    expect(JSON.stringify(lines.slice(1, -1)).length).toBeLessThan(1000);
  });
});
