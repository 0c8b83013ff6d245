import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../../src-shared/host-api';
import { decodeKeepingBytes } from '../wire/not-utf8';
import { cutText, holdsSecret, maskedSecret, ToolTrace } from './trace';
import { collectGarbage } from '../../test-support/gc';

describe('tool trace', () => {
  it('keeps lines both ways with the method, in order, and tells listeners', () => {
    let now = 5;
    const trace = new ToolTrace({ now: () => now++ });
    const heard: TraceLine[] = [];
    trace.onDidAppend((line) => heard.push(line));
    trace.append('toTool', '{"jsonrpc":"2.0","id":1,"method":"initialize"}', 'initialize');
    trace.append('fromTool', '{"jsonrpc":"2.0","id":1,"result":{}}', 'initialize');
    trace.append('fromTool', 'garbage');
    expect(trace.lines()).toEqual([
      { seq: 1, time: 5, direction: 'toTool', text: '{"jsonrpc":"2.0","id":1,"method":"initialize"}', method: 'initialize' },
      { seq: 2, time: 6, direction: 'fromTool', text: '{"jsonrpc":"2.0","id":1,"result":{}}', method: 'initialize' },
      { seq: 3, time: 7, direction: 'fromTool', text: 'garbage' },
    ]);
    expect(heard).toEqual(trace.lines());
  });

  it('shows a line that was not UTF-8 as its bytes, never as the message it would have been', () => {
    const trace = new ToolTrace();
    const latin1 = decodeKeepingBytes(
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"log","params":{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}}')]),
    );
    const line = trace.append('fromTool', latin1);
    expect(line).toMatchObject({ text: '{"jsonrpc":"2.0","method":"log","params":{"message":"caf\\xe9"}}', notUtf8: true });
    expect(line.text).not.toContain('\ufffd');
    expect(trace.append('fromTool', '{"jsonrpc":"2.0","method":"log","params":{"message":"\ufffd"}}')).not.toHaveProperty('notUtf8');
  });

  it('keeps the newest lines only, and cuts huge ones', () => {
    const trace = new ToolTrace({ maxLines: 3, maxText: 10 });
    for (let i = 0; i < 10; i++) trace.append('fromTool', `line ${i}`);
    expect(trace.lines().map((l) => l.text)).toEqual(['line 7', 'line 8', 'line 9']);
    trace.append('toTool', 'a'.repeat(1_000_000));
    expect(trace.lines().at(-1)!.text).toBe('aaaaaaaaaa… (999990 more characters)');
  });

  it('counts the older lines it let go of, for the window to say so, from nothing again once cleared', () => {
    const trace = new ToolTrace({ maxLines: 3 });
    trace.append('toTool', 'line 0');
    expect(trace.read()).toEqual({ lines: [expect.objectContaining({ text: 'line 0' })], dropped: 0 });
    for (let i = 1; i < 10; i++) trace.append('fromTool', `line ${i}`);
    expect(trace.read().dropped).toBe(7);
    expect(trace.read().lines.map((l) => l.text)).toEqual(['line 7', 'line 8', 'line 9']);
    trace.clear();
    expect(trace.read()).toEqual({ lines: [], dropped: 0 });
    for (let i = 0; i < 4; i++) trace.append('fromTool', `again ${i}`);
    expect(trace.read().dropped).toBe(1);
  });

  it('clears', () => {
    const trace = new ToolTrace();
    trace.append('toTool', 'x');
    trace.clear();
    expect(trace.lines()).toEqual([]);
    expect(trace.append('toTool', 'y').seq).toBe(2);
    expect(trace.lines()).toHaveLength(1);
  });
});

describe('cutting text', () => {
  it('never splits a surrogate pair', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab… (4 more characters)');
    expect(cutText('abc😀', 3)).toBe('abc… (2 more characters)');
  });

  it('keeps nothing of the huge lines it cut', () => {
    const trace = new ToolTrace({ maxLines: 200 });
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // 200 different lines of 1 MB each (2 MB in memory): keeping them would hold 400 MB.
    for (let i = 0; i < 200; i++) trace.append('fromTool', `${i} ${'x'.repeat(1_000_000)}`);
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 2 ** 20);
    expect(trace.lines()).toHaveLength(200);
  });
});

describe('secret preference values in the trace', () => {
  const secretTrace = () => {
    const trace = new ToolTrace();
    trace.maskSecrets(() => ['token', 'pin']);
    return trace;
  };
  const json = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });
  const texts = (trace: ToolTrace) => trace.lines().map((line) => line.text);

  it('masks them in preferences/changed, leaving other values and a cleared secret as they were', () => {
    const trace = secretTrace();
    trace.append(
      'toTool',
      json({
        method: 'preferences/changed',
        params: {
          preferences: [
            { id: 'token', value: 's3cret' },
            { id: 'note', value: 'hi' },
            { id: 'pin', value: null },
          ],
        },
      }),
      'preferences/changed',
    );
    expect((JSON.parse(texts(trace)[0]!) as { params: { preferences: unknown } }).params.preferences).toEqual([
      { id: 'token', value: maskedSecret },
      { id: 'note', value: 'hi' },
      { id: 'pin', value: null },
    ]);
  });

  it('masks a secret the tool stores, and every answer that says it holds a secret, whatever its id', () => {
    const trace = secretTrace();
    const answer = (id: string, value: unknown, secret: boolean) => {
      const message = { jsonrpc: '2.0', id, result: secret ? { value, [holdsSecret]: true } : { value } };
      trace.append('toTool', JSON.stringify(message), 'storage/get', message);
    };
    trace.append('fromTool', json({ id: 1, method: 'storage/set', params: { id: 'pin', value: 1234 } }), 'storage/set');
    trace.append('fromTool', json({ id: 'a', method: 'storage/get', params: { id: 'token' } }), 'storage/get');
    trace.append('fromTool', json({ id: 'a', method: 'storage/get', params: { id: 'token' } }), 'storage/get');
    answer('a', 's3cret', true);
    answer('a', 's3cret', true); // the same id again: still a secret
    answer('a', 'plain', false);
    answer('b', null, true); // cleared: nothing to hide
    const all = texts(trace).join('\n');
    expect(all).not.toContain('s3cret');
    expect(all).not.toContain('1234');
    expect(texts(trace)).toEqual([
      json({ id: 1, method: 'storage/set', params: { id: 'pin', value: maskedSecret } }),
      json({ id: 'a', method: 'storage/get', params: { id: 'token' } }),
      json({ id: 'a', method: 'storage/get', params: { id: 'token' } }),
      json({ id: 'a', result: { value: maskedSecret } }),
      json({ id: 'a', result: { value: maskedSecret } }),
      json({ id: 'a', result: { value: 'plain' } }),
      json({ id: 'b', result: { value: null } }),
    ]);
  });

  it('leaves every line as it went over the wire when there is nothing secret in it', () => {
    const trace = secretTrace();
    const lines = [
      '{ "jsonrpc": "2.0", "id": 3, "method": "storage/set", "params": { "id": "note", "value": "x" } }',
      '{"jsonrpc":"2.0","method":"log","params":{"level":"info","message":"token s3cret"}}',
      '{"jsonrpc":"2.0","id":4,"method":"storage/set","params":{"id":"token"', // not JSON
    ];
    for (const text of lines) trace.append('fromTool', text, text.includes('storage/set') ? 'storage/set' : 'log');
    expect(texts(trace)).toEqual(lines);
    const plain = new ToolTrace(); // a tool with no secret preference
    plain.append('toTool', json({ method: 'preferences/changed', params: { preferences: [{ id: 'token', value: 's3cret' }] } }), 'preferences/changed');
    expect(texts(plain)[0]).toContain('s3cret');
  });

  it('tells listeners the masked line', () => {
    const trace = secretTrace();
    const heard: string[] = [];
    trace.onDidAppend((line) => heard.push(line.text));
    trace.append('toTool', json({ method: 'preferences/changed', params: { preferences: [{ id: 'token', value: 's3cret' }] } }), 'preferences/changed');
    expect(heard[0]).toContain(maskedSecret);
    expect(heard[0]).not.toContain('s3cret');
  });
});
