import { describe, expect, it } from 'vitest';
import { reasonWordsEn } from '../protocol/problem-reasons';
import { decodeUtf8, parseManifestText as parseAsData, textProblem as textFault } from './manifest-text';

// What these tests read: each reason in its English words.
const textProblem = (bytes: Uint8Array) => {
  const fault = textFault(bytes);
  return fault && reasonWordsEn(fault);
};
const parseManifestText = (text: string) => {
  const parsed = parseAsData(text);
  return parsed.ok ? parsed : { ok: false, reason: reasonWordsEn(parsed.reason) };
};

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('the bytes of a manifest', () => {
  it('accepts UTF-8 of every length, astral characters too, and decodes it', () => {
    const text = '{"en":"é 道 😀 𝄞"}';
    expect(textProblem(utf8(text))).toBeUndefined();
    expect(decodeUtf8(utf8(text))).toBe(text);
  });

  it('refuses what is not UTF-8 text, saying where', () => {
    expect(textProblem(bytes(0x7b, 0xff))).toBe('is not UTF-8 text (byte 0xFF at byte 1); it may be a binary file');
    expect(textProblem(bytes(0xc0, 0x80))).toMatch(/byte 0xC0 at byte 0/); // overlong
    expect(textProblem(bytes(0xed, 0xa0, 0x80))).toMatch(/byte 0xED/); // a UTF-16 surrogate
    expect(textProblem(bytes(0x7b, 0xe2, 0x82))).toMatch(/byte 0xE2 at byte 1/); // cut short
    expect(textProblem(bytes(0x7b, 0x00, 0x7d))).toBe('holds a zero byte at byte 1; it is not a text file');
    expect(textProblem(bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d))).toMatch(/byte order mark/);
    expect(textProblem(bytes(0xff, 0xfe, 0x7b, 0x00))).toBe('is UTF-16 text; save it as UTF-8');
  });
});

describe('parsing a manifest', () => {
  it('says where the JSON breaks, in lines and columns', () => {
    const parsed = parseManifestText('{\n  "id": "x",\n  oops\n}');
    expect(parsed).toEqual({ ok: false, reason: expect.stringMatching(/^not JSON: .* at line 3, column 3$/) });
    expect(parseManifestText('{"id": ')).toEqual({ ok: false, reason: 'not JSON: it ends too early (unclosed object, list or text)' });
    expect(parseManifestText(' \n')).toEqual({ ok: false, reason: 'empty; it must hold a JSON object' });
  });

  it('refuses nesting beyond 64 levels before parsing, and ignores brackets inside strings', () => {
    expect(parseManifestText(`${'['.repeat(64)}${']'.repeat(64)}`).ok).toBe(true);
    expect(parseManifestText(`${'['.repeat(65)}${']'.repeat(65)}`)).toEqual({
      ok: false,
      reason: 'nested more than 64 levels deep at line 1, column 65',
    });
    expect(parseManifestText(JSON.stringify({ a: '[[[[\\"'.repeat(100) })).ok).toBe(true);
  });
});
