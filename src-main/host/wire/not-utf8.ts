// A line that is not UTF-8, kept as what went over the wire. The framing decodes it with each byte
// that is not part of a UTF-8 sequence held as a lone low surrogate, U+DC80..U+DCFF (Python's
// "surrogateescape"): nothing is lost, and since decoding real UTF-8 never yields a lone surrogate,
// the text itself says the line was not UTF-8. Whoever shows it writes those bytes as \xNN, so a
// line that was refused -32700 never reads as the message it would have been with U+FFFD in it.

const decoder = new TextDecoder('utf-8');

/** A kept byte: a low surrogate of the range, not the second half of a pair. */
const keptByte = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;
const keptBytes = new RegExp(keptByte.source, 'g');

/** The length of the UTF-8 sequence at `at`, or 0 when the byte there starts none (RFC 3629). */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return 1;
  let follow: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) follow = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    follow = 2;
    if (lead === 0xe0) low = 0xa0; // no overlong forms
    if (lead === 0xed) high = 0x9f; // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    follow = 3;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f; // nothing past U+10FFFF
  } else return 0;
  for (let k = 1; k <= follow; k++) {
    const byte = bytes[at + k];
    if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return 0;
  }
  return follow + 1;
}

/** UTF-8 decoded, each byte that is not part of a sequence kept as U+DC80..U+DCFF. */
export function decodeKeepingBytes(bytes: Uint8Array): string {
  let text = '';
  let run = 0;
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += decoder.decode(bytes.subarray(run, at)) + String.fromCharCode(0xdc00 + bytes[at]!);
    at++;
    run = at;
  }
  return text + decoder.decode(bytes.subarray(run));
}

/**
 * True when the text holds bytes kept from a line that was not UTF-8. A kept byte is a lone
 * surrogate, so a well-formed text has none: isWellFormed answers at once for text V8 holds one
 * byte a character (a Skwir read's 5.6 MB answer, traced at each read), where the search takes ms.
 */
export const hasKeptBytes = (text: string): boolean => !(text as WellFormedCheck).isWellFormed() && keptByte.test(text);

/** String.prototype.isWellFormed (ES2024: Node 20, Electron's Chromium), past our ES2022 lib. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/** The text with each kept byte written \xNN, for a person or a JSON line. */
export const showKeptBytes = (text: string): string => text.replace(keptBytes, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16).padStart(2, '0')}`);
