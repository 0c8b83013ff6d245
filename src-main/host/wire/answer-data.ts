// A long answer's `result.data` (a converted file's base64) taken from its line's bytes and decoded
// in place, never made a string (docs/design/wire.md, "A long answer's data"). Only where the answer
// is provably what JSON.parse would make of the line: the line's top is an object whose one "result"
// is an object whose one "data" is a string of nothing but standard padded base64; the rest of the
// line, with that string emptied, is UTF-8 and JSON, and a result for a request that takes its data
// so. Anything else (a "data" elsewhere, twice, escaped, not base64, not UTF-8, not JSON) is left to
// the line's text and JSON.parse, which judge and word it as ever.
import { Buffer } from 'node:buffer';
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';
import { decodeLine, type KeptBytes, type LongLine } from './long-line';
import { shapeOf, type MessageId } from './message-shape';

/** Set on a result whose data came as bytes: `data` is then "" and its bytes are here. */
const decodedData: unique symbol = Symbol('the data, decoded from the line');

/** The bytes a result's data was decoded to, when it came so (a request sent with dataAsBytes); undefined else. */
export function decodedDataOf(result: unknown): KeptBytes | undefined {
  return typeof result === 'object' && result !== null ? (result as { [decodedData]?: KeptBytes })[decodedData] : undefined;
}

/** An answer whose data was taken from its line, with what the trace is given of the line. */
export interface LiftedAnswer {
  id: MessageId;
  result: object;
  /** The line's first characters, as its text would have begun. */
  head: string;
  /** The line's length in characters, as its text would have had. */
  length: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes of a key, at most, for it to be read: "result" written all in \u escapes is 38. */
const KEY_READ_BYTES = 64;
/** Bytes decoded for the head: enough for the trace's characters whatever the line's UTF-8. */
const HEAD_BYTES = TRACE_TEXT_MAX_CHARS * 4;

/**
 * The answer with its data decoded in place from the line's bytes, the rest of the line let go; or
 * undefined, with the line untouched, when it is not such an answer or `takesBytes` says its request
 * does not take its data so.
 */
export function liftedAnswer(line: LongLine, takesBytes: (id: MessageId) => boolean): LiftedAnswer | undefined {
  const bytes = line.bytes;
  const span = resultDataSpan(bytes);
  if (!span) return undefined;
  const rest = decodeLine(Buffer.concat([bytes.subarray(0, span.start), bytes.subarray(span.end)]), 0, bytes.length - (span.end - span.start));
  if (typeof rest !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(rest);
  } catch {
    return undefined;
  }
  const message = shapeOf(value);
  if (message.kind !== 'result' || !takesBytes(message.id)) return undefined;
  const result = message.result as Record<string, unknown> | null;
  if (typeof result !== 'object' || result === null || result.data !== '') return undefined;
  if (!isBase64Bytes(bytes, span.start, span.end)) return undefined;
  const head = bytes.toString('utf8', 0, Math.min(bytes.length, HEAD_BYTES)).slice(0, TRACE_TEXT_MAX_CHARS);
  const length = rest.length + (span.end - span.start);
  const written = decodeBase64InPlace(bytes, span.start, span.end);
  // Not enumerable: the answer reads, compares and serializes as the one JSON.parse made.
  Object.defineProperty(result, decodedData, { value: line.keep(span.start, span.start + written) });
  return { id: message.id, result, head, length };
}

/**
 * Where the content of the string at `result.data` lies in the line's bytes (between its quotes),
 * when the line is an object with one "result", itself an object with one "data" whose value is a
 * string with no escape in it. A lexer of JSON's tokens: on a line that is JSON it reads the tokens
 * JSON.parse reads; on one that is not, what it finds is thrown away when the rest does not parse.
 */
export function resultDataSpan(bytes: Buffer): { start: number; end: number } | undefined {
  type Frame = { object: boolean; role: 'top' | 'result' | 'other'; key: string | undefined; expectKey: boolean };
  const stack: Frame[] = [];
  let span: { start: number; end: number } | undefined;
  let results = 0;
  let datas = 0;
  let at = skipSpace(bytes, 0);
  if (bytes[at] !== 0x7b) return undefined; // {
  for (; at < bytes.length; at++) {
    const byte = bytes[at]!;
    const frame = stack[stack.length - 1];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a) continue;
    if (byte === 0x7b || byte === 0x5b) {
      // { or [
      const role = !frame ? 'top' : frame.role === 'top' && frame.key === 'result' && byte === 0x7b ? 'result' : 'other';
      if (!frame && byte !== 0x7b) return undefined;
      stack.push({ object: byte === 0x7b, role, key: undefined, expectKey: byte === 0x7b });
    } else if (byte === 0x7d || byte === 0x5d) {
      // } or ]
      stack.pop();
      if (stack.length === 0) return skipSpace(bytes, at + 1) === bytes.length && results === 1 && datas === 1 ? span : undefined;
    } else if (byte === 0x2c) {
      // ,
      if (frame?.object) frame.expectKey = true;
    } else if (byte === 0x3a) {
      // :
      if (frame) frame.expectKey = false;
    } else if (byte === QUOTE) {
      const end = stringEnd(bytes, at);
      if (end < 0 || !frame) return undefined;
      if (frame.object && frame.expectKey) {
        frame.key = frame.role === 'other' ? undefined : keyText(bytes, at, end + 1);
        if (frame.role === 'top' && frame.key === 'result') results++;
        if (frame.role === 'result' && frame.key === 'data') datas++;
      } else if (frame.role === 'result' && frame.key === 'data' && bytes.subarray(at + 1, end).indexOf(BACKSLASH) === -1) {
        span = { start: at + 1, end };
      }
      at = end;
    }
    // Numbers, true, false, null: their bytes are skipped one by one (JSON.parse judges them).
  }
  return undefined;
}

function skipSpace(bytes: Buffer, at: number): number {
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0d || bytes[at] === 0x0a)) at++;
  return at;
}

/** The closing quote of the string opening at `start`: the first quote after it not escaped by an odd run of backslashes. */
function stringEnd(bytes: Buffer, start: number): number {
  for (let from = start + 1; ;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (quote - backslashes - 1 > start && bytes[quote - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** A key's text, when it is short enough to be "result" or "data" and is a JSON string; undefined else. */
function keyText(bytes: Buffer, start: number, end: number): string | undefined {
  if (end - start > KEY_READ_BYTES) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8', start, end)) as string;
  } catch {
    return undefined;
  }
}

/** Standard base64 value of each byte, -1 for a byte outside the alphabet. */
const SIXES = new Int8Array(256).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, value) => (SIXES[c.charCodeAt(0)] = value));
const EQUALS = 0x3d;

/** The same rule as the schema's base64 format (isBase64): a multiple of 4, at most two = at the end, the standard alphabet. */
export function isBase64Bytes(bytes: Uint8Array, start: number, end: number): boolean {
  if ((end - start) % 4 !== 0) return false;
  let last = end;
  if (last > start && bytes[last - 1] === EQUALS) last--;
  if (last > start && bytes[last - 1] === EQUALS) last--;
  for (let at = start; at < last; at++) if (SIXES[bytes[at]!]! < 0) return false;
  return true;
}

/**
 * Checked base64 in bytes[start, end) decoded into bytes from `start` on: each group of four is read
 * before its three bytes are written, and those never reach past it. The number of bytes written.
 */
export function decodeBase64InPlace(bytes: Uint8Array, start: number, end: number): number {
  let padding = 0;
  if (end > start && bytes[end - 1] === EQUALS) padding++;
  if (padding === 1 && end - 1 > start && bytes[end - 2] === EQUALS) padding++;
  const whole = end - start - (padding > 0 ? 4 : 0);
  let to = start;
  let from = start;
  for (const stop = start + whole; from < stop; from += 4) {
    const n = (SIXES[bytes[from]!]! << 18) | (SIXES[bytes[from + 1]!]! << 12) | (SIXES[bytes[from + 2]!]! << 6) | SIXES[bytes[from + 3]!]!;
    bytes[to++] = n >> 16;
    bytes[to++] = (n >> 8) & 0xff;
    bytes[to++] = n & 0xff;
  }
  if (padding > 0) {
    const n = (SIXES[bytes[from]!]! << 18) | (SIXES[bytes[from + 1]!]! << 12) | (padding === 1 ? SIXES[bytes[from + 2]!]! << 6 : 0);
    bytes[to++] = n >> 16;
    if (padding === 1) bytes[to++] = (n >> 8) & 0xff;
  }
  return to - start;
}
