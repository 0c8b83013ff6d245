import { describe, expect, it } from 'vitest';
import { valueText } from './value-text';

describe('valueText', () => {
  it('shows text as it is, numbers and yes/no as JavaScript writes them, and none as nothing', () => {
    expect(['https://example.test', 4242, 2.5, false, null, undefined].map(valueText)).toEqual(['https://example.test', '4242', '2.5', 'false', '', '']);
  });

  it('shows a list or an object as its JSON, never as [object Object]', () => {
    expect(valueText({ url: 'x' })).toBe('{"url":"x"}');
    expect(valueText([1, 'two'])).toBe('[1,"two"]');
  });
});
