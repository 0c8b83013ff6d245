import { describe, expect, it } from 'vitest';
import { firstDifference, ignoredPlaces, shownValue } from './first-difference';

describe('the first difference between two messages', () => {
  it('is the first place in document order, as a JSON Pointer with both values; absent on either side counts', () => {
    expect(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }, [])).toEqual({ pointer: '/b/1', expected: 2, actual: 3 });
    expect(firstDifference({ a: 1 }, { a: 1, 'x/y~': true }, [])).toEqual({ pointer: '/x~1y~0', expected: undefined, actual: true });
    expect(firstDifference([1], [1, 2], [])).toEqual({ pointer: '/1', expected: undefined, actual: 2 });
    expect(firstDifference({ a: { b: 1 } }, { a: [1] }, [])).toEqual({ pointer: '/a', expected: { b: 1 }, actual: [1] });
    expect(firstDifference({ a: [{ t: 1 }] }, { a: [{ t: 1 }] }, [])).toBeUndefined();
  });

  it('leaves out the ignored places and all under them; * stands for any key or item', () => {
    const places = ignoredPlaces(['/params/time', '/result/*/stamp', '/params/a~1b']);
    expect(firstDifference({ params: { time: 1, x: 1 } }, { params: { time: 2, x: 1 } }, places)).toBeUndefined();
    expect(firstDifference({ params: { time: { deep: 1 } } }, { params: {} }, places)).toBeUndefined();
    expect(firstDifference({ result: [{ stamp: 1, v: 1 }] }, { result: [{ stamp: 2, v: 2 }] }, places)).toEqual({
      pointer: '/result/0/v',
      expected: 1,
      actual: 2,
    });
    expect(firstDifference({ params: { 'a/b': 1 } }, { params: { 'a/b': 2 } }, places)).toBeUndefined();
  });

  it('shows a value as JSON, cut, and absence in words', () => {
    expect(shownValue(undefined)).toBe('absent');
    expect(shownValue('x'.repeat(200), 10)).toBe('"xxxxxxxx…');
  });
});
