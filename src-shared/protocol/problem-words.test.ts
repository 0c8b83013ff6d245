import { describe, expect, it } from 'vitest';
import { codePoints, fieldPath, formatCount, kindOf, quote } from './problem-words';

describe('the words of a problem', () => {
  it('writes JSON pointers as field paths a tool author reads', () => {
    expect(fieldPath('', '/preferences/0/title/fr')).toBe('preferences[0].title.fr');
    expect(fieldPath('params', '/keys/2')).toBe('params.keys[2]');
    expect(fieldPath('', '/name', 'pt-BR')).toBe('name.pt-BR');
    expect(fieldPath('', '/name', 'a.b c')).toBe('name["a.b c"]');
    expect(fieldPath('', '/a~1b')).toBe('["a/b"]');
    expect(fieldPath('', '')).toBe('');
  });

  it('names values: strings quoted and cut when long, controls and bidi controls escaped, objects by kind', () => {
    expect(quote('camera')).toBe('"camera"');
    expect(quote('a\u0007b\u0085')).toBe('"a\\u0007b\\u0085"');
    // A bidi control would reorder the reason around it: "report<U+202E>txt.exe" reads "reportexe.txt".
    expect(quote('report\u202Etxt.exe \u2066\u200F')).toBe('"report\\u202etxt.exe \\u2066\\u200f"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(59)}…"`);
    expect(quote(3)).toBe('3');
    expect(quote(null)).toBe('null');
    expect(quote({ a: 1 })).toBe('an object');
    expect(quote([1])).toBe('a list');
    expect(kindOf(1.5)).toBe('a number');
    expect(kindOf(2)).toBe('a whole number');
  });

  it('never walks into a value, however deep', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(quote(deep)).toBe('a list');
  });

  it('counts code points, not UTF-16 units, and writes counts as the limits are written', () => {
    expect(codePoints('😀é')).toBe(2);
    expect(formatCount(10_485_760)).toBe('10,485,760');
    expect(formatCount(60)).toBe('60');
  });
});
