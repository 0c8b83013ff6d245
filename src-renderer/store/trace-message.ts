// What a trace line is to the Messages tab: a request or an answer with its id, or anything else
// (a notice, a line that is not JSON-RPC). Read from the line's text by its top-level keys alone,
// without building the message: a line the host cut to its readable length is not JSON any more,
// yet its id and kind usually come first. Each line is read once; what is learned lives as long as
// the line does (a WeakMap), so nothing outlasts the trace that holds it.
import type { TraceLine } from '../../src-shared/host-api';

export type TraceMessage =
  /**
   * `pair`: the direction it went and its id with its type ("toTool n7", "toTool s7": 7 and "7"
   * differ); an answer's names the direction of the request it answers, so the two are equal.
   */
  { kind: 'request'; pair: string } | { kind: 'answer'; pair: string } | { kind: 'other' };

const other: TraceMessage = { kind: 'other' };
const known = new WeakMap<TraceLine, TraceMessage>();

export function traceMessageOf(line: TraceLine): TraceMessage {
  let message = known.get(line);
  if (!message) {
    message = line.notUtf8 ? other : messageOf(line.text, line.direction);
    known.set(line, message);
  }
  return message;
}

/** The same rules as the host's reading of a message (src-main/host/wire/message-shape.ts), on the keys seen. */
function messageOf(text: string, direction: TraceLine['direction']): TraceMessage {
  const keys = topLevelKeys(text);
  if (!keys || keys.id === undefined) return other;
  if (keys.method) return { kind: 'request', pair: `${direction} ${keys.id}` };
  // A cut line could hold a "method" further on, but answers are what the host writes that long (a read's data).
  if (keys.answer && !keys.sawMethodKey) return { kind: 'answer', pair: `${direction === 'toTool' ? 'fromTool' : 'toTool'} ${keys.id}` };
  return other;
}

interface Keys {
  id?: string;
  /** "method" holds text. */
  method: boolean;
  sawMethodKey: boolean;
  /** "result" or "error" is there. */
  answer: boolean;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string that opens at `i` (a quote), or -1 when the text ends first. */
function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c)
      i++; // a backslash: the next character is escaped
    else if (code === 0x22) return i + 1;
  }
  return -1;
}

/** The index after the value that starts at `i`, or -1 when the text ends first. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 0x22) return stringEnd(text, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i = stringEnd(text, i);
        if (i < 0) return -1;
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x2c || code === 0x7d || code === 0x5d || isSpace(code)) return i;
    i++;
  }
  return -1;
}

/** An id as the host would take it: text, or a whole number. */
function idOf(literal: string): string | undefined {
  if (literal.startsWith('"')) {
    try {
      return `s${JSON.parse(literal) as string}`;
    } catch {
      return undefined;
    }
  }
  const value = Number(literal);
  return literal !== '' && Number.isSafeInteger(value) ? `n${value}` : undefined;
}

function keyName(literal: string): string {
  if (!literal.includes('\\')) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    return '';
  }
}

function topLevelKeys(text: string): Keys | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  const keys: Keys = { method: false, sawMethodKey: false, answer: false };
  i = skipSpace(text, i + 1);
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) return keys;
    const nameEnd = stringEnd(text, i);
    if (nameEnd < 0) return keys;
    const name = keyName(text.slice(i, nameEnd));
    i = skipSpace(text, nameEnd);
    if (text.charCodeAt(i) !== 0x3a) return keys;
    i = skipSpace(text, i + 1);
    const end = valueEnd(text, i);
    if (end < 0) {
      // Cut inside this value (a long line): its key still says what the message is.
      if (name === 'method') keys.sawMethodKey = true;
      if (name === 'result' || name === 'error') keys.answer = true;
      return keys;
    }
    const value = text.slice(i, end);
    if (name === 'id') keys.id = idOf(value);
    else if (name === 'method') {
      keys.sawMethodKey = true;
      keys.method = value.startsWith('"');
    } else if (name === 'result' || name === 'error') keys.answer = true;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== 0x2c) return keys; // the closing brace, or not JSON from here on
    i = skipSpace(text, i + 1);
  }
}
