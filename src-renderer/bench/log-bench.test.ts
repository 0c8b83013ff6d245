import { describe, expect, it } from 'vitest';
import { benchLogLines, logBenchLines } from './log-bench';

describe('the log bench', () => {
  it('starts only for a sensible line count in the address', () => {
    expect(logBenchLines('?token=abc&logBench=100000')).toBe(100_000);
    expect(logBenchLines('?token=abc')).toBeUndefined();
    expect(logBenchLines('?logBench=lots')).toBeUndefined();
    expect(logBenchLines('?logBench=0')).toBeUndefined();
    expect(logBenchLines('?logBench=5000000')).toBeUndefined();
  });

  it('makes lines in order with every level', () => {
    const lines = benchLogLines(1000);
    expect(lines).toHaveLength(1000);
    expect(lines.every((line, i) => line.seq === i + 1)).toBe(true);
    expect(new Set(lines.map((line) => line.level))).toEqual(new Set(['info', 'debug', 'warn', 'error']));
  });
});
