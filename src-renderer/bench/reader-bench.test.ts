import { describe, expect, it } from 'vitest';
import { benchPageSize, benchPageText, readerBenchPages } from './reader-bench';

describe('the reader bench', () => {
  it('starts only for a sensible page count in the address', () => {
    expect(readerBenchPages('?token=abc&readerBench=500')).toBe(500);
    expect(readerBenchPages('?token=abc')).toBeUndefined();
    expect(readerBenchPages('?readerBench=many')).toBeUndefined();
    expect(readerBenchPages('?readerBench=0')).toBeUndefined();
    expect(readerBenchPages('?readerBench=20000')).toBeUndefined();
  });

  it('makes pages of two sizes, each with its number in its text', () => {
    expect(benchPageSize(1)).toEqual({ width: 612, height: 792 });
    expect(benchPageSize(25)).toEqual({ width: 792, height: 612 });
    expect(benchPageText(7, 500)[0]?.text).toBe('Sample page 7 of 500');
  });
});
