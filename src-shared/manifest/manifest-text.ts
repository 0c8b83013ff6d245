// From the bytes of vitruvian-tool.json to a JSON value, with a clear reason at each way it can
// go wrong: a byte order mark, binary content, bytes that are not UTF-8, nesting too deep, not JSON.
import { MANIFEST_MAX_DEPTH } from '../limits';
import type { ProblemReason } from '../protocol/problem-reasons';

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: ProblemReason };

const hex = (byte: number): string => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Why the bytes are not UTF-8 text, or undefined when they are. */
export function textProblem(bytes: Uint8Array): ProblemReason | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { code: 'byteOrderMark' };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { code: 'utf16' };
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i]!;
    if (byte === 0) return { code: 'zeroByte', at: i };
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    let valid = length > 0 && i + length <= bytes.length;
    for (let k = 1; valid && k < length; k++) valid = (bytes[i + k]! & 0xc0) === 0x80;
    if (valid && length === 3) {
      const second = bytes[i + 1]!;
      valid = !(byte === 0xe0 && second < 0xa0) && !(byte === 0xed && second > 0x9f); // overlong, surrogate
    }
    if (valid && length === 4) {
      const second = bytes[i + 1]!;
      valid = !(byte === 0xf0 && second < 0x90) && !(byte === 0xf4 && second > 0x8f);
    }
    if (!valid) return { code: 'notUtf8', byte: hex(byte), at: i };
    i += length;
  }
  return undefined;
}

export function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i]!;
    let cp: number;
    if (byte < 0x80) {
      cp = byte;
      i += 1;
    } else if (byte < 0xe0) {
      cp = ((byte & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
      i += 2;
    } else if (byte < 0xf0) {
      cp = ((byte & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
      i += 3;
    } else {
      cp = ((byte & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
      i += 4;
    }
    out += String.fromCodePoint(cp);
  }
  return out;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The offset where nesting first goes deeper than the limit, found without parsing. */
function tooDeepAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return undefined;
}

/** Parses the manifest's text; the reason never carries the engine's own wording of the input. */
export function parseManifestText(text: string): Parsed {
  if (text.trim() === '') return { ok: false, reason: { code: 'emptyManifest' } };
  const deep = tooDeepAt(text, MANIFEST_MAX_DEPTH);
  if (deep !== undefined) return { ok: false, reason: { code: 'tooDeep', limit: MANIFEST_MAX_DEPTH, ...lineAndColumn(text, deep) } };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const what = message
      .split(/ in JSON| \(line|, "/)[0]!
      .replace(/\s+/g, ' ')
      .trim();
    if (/end of JSON input/i.test(message)) return { ok: false, reason: { code: 'jsonEndsEarly' } };
    const detail = `${what.charAt(0).toLowerCase()}${what.slice(1)}`;
    return { ok: false, reason: { code: 'notJson', detail, ...(position ? lineAndColumn(text, Number(position[1])) : {}) } };
  }
}
