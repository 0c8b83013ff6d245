// How a reason names a value, in English: quoted as a manifest writes it, counted, listed; and the
// fault of a preference's value. Shared by the reasons of a manifest (problem-reasons.ts) and the
// checks of a preference's value (manifest/preference-value.ts).

/** A JSON value's kind, as JSON Schema names it. */
export type TypeName = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/** A value a reason names: a scalar quoted as written, a list or an object by its kind (never walked into). */
export type Shown = { quoted: string } | { kind: 'array' | 'object' };

/** The fault of a preference's value, as preference-value.ts finds it. */
export type ValueFault =
  | { code: 'tooLong'; chars: number; max: number }
  | { code: 'kind'; kind: string }
  | { code: 'notAnOption'; options: string[] }
  | { code: 'belowMinimum'; minimum: number }
  | { code: 'aboveMaximum'; maximum: number }
  | { code: 'notWhole' }
  | { code: 'notUrl' };

const MAX_QUOTED = 60;

/** Counts Unicode code points, as JSON Schema does. */
export const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Names a value in a reason: strings quoted (cut when long), numbers as written, objects and lists by kind. */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    const chars = [...value];
    const shown = chars.length > MAX_QUOTED ? `${chars.slice(0, MAX_QUOTED - 1).join('')}…` : value;
    // Written as escapes: a control character or a bidi control would hide or reorder the reason itself.
    return JSON.stringify(shown).replace(
      /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return kindOf(value);
}

/** What kind of JSON value this is, as JSON Schema names it (never walks into it, so any depth is safe). */
export function typeOf(value: unknown): TypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

/** What kind of JSON value this is, in words. */
export function kindOf(value: unknown): string {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? 'nothing' : typeWords[typeOf(value)];
}

/** A value as a reason names it: quoted when a scalar, by its kind when a list or an object. */
export const shown = (value: unknown): Shown =>
  value !== null && typeof value === 'object' ? { kind: Array.isArray(value) ? 'array' : 'object' } : { quoted: quote(value) };

/** Thousands separated by commas, as the limits are written (65,536). */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const orList = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

export const typeWords: Record<TypeName, string> = {
  object: 'an object',
  array: 'a list',
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

const faultKindWords: Record<string, string> = {
  text: 'kind "text"',
  secret: 'kind "secret" (text)',
  boolean: 'kind "boolean" (true or false)',
  number: 'kind "number"',
};

/** A preference value's fault in English, naming the value (already quoted). */
export function valueFaultEn(fault: ValueFault, value: string): string {
  switch (fault.code) {
    case 'tooLong':
      return `${formatCount(fault.chars)} characters, at most ${formatCount(fault.max)}`;
    case 'kind':
      return `${value} does not fit ${faultKindWords[fault.kind] ?? `unknown kind ${quote(fault.kind)}`}`;
    case 'notAnOption':
      return `${value} is not one of the options ${orList(fault.options.map((option) => quote(option)))}`;
    case 'belowMinimum':
      return `${value} is below the minimum, ${fault.minimum}`;
    case 'aboveMaximum':
      return `${value} is above the maximum, ${fault.maximum}`;
    case 'notWhole':
      return `${value} is not a whole number`;
    case 'notUrl':
      return `${value} is not a link (http, https or mailto)`;
  }
}
