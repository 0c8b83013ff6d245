import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewLimits, previewOfParams } from './service-call-preview';

/** Characters a preview holds: texts, field names and the numbers, booleans and nulls as written. */
function size(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + size(item), 0);
  if (value !== null && typeof value === 'object') return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + size(item), 0);
  return String(value).length;
}

/** Whether every text, list and object in it is within the limits. */
function withinShape(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length <= previewLimits.maxText;
  if (value === null || typeof value !== 'object') return true;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  return (
    depth < previewLimits.maxDepth &&
    entries.length <= previewLimits.maxEntries &&
    entries.every(([key, item]) => key.length <= previewLimits.maxText && withinShape(item, depth + 1))
  );
}

/** JSON of any shape, with texts long enough to be cut and lists long enough to be cut too. */
const valueArbitrary = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }),
  fc.string({ maxLength: 6_000, unit: 'binary' }),
  fc.array(fc.string({ maxLength: 3_000 }), { maxLength: 40 }),
  fc.dictionary(fc.string({ maxLength: 50 }), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 20 }), { maxKeys: 30 }),
);

describe('the preview kept of a service call', () => {
  it('keeps small params as they are', () => {
    const params = { text: 'Hello', symbol: 'checkmark', keys: ['cmd+shift+n', 'cmd+n'], pid: 4242, flag: true, none: null };
    expect(previewOfParams(params)).toEqual(params);
  });

  it('cuts a long text to 2,000 characters, its note saying how much was left out', () => {
    const preview = previewOfParams({ text: `${'a'.repeat(1_000_000)}` }) as { text: string };
    expect(preview.text).toHaveLength(2_000);
    expect(preview.text).toMatch(/^a+… \(998,0\d\d more characters\)$/);
    const kept = preview.text.length - preview.text.indexOf('…');
    expect(Number(preview.text.match(/\(([\d,]+) more/)![1]!.replace(/,/g, '')) + 2_000 - kept).toBe(1_000_000);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = `${'a'.repeat(1_984)}${'😀'.repeat(1_000)}`;
    const preview = (previewOfParams({ text }) as { text: string }).text;
    expect(preview.length).toBeLessThanOrEqual(2_000);
    expect(preview).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('keeps the first items of a long list and the first fields of a wide object, saying how many more', () => {
    const keys = Array.from({ length: 100_000 }, (_, n) => `cmd+${n}`);
    const preview = previewOfParams({ keys }) as { keys: string[] };
    expect(preview.keys).toHaveLength(16);
    expect(preview.keys.slice(0, 15)).toEqual(keys.slice(0, 15));
    expect(preview.keys[15]).toBe('(99,985 more items)');
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`field${n}`, n]));
    const fields = previewOfParams(wide);
    expect(Object.keys(fields)).toHaveLength(16);
    expect(fields['…']).toBe('(25 more fields)');
  });

  it('names what is nested too deep instead of showing it', () => {
    expect(previewOfParams({ a: { b: { c: [1, 2] } }, list: [[[1]]] })).toEqual({
      a: { b: { c: '(a list of 2 items)' } },
      list: [['(a list of 1 item)']],
    });
  });

  it('holds at most 8,000 characters in all, and within every limit, whatever it is given; a preview is its own preview', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3_000 }), valueArbitrary), (params) => {
        const preview = previewOfParams(params);
        expect(size(preview)).toBeLessThanOrEqual(previewLimits.maxTotal);
        expect(withinShape(preview)).toBe(true);
        expect(previewOfParams(preview)).toEqual(preview);
      }),
      { numRuns: 500 },
    );
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`text${n}`, 'x'.repeat(5_000)]));
    const preview = previewOfParams(many);
    expect(size(preview)).toBeLessThanOrEqual(8_000);
    expect(previewOfParams(preview)).toEqual(preview);
  });
});
