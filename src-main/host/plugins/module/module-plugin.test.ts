// A module plugin under the host, with a real component that misbehaves on purpose
// (fixtures/module-plugin.wat): its answer and log, a trap, a hang, runaway memory, reads with and
// without the capability, cancel, the idle stop, the transpile kept in the cache.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllModules, startModule } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

describe('a module plugin', () => {
  it("answers in a worker, its log line in the plugin's log, each call, log and answer traced as a program's", async () => {
    const h = await startModule();
    expect(h.plugin.state).toBe('idle');
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    expect(h.plugin.state).toBe('running');
    expect(h.plugin.processes).toEqual([]);
    expect(h.logs).toContainEqual({ level: 'info', source: 'tool', message: 'answering' });
    expect(h.logged('transpiled plugin.wasm with jco-transpile')).toBe(true);
    expect(h.logged('started (a worker thread running plugin.wasm)')).toBe(true);
    expect(h.trace.map((line) => [line.direction, line.method])).toEqual([
      ['toTool', 'field'],
      ['fromTool', 'log'],
      ['fromTool', 'field'],
    ]);
    const [call, log, answer] = h.trace.map((line) => JSON.parse(line.text) as unknown);
    expect(call).toMatchObject({ jsonrpc: '2.0', id: 1, method: 'field', params: { key: 'answer', file: { handle: 1, name: 'a.txt', size: 10 } } });
    expect(log).toEqual({ jsonrpc: '2.0', method: 'log', params: { level: 'info', message: 'answering' } });
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: { value: 'hello' } });
  });

  it('cuts a log level the size of a line: the warning naming it and the traced notice stay short', async () => {
    const h = await startModule({ limits: { callMs: 60_000 } });
    expect(await h.field('biglevel')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    expect(h.logs).toContainEqual({ level: 'info', source: 'tool', message: 'answering' });
    expect(h.logs.find((line) => line.source === 'protocol')?.message).toMatch(/^log "level" must be error, warn, info or debug, not "aaa/);
    expect(h.trace.find((line) => line.method === 'log')!.text.length).toBeLessThan(1_000);
  });

  it("gives the component's err as the call's failure, and a malformed answer as malformed", async () => {
    const h = await startModule();
    expect(await h.field('fail')).toMatchObject({ outcome: 'failed', message: 'no such thing' });
    expect(JSON.parse(h.trace.at(-1)!.text)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no such thing' } });
    expect(await h.field('notjson')).toMatchObject({
      outcome: 'failed',
      malformed: true,
      message: 'the plugin\'s answer to field is malformed: not JSON: "not json"',
    });
  });

  it('fails a call that traps with its message, and answers the next from a new instance', async () => {
    const h = await startModule();
    expect(await h.field('trap')).toMatchObject({ outcome: 'failed', message: 'the plugin trapped: wasm `unreachable` instruction executed' });
    expect(h.logged('the component is instantiated again for the next call')).toBe(true);
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    expect(h.plugin.state).toBe('running');
  });

  it("traces what the host answers in the component's name, a trap and a refused read, with -32000 as for a program", async () => {
    const h = await startModule({ granted: [], limits: { restartDelaysMs: [50] } });
    expect(await h.field('read')).toMatchObject({ outcome: 'failed', message: 'read refused: the plugin was not granted the read capability' });
    const refusal = h.trace.find((line) => line.method === 'read' && line.direction === 'toTool');
    expect(JSON.parse(refusal!.text)).toMatchObject({ error: { code: -32000, message: 'read refused: the plugin was not granted the read capability' } });
    expect(await h.field('trap')).toMatchObject({ outcome: 'failed' });
    expect(JSON.parse(h.trace.at(-1)!.text)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32000, message: 'the plugin trapped: wasm `unreachable` instruction executed' },
    });
  });

  it('cuts a call that never ends at its timeout by ending the worker, and answers the next from a fresh one', async () => {
    const h = await startModule({ limits: { callMs: 300 } });
    expect(await h.field('hang')).toMatchObject({ outcome: 'cancelled', why: 'timeout', message: 'no answer to field within 0.3 seconds; it was cancelled' });
    // The component got the call, and the Messages tab shows it, though the worker told nothing before it was ended.
    expect(h.trace.filter((line) => line.method === 'field').map((line) => JSON.parse(line.text) as unknown)).toMatchObject([
      { id: 1, method: 'field', params: { key: 'hang', file: { handle: 1, name: 'a.txt', size: 10 } } },
    ]);
    expect(h.plugin.state).toBe('idle');
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    expect(h.states).toEqual(['starting', 'running', 'idle', 'starting', 'running']);
    // The transpile was kept: the second worker did not make it again.
    expect(h.logs.filter((line) => line.message.startsWith('transpiled'))).toHaveLength(1);
  });

  it('ends the worker of a call the person cancels', async () => {
    const h = await startModule();
    const cancel = new AbortController();
    const hung = h.field('hang', { signal: cancel.signal });
    // The call goes to the worker once its component is ready: on a busy machine, many seconds.
    await expect.poll(() => h.trace.some((line) => line.method === 'field'), { timeout: 50_000 }).toBe(true);
    cancel.abort();
    expect(await hung).toMatchObject({ outcome: 'cancelled', why: 'asked', message: 'field was cancelled' });
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
  }, 120_000);

  it('stops runaway memory at 256 MiB: the growth fails inside the component, the host goes on', async () => {
    const MiB = 1_048_576;
    let atRead = 0;
    const h = await startModule({
      onTrace: (direction, method) => {
        if (direction === 'fromTool' && method === 'read') atRead = process.memoryUsage().rss;
      },
    });
    // Measured from a running worker: jco's loading and the transpile are not the component's memory.
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
    const before = process.memoryUsage().rss;
    expect(await h.field('grow')).toMatchObject({ outcome: 'failed', message: 'the plugin trapped: wasm `unreachable` instruction executed' });
    expect(h.logs).toContainEqual({ level: 'info', source: 'tool', message: 'stopped at 256 MiB' });
    // Filled, the memory shows while the component holds it (waiting for its read): the cap, where an uncapped memory grows to 4 GiB.
    expect(atRead - before).toBeGreaterThan(192 * MiB);
    expect(atRead - before).toBeLessThan(320 * MiB);
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    await h.plugin.stop();
    // The worker's memory went with it.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it("serves read from the call's file, traced; and refuses it without the read capability", async () => {
    const h = await startModule();
    expect(await h.field('read')).toMatchObject({ outcome: 'answered', answer: { value: 'hello file' } });
    const reads = h.trace.filter((line) => line.method === 'read').map((line) => JSON.parse(line.text) as unknown);
    expect(reads).toEqual([
      { jsonrpc: '2.0', id: 'read-1', method: 'read', params: { file: 1, offset: 0, length: 64 } },
      { jsonrpc: '2.0', id: 'read-1', result: { data: Buffer.from('hello file').toString('base64') } },
    ]);
    const refused = await startModule({ granted: [] });
    expect(await refused.field('read')).toMatchObject({ outcome: 'failed', message: 'read refused: the plugin was not granted the read capability' });
  });

  it('stops the worker when idle, and starts again when next asked', async () => {
    const h = await startModule({ limits: { idleMs: 200 } });
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
    await expect.poll(() => h.plugin.state, { timeout: 25_000 }).toBe('idle');
    expect(h.logged('no call for')).toBe(true);
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
  });

  it('fails to start, naming why, when the component asks for more memory than the cap to begin with', async () => {
    const wat = `(module (memory (export "memory") 5000)
      (func (export "cabi_realloc") (param i32 i32 i32 i32) (result i32) (i32.const 0))
      (func (export "call") (param i32 i32 i32 i32) (result i32) (i32.const 0))
      (func (export "cabi_post_call") (param i32)))`;
    const h = await startModule({ wat });
    const outcome = await h.field('answer');
    expect(outcome).toMatchObject({
      outcome: 'unavailable',
      message: expect.stringContaining('memory 0 starts at 312.5 MiB, over the 256 MiB a module plugin may use'),
    });
    expect(h.plugin.state).toBe('failed');
    expect(h.plugin.stateReasonCode).toMatchObject({ code: 'couldNotStart' });
  });
});
