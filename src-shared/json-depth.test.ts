import { describe, expect, it } from 'vitest';
import { deeperThan } from './json-depth';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);

describe('how deep a value nests', () => {
  it('counts each list and object a level, the value itself the first', () => {
    expect(deeperThan(1, 0, 'v')).toBeUndefined();
    expect(deeperThan(nested(64), 64, 'v')).toBeUndefined();
    expect(deeperThan(nested(65), 64, 'v')).toBe('v[0][0][0]…');
    expect(deeperThan({ a: { b: [] } }, 3, 'v')).toBeUndefined();
    expect(deeperThan({ a: { b: [] } }, 2, 'v')).toBe('v.a.b');
  });

  it('names the first too deep member by its keys, quoting a key that is no name', () => {
    const value = { fine: [[1]], 'two words': [{ x: 1 }, { deeper: [[1]] }] };
    expect(deeperThan(value, 3, 'result')).toBe('result["two words"][1].deeper');
  });

  it('walks 1,000,000 levels and a million members without running out of stack', () => {
    expect(deeperThan(nested(1_000_000), 64, 'v')).toBe('v[0][0][0]…');
    const wide = Array.from({ length: 1_000_000 }, () => ({ a: [1] }));
    expect(deeperThan(wide, 3, 'v')).toBeUndefined();
    wide.push({ a: [[1]] } as never);
    expect(deeperThan(wide, 3, 'v')).toBe('v[1000000].a[0]');
  });
});
