import { describe, expect, it } from 'vitest';
import { createFakeHost, makeLogLines, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { logSelectors, maxLogChars, maxLogLines } from './logs-slice';
import { appendBySeq } from './seq-lines';

const toolId = 'com.acme.one';

function setup() {
  const fake = createFakeHost({ tools: [makeTool({ id: toolId })] });
  return { fake, store: createAppStore(fake.host) };
}

describe('logs slice', () => {
  it('starts empty, following, every level shown', () => {
    const { store } = setup();
    const s = store.getState();
    expect(logSelectors.lines(toolId)(s)).toEqual([]);
    expect(logSelectors.follow(s)).toBe(true);
    expect(Object.values(logSelectors.filter(s).levels)).toEqual([true, true, true, true]);
  });

  it('merges a read with lines that arrived meanwhile, without doubles', async () => {
    const { fake, store } = setup();
    fake.logs.set(toolId, makeLogLines(5));
    store.getState().logLinesArrived(toolId, makeLogLines(3, 4)); // 4, 5, 6
    await store.getState().loadLog(toolId);
    expect(
      logSelectors
        .lines(toolId)(store.getState())
        .map((l) => l.seq),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('ignores lines it already holds', () => {
    const { store } = setup();
    store.getState().logLinesArrived(toolId, makeLogLines(3));
    const before = logSelectors.lines(toolId)(store.getState());
    store.getState().logLinesArrived(toolId, makeLogLines(2));
    expect(logSelectors.lines(toolId)(store.getState())).toBe(before);
  });

  it('keeps the newest lines up to its cap', () => {
    const held = makeLogLines(5);
    expect(appendBySeq(held, makeLogLines(3, 6), 6).map((l) => l.seq)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(maxLogLines).toBeGreaterThanOrEqual(100_000);
  });

  it('keeps at most maxLogChars characters per tool however long the lines, the newest whole', async () => {
    const { fake, store } = setup();
    const long = (from: number, count: number) => makeLogLines(count, from).map((line) => ({ ...line, message: `${line.seq} `.padEnd(8_192, 'x') }));
    fake.logs.set(toolId, long(1, 1_000));
    await store.getState().loadLog(toolId);
    for (let from = 1_001; from < 5_001; from += 100) store.getState().logLinesArrived(toolId, long(from, 100));
    const lines = logSelectors.lines(toolId)(store.getState());
    const chars = lines.reduce((sum, line) => sum + line.message.length, 0);
    expect(chars).toBeLessThanOrEqual(maxLogChars);
    expect(chars).toBeGreaterThan(maxLogChars - 8_192);
    expect(lines.at(-1)!.seq).toBe(5_000);
    expect(maxLogChars).toBe(16_000_000);
  });

  it('filters by level and by search, case-insensitively', () => {
    const { store } = setup();
    store.getState().logLinesArrived(toolId, [
      { seq: 1, time: 0, level: 'info', source: 'tool', message: 'Started' },
      { seq: 2, time: 0, level: 'error', source: 'stderr', message: 'Boom at start' },
      { seq: 3, time: 0, level: 'debug', source: 'tool', message: 'tick' },
    ]);
    store.getState().setLogLevelShown('debug', false);
    expect(
      logSelectors
        .visibleLines(toolId)(store.getState())
        .map((l) => l.seq),
    ).toEqual([1, 2]);
    store.getState().setLogSearch('START');
    expect(
      logSelectors
        .visibleLines(toolId)(store.getState())
        .map((l) => l.seq),
    ).toEqual([1, 2]);
    store.getState().setLogLevelShown('info', false);
    expect(
      logSelectors
        .visibleLines(toolId)(store.getState())
        .map((l) => l.seq),
    ).toEqual([2]);
  });

  it('filters 100,000 lines once, not on every read of the selector', () => {
    const { store } = setup();
    store.getState().logLinesArrived(toolId, makeLogLines(100_000));
    store.getState().setLogSearch('line 9999');
    const first = logSelectors.visibleLines(toolId)(store.getState());
    expect(first.map((l) => l.message)).toEqual([
      'line 9999',
      'line 99990',
      'line 99991',
      'line 99992',
      'line 99993',
      'line 99994',
      'line 99995',
      'line 99996',
      'line 99997',
      'line 99998',
      'line 99999',
    ]);
    expect(logSelectors.visibleLines(toolId)(store.getState())).toBe(first);
  });

  it('clears through the host, and when the host says it was cleared', async () => {
    const { fake, store } = setup();
    store.getState().logLinesArrived(toolId, makeLogLines(3));
    await store.getState().clearLog(toolId);
    expect(fake.requestsNamed('clearLog')).toEqual([[toolId]]);
    expect(logSelectors.lines(toolId)(store.getState())).toEqual([]);
    store.getState().logLinesArrived(toolId, makeLogLines(2, 10));
    store.getState().logCleared(toolId);
    expect(logSelectors.lines(toolId)(store.getState())).toEqual([]);
  });

  it('says why the log could not be read', async () => {
    const { fake, store } = setup();
    fake.host.readLog = async () => {
      throw new Error('no such tool');
    };
    await store.getState().loadLog(toolId);
    expect(logSelectors.problem(toolId)(store.getState())).toBe('no such tool');
  });

  it('stops and resumes following', () => {
    const { store } = setup();
    store.getState().setLogFollow(false);
    expect(logSelectors.follow(store.getState())).toBe(false);
  });
});
