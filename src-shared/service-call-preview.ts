// What is kept of a service call a tool made: a bounded preview of its params, never the params
// whole. A tool may paste a text of a MB with every line it writes, or add fields the app ignores;
// the host's list of calls, the window's and the simulated platform's record each keep at most
// SERVICE_CALLS_KEPT calls, each one's params within previewLimits. A preview is its own preview,
// so the window may bound what a host sends it the same way.
import { formatCount } from './protocol/problem-words';

/** Calls kept in each list, the newest. */
export const SERVICE_CALLS_KEPT = 1_000;

export const previewLimits = {
  /** One text (a field name too), in UTF-16 units, its note included. */
  maxText: 2_000,
  /** Items of a list or fields of an object, a note included. */
  maxEntries: 16,
  /** Lists and objects this deep or deeper are named, not shown (the params are at depth 0). */
  maxDepth: 3,
  /** Characters over the whole preview: texts, field names, and numbers as written. */
  maxTotal: 8_000,
} as const;

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The text cut to at most `max` units, its note included, never inside a character. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = (left: number) => `… (${plural(left, 'more character', 'more characters')})`;
  let keep = max - note(text.length).length;
  if (keep <= 0) return '…'.slice(0, max);
  keep = max - note(text.length - keep).length; // fewer left out: a note as short or shorter
  if (/[\uD800-\uDBFF]/.test(text.charAt(keep - 1))) keep--;
  return `${text.slice(0, keep)}${note(text.length - keep)}`;
}

/** The characters `value` holds when it is within every limit and `budget`; -1 when it is not. */
function sizeWithin(value: unknown, depth: number, budget: number): number {
  switch (typeof value) {
    case 'string':
      return value.length <= previewLimits.maxText && value.length <= budget ? value.length : -1;
    case 'number':
    case 'boolean': {
      const size = String(value).length;
      return size <= budget ? size : -1;
    }
    case 'object':
      break;
    default:
      return -1;
  }
  if (value === null) return 4 <= budget ? 4 : -1;
  if (depth >= previewLimits.maxDepth) return -1;
  // Walked without copying its entries: every service call is measured (the round trip is a hot path).
  let used = 0;
  let entries = 0;
  if (Array.isArray(value)) {
    if (value.length > previewLimits.maxEntries) return -1;
    for (const item of value) {
      const size = sizeWithin(item, depth + 1, budget - used);
      if (size < 0) return -1;
      used += size;
    }
    return used;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (++entries > previewLimits.maxEntries || key.length > previewLimits.maxText) return -1;
    const size = sizeWithin((value as Record<string, unknown>)[key], depth + 1, budget - used - key.length);
    if (size < 0) return -1;
    used += key.length + size;
  }
  return used;
}

/** A preview of `value` within every limit and `budget`, with the characters it holds. */
function cut(value: unknown, depth: number, budget: number): [unknown, number] {
  if (typeof value === 'string') {
    const text = cutText(value, Math.min(previewLimits.maxText, budget));
    return [text, text.length];
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    const size = String(value).length;
    return size <= budget ? [value, size] : ['', 0];
  }
  if (value === undefined || typeof value !== 'object') return ['', 0]; // not JSON: nothing to show
  const list = Array.isArray(value);
  const entries: (readonly [string, unknown])[] = list ? value.map((item) => ['', item] as const) : Object.entries(value);
  if (depth >= previewLimits.maxDepth) {
    return cut(
      list ? `(a list of ${plural(entries.length, 'item', 'items')})` : `(an object with ${plural(entries.length, 'field', 'fields')})`,
      depth,
      budget,
    );
  }
  const kept: [string, unknown][] = [];
  let used = 0;
  let index = 0;
  for (; index < entries.length; index++) {
    const last = kept.length === previewLimits.maxEntries - 1;
    if ((last && index < entries.length - 1) || used >= budget) break;
    const [key, item] = entries[index]!;
    const name = cutText(key, Math.min(previewLimits.maxText, budget - used));
    const [shown, size] = cut(item, depth + 1, budget - used - name.length);
    kept.push([name, shown]);
    used += name.length + size;
  }
  const noteKey = list ? '' : '…';
  if (index < entries.length && budget - used > noteKey.length) {
    const rest = entries.length - index;
    const [note, size] = cut(
      `(${plural(rest, list ? 'more item' : 'more field', list ? 'more items' : 'more fields')})`,
      depth + 1,
      Math.max(0, budget - used - noteKey.length),
    );
    kept.push([noteKey, note]);
    used += noteKey.length + size;
  }
  return [list ? kept.map(([, shown]) => shown) : Object.fromEntries(kept), used];
}

/**
 * The params as they are when they are within the limits, else a preview that is: long texts cut
 * with a note saying how much was left out, long lists and wide objects cut to their first entries
 * and a note, deeper nesting named. The preview shares no text with the params (a slice of a huge
 * text would keep the whole of it alive).
 */
export function previewOfParams(params: Record<string, unknown>): Record<string, unknown> {
  if (sizeWithin(params, 0, previewLimits.maxTotal) >= 0) return params;
  const [preview] = cut(params, 0, previewLimits.maxTotal);
  return JSON.parse(JSON.stringify(preview)) as Record<string, unknown>;
}
