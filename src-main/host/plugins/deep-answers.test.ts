// Answers nested thousands of levels deep, from a real plugin process: 10 KB of `[` ran the host out
// of stack where it encoded the answer (the test bed's socket, ask's output) and ended it. Each is
// now its own call's failure, naming the depth, and the plugin and the host answer the next call.
// A protocol 1 tool's deep messages too: a storage/set of a secret went unanswered, its line lost
// where the trace wrote it again to mask the secret.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VALUE_MAX_DEPTH } from '../../../src-shared/limits';
import { SimulatedPlatform } from '../../platform/simulated';
import { fixture } from '../fixtures/harness';
import { fixturePluginFolder } from '../fixtures/plugin-folder';
import { disposeAllPlugins, startPlugin } from '../fixtures/plugin-harness';
import { createHost, type Host } from '../host';
import { tooDeepToShow } from '../records/trace';

const FIXTURE = 'test.deep.fixture';
const tooDeep = `nested more than ${VALUE_MAX_DEPTH} levels deep`;

describe('an answer nested 5,000 deep, from the plugin process', () => {
  afterEach(disposeAllPlugins);

  it('fails that call naming the depth, and the plugin answers the next', async () => {
    const h = startPlugin();
    const file = h.file('a.json', JSON.stringify({ value: 7 }));
    const value = await h.call('command', { command: 'deep:5000' }, [file]);
    expect(value).toMatchObject({
      outcome: 'failed',
      malformed: true,
      message: `the plugin's answer to command is malformed: result.value[0][0]…: ${tooDeep}; an answer may nest ${VALUE_MAX_DEPTH} at most`,
    });
    const target = await h.call('inspect', { query: 'deep-target:5000' }, [file]);
    expect(target).toMatchObject({ outcome: 'failed', malformed: true, message: expect.stringContaining(`result.rows[0].target…: ${tooDeep}`) });
    expect(await h.field('echo', file)).toMatchObject({ outcome: 'answered', answer: { value: 7 } });
    expect(h.logged(tooDeep)).toBe(true);
  });

  it(`takes an answer nested ${VALUE_MAX_DEPTH} deep whole`, async () => {
    const h = startPlugin();
    const outcome = await h.call('command', { command: `deep:${VALUE_MAX_DEPTH - 1}` }, [h.file('b.txt', 'b')]);
    expect(outcome.outcome).toBe('answered');
    let value = (outcome as { answer: { value: unknown } }).answer.value;
    let levels = 1; // the answer itself
    for (; Array.isArray(value); value = value[0]) levels++;
    expect(levels).toBe(VALUE_MAX_DEPTH);
  });
});

describe('an answer nested 5,000 deep, through the host', () => {
  let scratch: string;
  let host: Host;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'vt-deep-'));
    host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
    expect((await host.loadInPlace(await fixturePluginFolder(scratch, { id: FIXTURE, commands: ['deep.5000', 'echo'] }))).ok).toBe(true);
  });
  afterEach(async () => {
    await host.dispose();
    await rm(scratch, { recursive: true, force: true });
  });

  it('fails the command and the inspection naming the depth, keeps the trace readable, and answers the next call', async () => {
    const file = join(scratch, 'a.json');
    await writeFile(file, JSON.stringify({ answer: 'value', value: [[1]] }));
    const command = await host.runPluginCommand(FIXTURE, 'c1', 'deep.5000', undefined, [file]);
    expect(command).toMatchObject({ ok: false, outcome: 'failed', malformed: true, message: expect.stringContaining(`result.value[0][0]…: ${tooDeep}`) });
    const inspection = await host.inspect(FIXTURE, 'c2', file, { query: 'deep-target:5000' });
    expect(inspection).toMatchObject({ ok: false, malformed: true, message: expect.stringContaining(`result.rows[0].target…: ${tooDeep}`) });
    // The deep lines went into the trace as text, cut, and read back as any other.
    const trace = (await host.readTrace(FIXTURE)).lines;
    expect(trace.filter((line) => line.direction === 'fromTool' && line.text.includes('[[[[')).length).toBe(2);
    expect(JSON.stringify(trace).length).toBeGreaterThan(0);
    expect(await host.runPluginCommand(FIXTURE, 'c3', 'echo', undefined, [file])).toMatchObject({ ok: true, answer: { answer: 'value', value: [[1]] } });
  });

  it('refuses params nested deeper than an answer may be before anything is sent', async () => {
    let target: unknown = 1;
    for (let i = 0; i < 5_000; i++) target = [target];
    const inspection = await host.inspect(FIXTURE, 'c4', join(scratch, 'none.txt'), { target });
    expect(inspection).toMatchObject({
      ok: false,
      outcome: 'failed',
      message: `params.target[0][0]…: ${tooDeep}; a call's params may nest ${VALUE_MAX_DEPTH} at most`,
    });
    expect((await host.readTrace(FIXTURE)).lines.some((line) => line.method === 'inspect')).toBe(false);
  });
});

describe("a tool's messages nested 5,000 deep (protocol 1)", () => {
  let scratch: string;
  let host: Host;
  const TOOL = 'test.host.deep';
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'vt-deep-tool-'));
    host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
    expect((await host.loadInPlace(fixture('host-deep'))).ok).toBe(true);
  });
  afterEach(async () => {
    await host.dispose();
    await rm(scratch, { recursive: true, force: true });
  });

  it('answers each request, traces each line with its secret still hidden, and runs the next command', async () => {
    expect(await host.setPreference(TOOL, 'token', 'sekrit')).toEqual({ ok: true });
    expect(await host.runCommand(TOOL, 'deep')).toEqual({ outcome: 'done' });
    const logged = async () => (await host.readLog(TOOL)).map((line) => line.message);
    await expect.poll(logged, { timeout: 10_000 }).toContain('secret: served {}');
    await expect.poll(logged, { timeout: 10_000 }).toContain('value: refused -32602: params.value: a list, expected text, a number, true or false or null');
    const trace = (await host.readTrace(TOOL)).lines.map((line) => line.text);
    expect(trace).toContain(tooDeepToShow);
    expect(trace.join('\n')).not.toContain('hunter2');
    expect(await host.runCommand(TOOL, 'ok')).toEqual({ outcome: 'done' });
  });
});
