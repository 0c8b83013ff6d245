import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConnectionError, ResponseError } from './errors';
import { createMemoryLink } from '../../test-support/memory-link';
import { JsonText } from './outbox';
import { Peer } from './peer';
import type { PeerOptions, ProtocolProblem } from './peer-contract';
import { StreamLineReader, StreamLineWriter } from './transport';

/**
 * The marker settle() sends each way: a notice no one handles. Lines are handled in the order they
 * come, so once the peer has handled the marker it has handled everything written before it. The
 * marker's own trace lines and problems are left out of what the tests check.
 */
const MARKER = 'test/settled';

/** The app's peer over an in-memory link; the test plays the tool with raw lines. */
function setup(options: PeerOptions = {}) {
  const link = createMemoryLink(options.lineLimit === undefined ? {} : { lineLimit: options.lineLimit });
  const problems: ProtocolProblem[] = [];
  const trace: string[] = [];
  const peer = new Peer(link.app.reader, link.app.writer, {
    onProtocolError: (problem) => {
      if (!problem.message.includes(MARKER)) problems.push(problem);
    },
    onTrace: (direction, text, method) => {
      if (method !== MARKER) trace.push(`${direction} ${method ?? '-'} ${text}`);
    },
    ...options,
  });
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  const markersOut: (() => void)[] = [];
  link.tool.reader.onLine((line) => {
    const message = JSON.parse(line) as { method?: string };
    if (message.method === MARKER) {
      markersOut.shift()?.();
      return;
    }
    received.push(message);
    waiters.splice(0).forEach((wake) => wake());
  });
  // Heard after the peer's own listener (listeners are told in the order they subscribed).
  const markersIn: (() => void)[] = [];
  link.app.reader.onLine((line) => {
    if (line.includes(MARKER)) markersIn.shift()?.();
  });
  const toolWrites = (text: string) => link.tool.output.write(text);
  async function nextFromApp(count = 1): Promise<unknown[]> {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received.splice(0, count);
  }
  /**
   * Waits until the peer has handled every line the tool wrote so far (a marker written after them
   * has been read), the work that started in their handlers has run (a turn of the event loop, for
   * promise jobs), and, unless `inboundOnly` (the app's output held or ended), until everything the
   * peer wrote since has reached the tool (a marker sent after it has come through).
   */
  async function settle(inboundOnly = false): Promise<void> {
    await new Promise<void>((resolve) => {
      markersIn.push(resolve);
      link.tool.output.write(`{"jsonrpc":"2.0","method":"${MARKER}"}\n`);
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (inboundOnly) return;
    await new Promise<void>((resolve) => {
      markersOut.push(resolve);
      peer.notify(MARKER);
    });
  }
  return { link, peer, problems, trace, received, toolWrites, nextFromApp, settle };
}

describe('Peer', () => {
  it('sends a request and resolves with the answer of the same id', async () => {
    const { peer, toolWrites, nextFromApp } = setup();
    const answer = peer.request('initialize', { protocols: [1] });
    const [sent] = await nextFromApp();
    expect(sent).toEqual({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocols: [1] } });
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{"protocol":1},"extra":"ignored"}\n');
    await expect(answer).resolves.toEqual({ protocol: 1 });
  });

  it('rejects with a ResponseError carrying the failure of the other side', async () => {
    const { peer, toolWrites, nextFromApp } = setup();
    const answer = peer.request('command/run', { command: 'x' });
    await nextFromApp();
    toolWrites('{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"command refused","data":{"why":1}}}\n');
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code: -32010, message: 'command refused', data: { why: 1 } });
  });

  it('answers requests by method, with string or number ids, and {} for a handler that returns nothing', async () => {
    const { peer, toolWrites, nextFromApp } = setup();
    peer.onRequest('storage/get', (params) => ({ value: (params as { id: string }).id }));
    peer.onRequest('notify/beep', () => undefined);
    toolWrites('{"jsonrpc":"2.0","id":"a-1","method":"storage/get","params":{"id":"token"}}\n');
    toolWrites('{"jsonrpc":"2.0","id":7,"method":"notify/beep"}\n');
    expect(await nextFromApp(2)).toEqual([
      { jsonrpc: '2.0', id: 'a-1', result: { value: 'token' } },
      { jsonrpc: '2.0', id: 7, result: {} },
    ]);
  });

  it('answers a handler that gives a value in the turn the request came, and a promise when it settles', async () => {
    const order: string[] = [];
    const { peer, toolWrites, nextFromApp } = setup({
      onTrace: (direction, _text, method) => {
        if (direction === 'sent') order.push(`answered ${method}`);
      },
    });
    let release: (value: object) => void = () => {};
    peer.onRequest('storage/get', () => new Promise((resolve) => (release = resolve)));
    peer.onRequest('clipboard/readText', () => {
      // Work queued by the handler runs after its answer is on its way, not before.
      queueMicrotask(() => order.push('the handler queued work'));
      return { text: 'now' };
    });
    toolWrites('{"jsonrpc":"2.0","id":1,"method":"storage/get","params":{"id":"x"}}\n{"jsonrpc":"2.0","id":2,"method":"clipboard/readText"}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 2, result: { text: 'now' } }]);
    release({ value: 'later' });
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 1, result: { value: 'later' } }]);
    expect(order).toEqual(['answered clipboard/readText', 'the handler queued work', 'answered storage/get']);
  });

  it('hands requests with no handler of their own to the fallback', async () => {
    const { toolWrites, nextFromApp } = setup({ fallbackRequestHandler: (_params, method) => ({ method }) });
    toolWrites('{"jsonrpc":"2.0","id":2,"method":"clipboard/readText"}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 2, result: { method: 'clipboard/readText' } }]);
  });

  it('answers what is not a message as the protocol says, reports it, and goes on', async () => {
    const { peer, problems, toolWrites, nextFromApp } = setup();
    peer.onRequest('ping', () => ({}));
    toolWrites(
      [
        'not json',
        '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        '{"jsonrpc":"2.0","id":9}',
        '{"id":4,"method":"ping"}',
        '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
        '{"jsonrpc":"2.0","id":5,"method":"ping","params":3}',
        '{"jsonrpc":"2.0","id":6,"method":"no/such"}',
        '{"jsonrpc":"2.0","id":8,"method":"ping"}',
      ].join('\n') + '\n',
    );
    expect(await nextFromApp(8)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'not JSON' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'not a message' } },
      { jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'not a message' } },
      { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'not a message' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'not a message' } },
      { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'not a message' } },
      { jsonrpc: '2.0', id: 6, error: { code: -32601, message: 'unknown method: no/such' } },
      { jsonrpc: '2.0', id: 8, result: {} },
    ]);
    expect(problems.map((p) => p.kind)).toEqual(['notJson', 'notMessage', 'notMessage', 'notMessage', 'notMessage', 'notMessage']);
    expect(problems[3]?.message).toContain('"jsonrpc" must be "2.0", not missing');
  });

  it('answers an oversize line -32600 and a line that is not UTF-8 -32700', async () => {
    const { link, problems, nextFromApp } = setup({ lineLimit: { bytes: 90, countsLineBreak: false } });
    link.tool.output.write(`{"jsonrpc":"2.0","method":"log","params":{"message":"${'x'.repeat(100)}"}}\n`);
    link.tool.output.write(Buffer.from([0x5b, 0xe5, 0x5d, 0x0a]));
    expect(await nextFromApp(2)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'line too long' } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'not JSON' } },
    ]);
    expect(problems.map((p) => p.kind)).toEqual(['oversize', 'notJson']);
    expect(problems[0]?.message).toBe('a line is over the 90 bytes a line may hold; its bytes were discarded (answered -32600)');
  });

  it("answers its own refusals with the dialect's codes when given a table (Skwir: one code for all)", async () => {
    const skwir = { notJson: -32000, notMessage: -32000, unknownMethod: -32000, internal: -32000 };
    const { link, peer, problems, nextFromApp } = setup({ refusalCodes: skwir, lineLimit: { bytes: 90, countsLineBreak: true } });
    peer.onRequest('broken', () => {
      throw new Error('a bug');
    });
    link.tool.output.write('not json\n{"jsonrpc":"2.0","id":9}\n{"jsonrpc":"2.0","id":6,"method":"no/such"}\n{"jsonrpc":"2.0","id":7,"method":"broken"}\n');
    link.tool.output.write(`${'x'.repeat(100)}\n`);
    expect(await nextFromApp(5)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'not JSON' } },
      { jsonrpc: '2.0', id: 9, error: { code: -32000, message: 'not a message' } },
      { jsonrpc: '2.0', id: 6, error: { code: -32000, message: 'unknown method: no/such' } },
      { jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'internal error' } },
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'line too long' } },
    ]);
    expect(problems.map((p) => p.answered)).toEqual([-32000, -32000, -32000, -32000]);
  });

  it('counts the line break in a limit that says so (Skwir), reading, and words the limit so', async () => {
    const { link, peer, problems, nextFromApp, settle } = setup({ lineLimit: { bytes: 100, countsLineBreak: true } });
    const logged: unknown[] = [];
    peer.onNotice('log', (params) => logged.push(params));
    const line = (pad: number) => `{"jsonrpc":"2.0","method":"log","params":{"message":"${'x'.repeat(pad)}"}}`;
    expect(Buffer.byteLength(line(43))).toBe(99); // 100 with its break
    link.tool.output.write(`${line(43)}\n`);
    link.tool.output.write(`${line(44)}\n`);
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'line too long' } }]);
    await settle();
    expect(logged).toHaveLength(1);
    expect(problems.map((p) => p.message)).toEqual([
      'a line is over the 100 bytes a line may hold, its line break included; its bytes were discarded (answered -32600)',
    ]);
  });

  it('tells a request settled after send() returned, even when it cannot be written at all', async () => {
    const { peer } = setup({ lineLimit: { bytes: 100, countsLineBreak: false } });
    const seen: string[] = [];
    // Too large to write: it fails before a byte goes; the caller learns its id first.
    const sent = peer.send('big', { a: 'x'.repeat(200) }, { settled: (how) => seen.push(`${String(sent.id)} ${how}`) });
    expect(seen).toEqual([]);
    await expect(sent.answer).rejects.toMatchObject({ code: 'tooLarge' });
    expect(seen).toEqual([`${String(sent.id)} failed`]);
  });

  it('counts the line break in a limit that says so (Skwir), sending', async () => {
    const { peer, problems, nextFromApp, settle } = setup({ lineLimit: { bytes: 58, countsLineBreak: true } });
    peer.notify('n', { a: 'x'.repeat(10) }); // 58 bytes, 59 with its break: not sent
    peer.notify('n', { a: 'x'.repeat(9) }); // 57 bytes, 58 with its break
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', method: 'n', params: { a: 'x'.repeat(9) } }]);
    await settle();
    expect(problems.map((p) => p.kind)).toEqual(['tooLarge']);
  });

  it('ignores unknown notices and delivers known ones', async () => {
    const { peer, received, toolWrites, settle } = setup();
    const logged: unknown[] = [];
    peer.onNotice('log', (params) => logged.push(params));
    toolWrites('{"jsonrpc":"2.0","method":"future/thing","params":{}}\n');
    toolWrites('{"jsonrpc":"2.0","method":"log","params":{"message":"hi","later":true}}\n');
    await settle();
    expect(logged).toEqual([{ message: 'hi', later: true }]);
    expect(received).toEqual([]);
  });

  it('answers -32603 without the stack when a handler breaks, and the ResponseError when it refuses', async () => {
    const { peer, problems, toolWrites, nextFromApp } = setup();
    peer.onRequest('open/url', () => {
      throw new TypeError('secret detail at /home/x/host.ts:12');
    });
    peer.onRequest('storage/set', () => {
      throw new ResponseError(-32602, 'value does not fit', { preference: 'token' });
    });
    toolWrites('{"jsonrpc":"2.0","id":1,"method":"open/url","params":{"url":"x"}}\n');
    toolWrites('{"jsonrpc":"2.0","id":2,"method":"storage/set","params":{}}\n');
    const answers = await nextFromApp(2);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'value does not fit', data: { preference: 'token' } } },
    ]);
    expect(JSON.stringify(answers)).not.toContain('secret detail');
    expect(problems).toEqual([expect.objectContaining({ kind: 'handlerFailed', answered: -32603 })]);
  });

  it('reports and drops an answer that matches no pending request, sending nothing', async () => {
    const { problems, received, toolWrites, settle } = setup();
    toolWrites('{"jsonrpc":"2.0","id":42,"result":{}}\n');
    toolWrites('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n');
    await settle();
    expect(received).toEqual([]);
    expect(problems.map((p) => p.kind)).toEqual(['unknownAnswer', 'unknownAnswer']);
    expect(problems[0]?.message).toContain('id 42');
  });

  it('names a second answer to a request answered already, quoting the first, and drops it', async () => {
    const { peer, problems, received, toolWrites, nextFromApp, settle } = setup();
    const answer = peer.request('command/run', { command: 'twice' });
    await nextFromApp();
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"no"}}\n');
    expect(await answer).toEqual({});
    await settle();
    expect(received).toEqual([]);
    expect(problems).toEqual([
      {
        kind: 'answeredTwice',
        message: 'answered twice: command/run (id 1) was answered already by {"jsonrpc":"2.0","id":1,"result":{}}; this second answer was dropped',
      },
    ]);
  });

  it('times out a request, and names a late answer as late', async () => {
    const { peer, problems, toolWrites, nextFromApp, settle } = setup();
    const answer = peer.request('command/run', { command: 'slow' }, { timeoutMs: 30 });
    await nextFromApp();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'timeout' });
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{}}\n');
    await settle();
    expect(problems).toEqual([expect.objectContaining({ kind: 'lateAnswer' })]);
    expect(problems[0]?.message).toContain('command/run');
  });

  it('abandons a request on demand: it rejects as cancelled at once, and its answer is named late', async () => {
    const { peer, problems, trace, toolWrites, nextFromApp, settle } = setup();
    const { id, answer } = peer.send('field', { key: 'k' });
    await nextFromApp();
    expect(peer.abandon(id)).toBe(true);
    expect(peer.abandon(id)).toBe(false);
    await expect(answer).rejects.toMatchObject({ name: 'ConnectionError', code: 'cancelled' });
    toolWrites(`{"jsonrpc":"2.0","id":${id},"result":{"value":1}}\n`);
    await settle();
    expect(problems.map((p) => p.message)).toEqual([`a late answer to field (id ${id}) came after it was cancelled; dropped`]);
    expect(trace.at(-1)).toBe(`received field {"jsonrpc":"2.0","id":${id},"result":{"value":1}}`);
  });

  it('reports a read error of the link and closes it, rejecting what waited', async () => {
    const input = new PassThrough();
    const problems: ProtocolProblem[] = [];
    const peer = new Peer(new StreamLineReader(input), new StreamLineWriter(new PassThrough()), { onProtocolError: (p) => problems.push(p) });
    const waiting = peer.request('initialize');
    input.destroy(new Error('EIO: i/o error, read'));
    await expect(waiting).rejects.toMatchObject({ code: 'closed' });
    expect(problems).toEqual([{ kind: 'linkFailed', message: 'reading the link failed: EIO: i/o error, read; it is closed' }]);
    expect(peer.isClosed).toBe(true);
  });

  it('rejects every pending request when disposed, and when the link closes', async () => {
    const first = setup();
    const a = first.peer.request('one');
    const b = first.peer.request('two');
    first.peer.dispose();
    await expect(a).rejects.toMatchObject({ code: 'closed' });
    await expect(b).rejects.toMatchObject({ code: 'closed' });
    await expect(first.peer.request('three')).rejects.toBeInstanceOf(ConnectionError);

    const second = setup();
    const c = second.peer.request('one');
    second.link.tool.output.end();
    await expect(c).rejects.toMatchObject({ code: 'closed' });
    expect(second.peer.isClosed).toBe(true);
  });

  it('holds every message until released, then sends them in order', async () => {
    const { peer, received, toolWrites, nextFromApp, settle } = setup();
    const init = peer.request('initialize', {});
    peer.holdOutput('initialize');
    peer.onRequest('ping', () => ({}));
    toolWrites('{"jsonrpc":"2.0","id":"p","method":"ping"}\n');
    await settle(true);
    peer.notify('language/changed', { language: 'fr' });
    expect(received).toEqual([expect.objectContaining({ method: 'initialize' })]);
    received.length = 0;
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{"protocol":1}}\n');
    await init;
    peer.releaseOutput();
    expect(await nextFromApp(2)).toEqual([
      { jsonrpc: '2.0', id: 'p', result: {} },
      { jsonrpc: '2.0', method: 'language/changed', params: { language: 'fr' } },
    ]);
  });

  it("turns away what its screen says, answering a request with the screen's refusal, until the screen is disposed", async () => {
    const { peer, problems, toolWrites, nextFromApp, settle } = setup();
    const carriedOut: string[] = [];
    peer.onRequest('ping', () => carriedOut.push('ping'));
    peer.onNotice('log', () => carriedOut.push('log'));
    const refusal = new ResponseError(-32000, 'not now');
    const screening = peer.screen((incoming) =>
      incoming.method === MARKER ? undefined : { refusal, problem: `${incoming.kind} ${incoming.method} turned away` },
    );
    toolWrites('{"jsonrpc":"2.0","id":"a","method":"ping"}\n{"jsonrpc":"2.0","method":"log"}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 'a', error: { code: -32000, message: 'not now' } }]);
    await settle();
    expect(problems).toEqual([
      { kind: 'screenedOut', message: 'request ping turned away', answered: -32000 },
      { kind: 'screenedOut', message: 'notice log turned away' },
    ]);
    screening.dispose();
    toolWrites('{"jsonrpc":"2.0","id":"b","method":"ping"}\n{"jsonrpc":"2.0","method":"log"}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 'b', result: 1 }]);
    await settle();
    expect(carriedOut).toEqual(['ping', 'log']);
  });

  it('never sends a line over the cap: a request rejects, an answer becomes -32603', async () => {
    const { peer, toolWrites, nextFromApp } = setup({ lineLimit: { bytes: 100, countsLineBreak: false } });
    await expect(peer.request('big', { text: 'é'.repeat(60) })).rejects.toMatchObject({ code: 'tooLarge' });
    peer.onRequest('clipboard/readText', () => ({ text: 'z'.repeat(200) }));
    toolWrites('{"jsonrpc":"2.0","id":3,"method":"clipboard/readText"}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'answer too large' } }]);
  });

  it("drops an answer quietly when the other side's input closed meanwhile: no second answer, nothing logged", async () => {
    const { link, peer, problems, trace, toolWrites, settle } = setup();
    let finish!: () => void;
    peer.onRequest('storage/set', () => new Promise<void>((resolve) => (finish = resolve)));
    toolWrites('{"jsonrpc":"2.0","id":5,"method":"storage/set","params":{"id":"a","value":1}}\n');
    await settle();
    link.app.writer.end(); // the stop sequence ends the tool's input while the set is being stored
    await settle(true);
    finish();
    await settle(true);
    expect(problems).toEqual([]);
    expect(trace.filter((line) => line.startsWith('sent'))).toEqual([]);
    expect(peer.isClosed).toBe(false); // the tool's output is still read to its end
  });

  it('puts a result already written as JSON (JsonText) into its answer as it is, the id written as JSON', async () => {
    const { peer, trace, toolWrites, nextFromApp, settle } = setup();
    peer.onRequest('read', () => new JsonText('{"data":"QUJD"}'));
    toolWrites('{"jsonrpc":"2.0","id":"r\\"1","method":"read","params":{}}\n');
    expect(await nextFromApp()).toEqual([{ jsonrpc: '2.0', id: 'r"1', result: { data: 'QUJD' } }]);
    await settle();
    expect(trace.at(-1)).toBe('sent read {"jsonrpc":"2.0","id":"r\\"1","result":{"data":"QUJD"}}');
  });

  it('traces every line both ways with its method', async () => {
    const { peer, trace, toolWrites, nextFromApp, settle } = setup();
    const answer = peer.request('initialize', {});
    await nextFromApp();
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{}}\nnope\n');
    await answer;
    await nextFromApp();
    await settle();
    expect(trace).toEqual([
      'sent initialize {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
      'received initialize {"jsonrpc":"2.0","id":1,"result":{}}',
      'received - nope',
      'sent - {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"not JSON"}}',
    ]);
  });

  it('stops reading a tool that floods requests without reading its answers, and goes on when it reads', async () => {
    const fromTool = new PassThrough();
    const toTool = new PassThrough(); // nobody reads it yet: answers pile up to its high-water mark
    const peer = new Peer(new StreamLineReader(fromTool), new StreamLineWriter(toTool));
    let handled = 0;
    peer.onRequest('ping', () => {
      handled++;
      return { pong: 'x'.repeat(100) };
    });
    const flood = 20_000;
    const request = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    const writing = (async () => {
      // Like a tool on a pipe: write while the pipe takes more, else wait for it to drain.
      for (let sent = 0; sent < flood; sent += 100) {
        if (!fromTool.write(request.repeat(100))) await new Promise((resolve) => fromTool.once('drain', resolve));
      }
    })();
    // The peer stops reading when its answers have filled the pipe to the tool.
    while (!(fromTool.isPaused() && toTool.writableNeedDrain)) await once(fromTool, 'pause');
    const handledWhenPaused = handled;
    for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(handled).toBe(handledWhenPaused); // paused: nothing more is read while the answers wait
    expect(handled).toBeGreaterThan(0);
    expect(handled).toBeLessThan(flood);
    expect(toTool.writableLength).toBeLessThan(2_000_000);
    let answers = 0;
    const allAnswered = new Promise<void>((resolve) => {
      toTool.on('data', (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 0x0a) answers++;
        if (answers === flood) resolve();
      });
    });
    // the tool reads its input again (a 'data' listener puts the stream in flowing mode)
    await writing;
    await allAnswered;
    expect(handled).toBe(flood);
    peer.dispose();
  });
});
