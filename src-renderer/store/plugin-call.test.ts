import { describe, expect, it } from 'vitest';
import { newCallId } from './plugin-call';

describe('newCallId', () => {
  it('gives each call an id of its own, led by the page’s own random part', () => {
    const ids = Array.from({ length: 10_000 }, () => newCallId());
    expect(new Set(ids).size).toBe(ids.length);
    const prefixes = new Set(ids.map((id) => id.slice(0, id.lastIndexOf('-'))));
    expect(prefixes.size).toBe(1);
    expect([...prefixes][0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
