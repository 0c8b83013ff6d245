// A Skwir plugin's process under the host, with a real plugin that misbehaves on purpose: the
// queue, cancel and timeouts, answers checked with their defaults, failures, crashes, the api
// refused, the idle stop and the stop ladder.
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive } from '../fixtures/harness';
import { disposeAllPlugins, startPlugin } from '../fixtures/plugin-harness';

afterEach(disposeAllPlugins);

const json = (value: unknown) => JSON.stringify(value);

describe('a Skwir plugin process', () => {
  it("starts on its first call, says what it was granted, and fills an answer's defaults", async () => {
    const h = startPlugin({ granted: ['read', 'network'] });
    expect(h.plugin.state).toBe('idle');
    const outcome = await h.call('inspect', { offset: 0, query: null, source: false, target: null }, [h.file('i.json', json({ title: 'A page' }))]);
    expect(outcome).toMatchObject({
      outcome: 'answered',
      answer: {
        kind: 'text',
        title: 'A page',
        text: [],
        columns: [],
        rows: [],
        previous: null,
        next: null,
        position: 0,
        notice: '',
        details: [],
      },
    });
    expect(h.plugin.state).toBe('running');
    const init = h.trace.find((line) => line.method === 'initialize' && line.direction === 'toTool');
    expect(JSON.parse(init!.text)).toMatchObject({ method: 'initialize', params: { api: 1, capabilities: ['read', 'network'] } });
    expect(h.logged('started (pid')).toBe(true);
    expect(h.logged('Skwir api 1')).toBe(true);
  });

  it('sends queued calls one at a time, in order, each after the one before was answered', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'a');
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map((n) => h.field(`slow:${n}:40`, file)));
    expect(outcomes.map((o) => (o.outcome === 'answered' ? o.answer.value : o.outcome))).toEqual([0, 1, 2, 3, 4]);
    expect(h.logs.filter((line) => line.message.includes('OVERLAP'))).toEqual([]);
    // On the wire: every call is followed by its answer before the next call goes.
    const calls = h.trace.filter((line) => line.method === 'field').map((line) => line.direction);
    expect(calls).toEqual(['toTool', 'fromTool', 'toTool', 'fromTool', 'toTool', 'fromTool', 'toTool', 'fromTool', 'toTool', 'fromTool']);
  });

  it('cancels a call past its limit with $/cancel, drops and traces its late answer, and goes on with the next', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'a');
    const late = h.field('late:500', file, { timeoutMs: 100 });
    const next = h.field('slow:7:1', file);
    expect(await late).toMatchObject({ outcome: 'cancelled', why: 'timeout', message: 'no answer to field within 0.1 seconds; it was cancelled' });
    expect(await next).toMatchObject({ outcome: 'answered', answer: { value: 7 } });
    const cancel = h.trace.find((line) => line.direction === 'toTool' && line.method === '$/cancel');
    expect(cancel).toBeDefined();
    await expect.poll(() => h.logged('a late answer to field')).toBe(true);
    expect(h.logs.find((line) => line.message.includes('a late answer to field'))?.source).toBe('protocol');
    expect(h.trace.filter((line) => line.direction === 'fromTool' && line.method === 'field' && line.text.includes('"late"'))).toHaveLength(1);
  });

  it('takes a queued call off the queue when it is cancelled before it is sent: nothing goes on the wire', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'a');
    const cancel = new AbortController();
    const first = h.field('slow:1:200', file);
    const second = h.field('slow:2:1', file, { signal: cancel.signal });
    cancel.abort();
    expect(await second).toMatchObject({ outcome: 'cancelled', why: 'asked', message: 'the call was cancelled before it was sent' });
    expect(await first).toMatchObject({ outcome: 'answered' });
    expect(h.trace.filter((line) => line.method === 'field' && line.direction === 'toTool')).toHaveLength(1);
  });

  it("gives the plugin's failure message as it wrote it, for the person", async () => {
    const h = startPlugin();
    expect(await h.field('fail:this file is not a netpbm picture', h.file('a.txt', 'a'))).toMatchObject({
      outcome: 'failed',
      message: 'this file is not a netpbm picture',
    });
  });

  it('refuses every request of the plugin but read with -32000, naming the rule', async () => {
    const h = startPlugin();
    const outcome = await h.field('ask-other', h.file('a.txt', 'a'));
    expect(outcome).toMatchObject({
      outcome: 'answered',
      answer: { value: '-32000: unknown method "clipboard/readText": a plugin may ask the host only read' },
    });
  });

  it('answers a line that is not JSON, and JSON that is no message, with -32000 naming the fault, and goes on', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'a');
    expect(await h.field('bad-line', file)).toMatchObject({ outcome: 'answered', answer: { value: '-32000: not JSON' } });
    expect(await h.field('not-message', file)).toMatchObject({ outcome: 'answered', answer: { value: '-32000: not a message' } });
    const problems = h.logs.filter((line) => line.source === 'protocol').map((line) => line.message);
    expect(problems).toEqual([
      'a line is not JSON: "this is not JSON" (answered -32000)',
      'a line is not a message (neither a request ("method") nor an answer ("result" or "error")): "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":\\"nm\\"}" (answered -32000)',
    ]);
  });

  it('tells a plugin that never answers initialize, and wrote nothing, the usual cause: a Python plugin that prints without flush', async () => {
    const h = startPlugin({ program: 'unflushed-plugin.py', limits: { initializeMs: 1_000 } });
    expect(await h.field('any', h.file('a.txt', 'a'))).toMatchObject({ outcome: 'unavailable', reasonCode: { code: 'initializeTimeout', silent: true } });
    expect(h.plugin.state).toBe('failed');
    expect(h.plugin.stateReason).toBe(
      "the plugin did not answer initialize within 1 second, and wrote nothing on its output: the usual cause is output that is never flushed (Python's print without flush=True, or any program whose standard output is block-buffered, as it is when it is a pipe)",
    );
    expect(h.logged('the plugin did not answer initialize within 1 second, and wrote nothing on its output')).toBe(true);
  });

  it('does not guess at buffering for a plugin that wrote something but never answered initialize', async () => {
    // Long enough for the plugin to start and write, even on a busy machine.
    const h = startPlugin({ mode: 'mute-init', limits: { initializeMs: 5_000 } });
    expect(await h.field('any', h.file('a.txt', 'a'))).toMatchObject({ outcome: 'unavailable' });
    expect(h.logged('starting, and never answering initialize')).toBe(true);
    expect(h.plugin.stateReasonCode).toEqual({ code: 'initializeTimeout', seconds: 5 });
    expect(h.plugin.stateReason).toBe('the plugin did not answer initialize within 5 seconds');
  });

  it('names a file that cannot be asked about as the host’s refusal, never the plugin’s failure, and sends nothing', async () => {
    const h = startPlugin();
    expect(await h.field('slow:1:1', '/no/such/file.txt')).toEqual({
      ms: 0,
      outcome: 'unavailable',
      message: '/no/such/file.txt: no file is at this path',
      reasonCode: { code: 'fileNotGiven', path: '/no/such/file.txt', problem: { code: 'missing' } },
    });
    expect(await h.field('slow:1:1', 'relative/a.txt')).toMatchObject({ outcome: 'unavailable', reasonCode: { problem: { code: 'relativePath' } } });
  });

  it('tells a crash during a call, and starts the plugin again for the next', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'a');
    expect(await h.field('crash', file)).toMatchObject({
      outcome: 'crashed',
      message: 'the plugin crashed: it exited with code 3 before it answered',
      reasonCode: { code: 'exited', exitCode: 3 },
    });
    expect(await h.field('slow:5:1', file)).toMatchObject({ outcome: 'answered', answer: { value: 5 } });
    expect(h.logged('the plugin crashed: it exited with code 3; restarting in')).toBe(true);
  });

  it('refuses a plugin that answers api 2, naming both versions', async () => {
    const h = startPlugin({ mode: 'api2' });
    const outcome = await h.field('slow:1:1', h.file('a.txt', 'a'));
    expect(outcome).toMatchObject({
      outcome: 'unavailable',
      message: 'the plugin speaks api 2, but the app speaks only 1',
      reasonCode: { code: 'apiNotSpoken', picked: '2', spoken: '1' },
    });
    expect(h.plugin.state).toBe('failed');
    expect(h.plugin.stateReason).toBe('the plugin speaks api 2, but the app speaks only 1');
  });

  it('stops after its idle time, and starts again when asked', async () => {
    const h = startPlugin({ limits: { idleMs: 150 } });
    const file = h.file('a.txt', 'a');
    await h.field('slow:1:1', file);
    const pid = h.plugin.pid!;
    await h.reaches('idle');
    expect(processAlive(pid)).toBe(false);
    expect(h.logged('no call for 0.15 seconds: the plugin is stopped until it is next asked')).toBe(true);
    expect(await h.field('slow:2:1', file)).toMatchObject({ outcome: 'answered', answer: { value: 2 } });
    expect(h.plugin.pid).not.toBe(pid);
  });

  it('ends a plugin that ignores the end of its input by the signals, with the child it started', async () => {
    const h = startPlugin({ mode: 'stubborn' });
    await h.field('slow:1:1', h.file('a.txt', 'a'));
    const pid = h.plugin.pid!;
    const child = Number(/child (\d+)/.exec(h.logs.map((l) => l.message).join('\n'))?.[1]);
    expect(processAlive(child)).toBe(true);
    await h.plugin.stop();
    expect(h.plugin.state).toBe('stopped');
    expect(processAlive(pid)).toBe(false);
    expect(processAlive(child)).toBe(false);
    expect(h.logged('the plugin did not stop by itself within 0.4 seconds: it needed SIGKILL')).toBe(true);
    // The stop closed its input: no farewell notice is Skwir's.
    expect(h.trace.some((line) => line.method === 'shutdown')).toBe(false);
  });
});

describe("a plugin's answers, checked", () => {
  const malformed: [string, 'field' | 'thumbnail' | 'inspect' | 'convert' | 'page' | 'command', unknown, Record<string, unknown>, string][] = [
    [
      'a field value of the wrong type',
      'field',
      { value: { a: 1 } },
      { key: 'echo' },
      'result.value: an object, expected text, a number, true or false, null or a list',
    ],
    ['a thumbnail that is not base64', 'thumbnail', { png: 'not base64!' }, { size: 64 }, 'result.png: "not base64!" is not base64'],
    ['a thumbnail that is not a PNG', 'thumbnail', { png: 'R0lGODlh' }, { size: 64 }, 'result.png: not a PNG (it starts 0x47 0x49 0x46 0x38, not 0x89 "PNG")'],
    [
      'an inspection of an unknown kind and a row with no cells',
      'inspect',
      { kind: 'pic', title: 'x', rows: [{ depth: 1 }] },
      {},
      'result.kind: "pic" is not a kind of inspection (text, code, hex or table); result.rows[0].cells: missing',
    ],
    [
      'a converted file named with a path',
      'convert',
      { name: 'a/b.png', data: 'AAAA' },
      {},
      'result.name: "a/b.png" is not a file name (it holds a path separator or a zero)',
    ],
    [
      'a page link leading nowhere, and an outline past the end',
      'page',
      { pages: 2, links: [{ x: 0, y: 0, width: 1, height: 1 }], outline: [{ title: 'x', page: 3 }] },
      { page: 1, side: 0 },
      'result.links[0]: leads nowhere; give page or uri; result.outline[0].page: 3 is past the last page (2)',
    ],
    [
      'a command answer of no known kind',
      'command',
      { answer: 'maybe' },
      { command: 'echo' },
      'result.answer: "maybe" is not an answer a command gives (done, value, text or plan)',
    ],
    [
      'a plan without the write capability',
      'command',
      { answer: 'plan', title: 'Tidy', steps: [{ op: 'trash', file: 1 }] },
      { command: 'echo' },
      'result.answer: a plan needs the write capability, and the plugin was not granted it',
    ],
  ];

  it.each(malformed)('fails %s, naming the field and the value', async (_what, method, answer, params, message) => {
    const h = startPlugin();
    const outcome = await h.call(method, params, [h.file('answer.json', json(answer))]);
    expect(outcome).toMatchObject({ outcome: 'failed', malformed: true, message: `the plugin's answer to ${method} is malformed: ${message}` });
    expect(h.logs.some((line) => line.source === 'protocol' && line.message.includes(message))).toBe(true);
  });

  it("holds a hex search's found bytes within the file asked about", async () => {
    const h = startPlugin();
    // The fixture answers inspect with the file's own text: the answer is the file, so its size is the text's.
    const answer = (length: number) => json({ kind: 'hex', title: 'x', position: 2, length });
    const within = answer(10);
    expect(await h.call('inspect', {}, [h.file('within.json', within)])).toMatchObject({ outcome: 'answered', answer: { position: 2, length: 10 } });
    const past = answer(100);
    expect(await h.call('inspect', {}, [h.file('past.json', past)])).toMatchObject({
      outcome: 'failed',
      malformed: true,
      message: `the plugin's answer to inspect is malformed: result.length: 100 bytes from position 2 end past the file's ${past.length} bytes`,
    });
  });

  it('checks a plan of a plugin granted write: its files, folders and names', async () => {
    const h = startPlugin({ granted: ['read', 'write'] });
    const plan = {
      answer: 'plan',
      title: 'Tidy',
      steps: [
        { op: 'rename', file: 1, name: 'x/y' },
        { op: 'move', file: 2, to: 'Archive' },
        { op: 'mkdir', path: '/tmp/new' },
        { op: 'trash', file: 3 },
      ],
    };
    const outcome = await h.call('command', { command: 'echo' }, [h.file('plan.json', json(plan)), h.file('b.txt', 'b')]);
    expect(outcome).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining(
        'result.steps[0].name: "x/y" is not a name in a folder (it holds a path separator); result.steps[1].to: "Archive" is not an absolute path; result.steps[3].file: 3 is not a file of this call (its files are 1 to 2)',
      ),
    });
    // The next call's file has the next handle, 3: handles run on from call to call.
    const good = {
      answer: 'plan',
      title: 'Tidy',
      steps: [
        { op: 'mkdir', path: '/tmp/new' },
        { op: 'copy', file: 3, to: '/tmp/new' },
      ],
    };
    expect(await h.call('command', { command: 'echo' }, [h.file('good.json', json(good))])).toMatchObject({
      outcome: 'answered',
      answer: { ...good, note: null },
    });
  });

  it("fills a page's size from its picture when it gives none", async () => {
    const h = startPlugin();
    // The 8-byte signature and an IHDR of 3 x 2 pixels: enough to be read as a PNG's size.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      Buffer.from([0, 0, 0, 3, 0, 0, 0, 2]),
    ]);
    const outcome = await h.call('page', { page: 1, side: 64 }, [h.file('p.json', json({ pages: 1, png: png.toString('base64') }))]);
    expect(outcome).toMatchObject({ outcome: 'answered', answer: { pages: 1, width: 3, height: 2, text: [], links: [], outline: [] } });
  });

  it('takes null as an answer where the protocol allows it', async () => {
    const h = startPlugin();
    for (const method of ['inspect', 'convert'] as const) {
      expect(await h.call(method, {}, [h.file('null.json', 'null')])).toMatchObject({ outcome: 'answered', answer: null });
    }
    expect(await h.call('page', { page: 1, side: 0 }, [h.file('null.json', 'null')])).toMatchObject({ outcome: 'answered', answer: null });
  });
});
