import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src-shared/host-api';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { rowFirst } from './trace-pairs';
import { maxTraceChars, maxTraceLines, traceSelectors } from './trace-slice';

const toolId = 'com.acme.one';
const line = (seq: number, direction: TraceLine['direction'], method?: string): TraceLine => ({
  seq,
  time: seq,
  direction,
  method,
  text: JSON.stringify({ jsonrpc: '2.0', method, id: seq }),
});

function setup() {
  const fake = createFakeHost({ tools: [makeTool({ id: toolId })] });
  return { fake, store: createAppStore(fake.host) };
}

describe('trace slice', () => {
  it('starts empty, showing every method', () => {
    const { store } = setup();
    expect(traceSelectors.lines(toolId)(store.getState())).toEqual([]);
    expect(traceSelectors.method(store.getState())).toBe('');
  });

  it('reads the trace and adds lines as they come', async () => {
    const { fake, store } = setup();
    fake.traces.set(toolId, [line(1, 'toTool', 'initialize'), line(2, 'fromTool', 'initialize')]);
    await store.getState().loadTrace(toolId);
    store.getState().traceLinesArrived(toolId, [line(2, 'fromTool', 'initialize'), line(3, 'fromTool', 'log')]);
    expect(
      traceSelectors
        .lines(toolId)(store.getState())
        .map((l) => l.seq),
    ).toEqual([1, 2, 3]);
  });

  it('keeps at most maxTraceChars characters per tool however long the lines, the newest whole', () => {
    const { store } = setup();
    const long = (seq: number): TraceLine => ({ ...line(seq, 'fromTool', 'log'), text: `${seq} `.padEnd(4_200, 'x') });
    for (let seq = 1; seq <= 5_000; seq += 50)
      store.getState().traceLinesArrived(
        toolId,
        Array.from({ length: 50 }, (_, n) => long(seq + n)),
      );
    const lines = traceSelectors.lines(toolId)(store.getState());
    const chars = lines.reduce((sum, held) => sum + held.text.length, 0);
    expect(chars).toBeLessThanOrEqual(maxTraceChars);
    expect(chars).toBeGreaterThan(maxTraceChars - 4_200);
    expect(lines.at(-1)!.seq).toBe(5_000);
  });

  it('lists the methods seen and filters by one', () => {
    const { store } = setup();
    store.getState().traceLinesArrived(toolId, [line(1, 'toTool', 'command/run'), line(2, 'fromTool', 'log'), line(3, 'fromTool')]);
    expect(traceSelectors.methods(toolId)(store.getState())).toEqual(['command/run', 'log']);
    store.getState().setTraceMethod('log');
    expect(
      traceSelectors
        .visibleRows(toolId)(store.getState())
        .map((row) => rowFirst(row).seq),
    ).toEqual([2]);
  });

  it('clears through the host', async () => {
    const { fake, store } = setup();
    store.getState().traceLinesArrived(toolId, [line(1, 'toTool', 'initialize')]);
    await store.getState().clearTrace(toolId);
    expect(fake.requestsNamed('clearTrace')).toEqual([[toolId]]);
    expect(traceSelectors.lines(toolId)(store.getState())).toEqual([]);
  });

  it('says why the trace could not be read', async () => {
    const { fake, store } = setup();
    fake.host.readTrace = async () => {
      throw new Error('gone');
    };
    await store.getState().loadTrace(toolId);
    expect(traceSelectors.problem(toolId)(store.getState())).toBe('gone');
  });

  it('pairs each request with its answer on one row, found by the words of either, counting both messages', () => {
    const { store } = setup();
    const sent = (seq: number, direction: TraceLine['direction'], message: object, method: string): TraceLine => ({
      seq,
      time: seq * 10,
      direction,
      method,
      text: JSON.stringify({ jsonrpc: '2.0', ...message }),
    });
    store
      .getState()
      .traceLinesArrived(toolId, [
        sent(1, 'toTool', { id: 1, method: 'command/run', params: { command: 'copy' } }, 'command/run'),
        sent(2, 'fromTool', { method: 'log', params: { message: 'copying' } }, 'log'),
      ]);
    const rows = () => traceSelectors.visibleRows(toolId)(store.getState());
    expect(rows().map((row) => row.kind)).toEqual(['exchange', 'message']);
    // The answer comes later, a frame of its own: it joins its request's row.
    store.getState().traceLinesArrived(toolId, [sent(3, 'fromTool', { id: 1, result: { copied: 'Hello' } }, 'command/run')]);
    expect(rows()).toEqual([
      expect.objectContaining({ kind: 'exchange', answer: expect.objectContaining({ seq: 3 }) }),
      expect.objectContaining({ kind: 'message' }),
    ]);
    store.getState().setTraceSearch('hello');
    expect(rows().map((row) => rowFirst(row).seq)).toEqual([1]);
    store.getState().setTraceSearch('');
    store.getState().setTraceMethod('log');
    expect(rows().map((row) => rowFirst(row).seq)).toEqual([2]);
  });

  it('counts the older messages dropped: by the host, by the caps here, from nothing once cleared', async () => {
    const { fake, store } = setup();
    const dropped = () => traceSelectors.dropped(toolId)(store.getState());
    expect(dropped()).toBe(0);
    fake.host.readTrace = async () => ({ lines: [line(1_235, 'fromTool', 'log'), line(1_236, 'fromTool', 'log')], dropped: 1_234 });
    await store.getState().loadTrace(toolId);
    expect(dropped()).toBe(1_234);
    // Events add lines past the window's cap: the oldest go, and are counted.
    const flood = Array.from({ length: maxTraceLines }, (_, n) => line(1_237 + n, 'fromTool', 'log'));
    store.getState().traceLinesArrived(toolId, flood);
    expect(traceSelectors.lines(toolId)(store.getState())).toHaveLength(maxTraceLines);
    expect(dropped()).toBe(1_236);
    await store.getState().clearTrace(toolId);
    expect(dropped()).toBe(0);
  });

  it('holds no more than its caps when a tool sends a million answers to ids never asked, or the same id again and again', () => {
    const { store } = setup();
    const collect = () => {
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
    };
    let seq = 0;
    const answers = (count: number) =>
      Array.from({ length: count }, (): TraceLine => {
        seq++;
        const id = seq % 2 === 0 ? seq : 7; // never asked, or asked once and answered a million times
        return { seq, time: seq, direction: 'fromTool', text: `{"jsonrpc":"2.0","id":${id},"result":{"n":${seq}}}` };
      });
    store
      .getState()
      .traceLinesArrived(toolId, [{ seq: 0, time: 0, direction: 'toTool', method: 'command/run', text: '{"jsonrpc":"2.0","id":7,"method":"command/run"}' }]);
    const frame = (count: number) => {
      store.getState().traceLinesArrived(toolId, answers(count));
      return traceSelectors.visibleRows(toolId)(store.getState());
    };
    frame(maxTraceLines);
    collect();
    const before = process.memoryUsage().heapUsed;
    let rows = frame(0);
    while (seq < 1_000_000) rows = frame(Math.min(100_000, 1_000_000 - seq));
    const held = traceSelectors.lines(toolId)(store.getState());
    expect(held).toHaveLength(maxTraceLines);
    // One row a line: each answer alone, the first answer to id 7 long dropped with its request.
    expect(rows).toHaveLength(maxTraceLines);
    expect(rows.every((row) => row.kind === 'answer')).toBe(true);
    expect(traceSelectors.dropped(toolId)(store.getState())).toBe(1_000_001 - maxTraceLines);
    rows = [];
    collect();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 2 ** 20);
  });
});
