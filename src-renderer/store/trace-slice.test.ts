import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src-shared/host-api';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { maxTraceChars, traceSelectors } from './trace-slice';

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
        .visibleLines(toolId)(store.getState())
        .map((l) => l.seq),
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
});
