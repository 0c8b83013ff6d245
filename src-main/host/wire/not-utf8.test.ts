import { describe, expect, it } from 'vitest';
import { LineFraming, type LineRefusal } from './line-framing';
import { decodeKeepingBytes, hasKeptBytes, showKeptBytes } from './not-utf8';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('a line that is not UTF-8', () => {
  it('keeps every stray byte, and shows each as \\xNN', () => {
    const text = decodeKeepingBytes(bytes('{"m":"caf', [0xe9], '"}'));
    expect(hasKeptBytes(text)).toBe(true);
    expect(showKeptBytes(text)).toBe('{"m":"caf\\xe9"}');
  });

  it('decodes the UTF-8 around the stray bytes as it is, emoji and U+FFFD written by the tool too', () => {
    const text = decodeKeepingBytes(bytes('é 💀 \ufffd ', [0xff, 0xc3], ' ok'));
    expect(showKeptBytes(text)).toBe('é 💀 \ufffd \\xff\\xc3 ok');
  });

  it('takes overlong forms, encoded surrogates, a cut sequence and what is past U+10FFFF for stray bytes', () => {
    expect(showKeptBytes(decodeKeepingBytes(bytes([0xc0, 0xaf])))).toBe('\\xc0\\xaf');
    expect(showKeptBytes(decodeKeepingBytes(bytes([0xe0, 0x80, 0xaf])))).toBe('\\xe0\\x80\\xaf');
    expect(showKeptBytes(decodeKeepingBytes(bytes([0xed, 0xa0, 0x80])))).toBe('\\xed\\xa0\\x80');
    expect(showKeptBytes(decodeKeepingBytes(bytes('a', [0xe2, 0x82])))).toBe('a\\xe2\\x82');
    expect(showKeptBytes(decodeKeepingBytes(bytes([0xf4, 0x90, 0x80, 0x80])))).toBe('\\xf4\\x90\\x80\\x80');
  });

  it('is never read into text decoded from UTF-8, whatever it holds', () => {
    for (const text of ['plain', '💀 U+1F480 has a low surrogate of the range', '\ufffd', '\\xe9 written as text']) {
      expect(hasKeptBytes(decodeKeepingBytes(Buffer.from(text, 'utf8')))).toBe(false);
      expect(decodeKeepingBytes(Buffer.from(text, 'utf8'))).toBe(text);
    }
  });

  it('is found in any text holding one, and never in a lone high surrogate or a pair (well formed or not)', () => {
    // A well-formed text is passed at once (a Skwir read's 5.6 MB answer is traced at each read).
    const long = 'A'.repeat(6_000_000);
    expect(hasKeptBytes(long)).toBe(false);
    expect(hasKeptBytes(`${long}\udce9`)).toBe(true);
    expect(hasKeptBytes(`\ud83d\udc80 ${long}`)).toBe(false);
    expect(hasKeptBytes(`\ud83d ${long}`)).toBe(false);
    expect(hasKeptBytes(`\ud83d \udcff`)).toBe(true);
  });

  it('comes from the framing with its bytes kept', () => {
    const refusals: LineRefusal[] = [];
    const framing = new LineFraming({ line: () => {}, refusal: (refusal) => refusals.push(refusal) });
    framing.push(Buffer.from(bytes('[', [0xe5], ']\n')));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.reason === 'notUtf8' && showKeptBytes(refusals[0].text)).toBe('[\\xe5]');
  });
});
