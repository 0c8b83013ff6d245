// Turns JSON Schema failures into the words a tool author reads: `<field path>: <reason naming the value>`,
// e.g. `uses[1]: unknown service "camera"`. Never ajv's own messages.
// A schema node may carry "x-reasons": { "<keyword>": "<template>" } with {value}, {count}, {limit}
// and {control} filled in here; without one, a plain reason for the keyword is used.
import type { ErrorObject } from 'ajv';

const MAX_QUOTED = 60;

/** Counts Unicode code points, as JSON Schema does. */
export const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Thousands separated by commas, as the limits are written (65,536). */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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

/** What kind of JSON value this is, in words (never walks into it, so any depth is safe). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return Number.isInteger(value) ? 'a whole number' : 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    default:
      return 'nothing';
  }
}

const typeWords: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

const orList = (items: string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/** A JSON pointer (`/preferences/0/title/fr`) as a field path (`preferences[0].title.fr`). */
export function fieldPath(prefix: string, pointer: string, extra?: string | number): string {
  const parts =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(String(extra));
  let path = prefix;
  for (const part of parts) {
    if (/^(0|[1-9]\d*)$/.test(part)) path += `[${part}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(part)) path += path === '' ? part : `.${part}`;
    else path += `[${JSON.stringify(part)}]`;
  }
  return path;
}

function firstControl(value: unknown): string {
  const match = typeof value === 'string' ? /\p{Cc}/u.exec(value) : null;
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : 'none';
}

function fill(template: string, fields: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

function reasonFor(error: ErrorObject, value: unknown): string | undefined {
  const params = error.params as Record<string, unknown>;
  const templates = error.parentSchema?.['x-reasons'] as Record<string, string> | undefined;
  const count = typeof value === 'string' ? codePoints(value) : Array.isArray(value) ? value.length : 0;
  const fields = {
    value: quote(value),
    count: formatCount(count),
    limit: formatCount(Number(params.limit)),
    control: firstControl(value),
  };
  const template = templates?.[error.keyword];
  if (template !== undefined) return fill(template, fields);
  switch (error.keyword) {
    case 'required':
      return 'missing';
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => typeWords[t] ?? t);
      const given = value === null || typeof value === 'object' ? kindOf(value) : `${quote(value)} is ${kindOf(value)}`;
      return `${given}, expected ${orList(expected)}`;
    }
    case 'enum':
      return `${quote(value)} is not one of ${orList((params.allowedValues as unknown[]).map(quote))}`;
    case 'const':
      return `${quote(value)} is not ${quote(params.allowedValue)}`;
    case 'maxLength':
      return `${fields.count} characters, at most ${fields.limit}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'empty' : `${fields.count} characters, at least ${fields.limit}`;
    case 'maxItems':
      return `${fields.count} items, at most ${fields.limit}`;
    case 'minItems':
      return Number(params.limit) === 1 ? 'an empty list, at least one item is needed' : `${fields.count} items, at least ${fields.limit}`;
    case 'minimum':
      return `${quote(value)} is less than ${fields.limit}`;
    case 'maximum':
      return `${quote(value)} is more than ${fields.limit}`;
    case 'pattern':
      return `${quote(value)} does not have the expected form`;
    case 'exclusiveMinimum':
      return `must be above ${fields.limit}, not ${quote(value)}`;
    case 'exclusiveMaximum':
      return `must be below ${fields.limit}, not ${quote(value)}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}, not ${quote(value)}`;
    case 'format':
      return `${quote(value)} is not ${formatWords[String(params.format)] ?? `written in the ${String(params.format)} format`}`;
    case 'minProperties':
      return `${propertyCount(value)}, at least ${fields.limit}`;
    case 'maxProperties':
      return `${propertyCount(value)}, at most ${fields.limit}`;
    case 'contains': {
      const least = Number(params.minContains ?? 1);
      const most = params.maxContains === undefined ? '' : ` and at most ${Number(params.maxContains)}`;
      return `at least ${least}${most} of its items must be of the kind the schema names`;
    }
    case 'items':
    case 'additionalItems':
    case 'unevaluatedItems':
      return `${fields.count} items, at most ${fields.limit}`;
    case 'not':
    case 'false schema':
      return `${quote(value)} is not allowed here`;
    default:
      // A keyword not worded here (a later draft's): named as a rule of the schema, never alone.
      return `${quote(value)} does not keep the schema's ${JSON.stringify(error.keyword)} rule`;
  }
}

const formatWords: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  time: 'a time of day (HH:MM:SS)',
  'date-time': 'a date and time (YYYY-MM-DDTHH:MM:SSZ)',
  email: 'an email address',
  uri: 'an address with a scheme (https://...)',
  'uri-reference': 'an address',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  uuid: 'a UUID',
  hostname: 'a host name',
  regex: 'a regular expression',
};

function propertyCount(value: unknown): string {
  const count = value !== null && typeof value === 'object' ? Object.keys(value).length : 0;
  return count === 1 ? '1 property' : `${formatCount(count)} properties`;
}

/** The properties an object's schema names, for the reason a property it does not allow is refused. */
function allowedNames(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const names = properties ? Object.keys(properties) : [];
  if (names.length === 0) return 'it allows none';
  const shown = names.slice(0, 10).map((name) => JSON.stringify(name));
  return `it allows ${orList(shown)}${names.length > shown.length ? ` and ${names.length - shown.length} more` : ''}`;
}

/** Reasons for ajv's errors (ajv run with allErrors and verbose), deduplicated, in order. */
export function schemaProblems(errors: readonly ErrorObject[], prefix: string, rootName = prefix): string[] {
  const problems: string[] = [];
  // Looked up by place and by line, not searched: a plugin's answer may hold 10,000 errors.
  const seen = new Set<string>();
  const add = (line: string, once: boolean) => {
    if (once && seen.has(line)) return;
    seen.add(line);
    problems.push(line);
  };
  const atPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const here = atPath.get(error.instancePath);
    if (here) here.push(error);
    else atPath.set(error.instancePath, [error]);
  }
  for (const error of errors) {
    const here = atPath.get(error.instancePath)!;
    // Summaries of errors already reported one by one.
    if (['if', 'propertyNames', 'anyOf', 'oneOf', 'allOf'].includes(error.keyword)) continue;
    // An item that is not of the kind `contains` looks for is no fault: the list's own reason says what is missing.
    if (error.schemaPath.includes('/contains/')) continue;
    const params = error.params as Record<string, unknown>;
    let path: string;
    let value: unknown = error.data;
    if (error.propertyName !== undefined) {
      path = fieldPath(prefix, error.instancePath, error.propertyName);
      value = error.propertyName;
    } else if (error.keyword === 'required') {
      path = fieldPath(prefix, error.instancePath, String(params.missingProperty));
    } else if (error.keyword === 'dependentRequired') {
      path = fieldPath(prefix, error.instancePath, String(params.missingProperty));
      add(`${path}: missing; it goes with ${fieldPath(prefix, error.instancePath, String(params.property))}`, true);
      continue;
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      // The property is the fault, not the object that holds it.
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      add(`${fieldPath(prefix, error.instancePath, name)}: not a property the schema allows (${allowedNames(error.parentSchema)})`, true);
      continue;
    } else if (error.keyword === 'discriminator') {
      // A tagged union (a Skwir command's answer, a plan's step): the tag names which kind it is.
      const tag = String(params.tag);
      const allowed = ((error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined)?.oneOf ?? []).length;
      path = fieldPath(prefix, error.instancePath, tag);
      const template = ((error.parentSchema as Record<string, unknown>)['x-reasons'] as Record<string, string> | undefined)?.discriminator;
      const reason =
        params.error === 'tag' && params.tagValue === undefined
          ? 'missing'
          : template !== undefined
            ? fill(template, { value: quote(params.tagValue) })
            : `${quote(params.tagValue)} is not one of the ${allowed} kinds`;
      add(`${path}: ${reason}`, true);
      continue;
    } else if (error.keyword === 'type' && String(params.type) === 'null' && here.some((other) => other.keyword !== 'type' && other.keyword !== 'anyOf')) {
      // "text or null" given text that fails as text: that reason is the one to read.
      continue;
    } else if (error.keyword === 'type' && here.some((other) => other !== error && other.keyword === 'type')) {
      // One value failing the types of several branches (text or null): one line naming them all.
      const sameSpot = here.filter((other) => other.keyword === 'type');
      if (sameSpot[0] !== error) continue;
      path = fieldPath(prefix, error.instancePath);
      const expected = sameSpot.flatMap((other) => String((other.params as Record<string, unknown>).type).split(',')).map((t) => typeWords[t] ?? t);
      const given = value === null || typeof value === 'object' ? kindOf(value) : `${quote(value)} is ${kindOf(value)}`;
      add(`${path === '' ? rootName : path}: ${given}, expected ${orList([...new Set(expected)])}`, false);
      continue;
    } else if (error.keyword === 'uniqueItems') {
      const list = error.data as unknown[];
      const [first, again] = [Number(params.j), Number(params.i)];
      path = fieldPath(prefix, error.instancePath, again);
      add(`${path}: ${quote(list[again])} is already listed at ${fieldPath(prefix, error.instancePath, first)}`, false);
      continue;
    } else {
      path = fieldPath(prefix, error.instancePath);
    }
    add(`${path === '' ? rootName : path}: ${reasonFor(error, value)}`, true);
  }
  return problems;
}

/** The problems named of a value with many faults, before "and N more": a person reads a few, not a wall. */
export const PROBLEMS_NAMED = 10;
/** ...and no more characters than this, however long each is (each quotes at most 60 of a value's). */
export const PROBLEMS_NAMED_CHARS = 1_000;

/** The first few problems (at least one), and how many more there are, as the last line. */
export function firstProblems(problems: readonly string[]): string[] {
  let kept = 0;
  let chars = 0;
  for (const problem of problems) {
    if (kept === PROBLEMS_NAMED || (kept > 0 && chars + problem.length > PROBLEMS_NAMED_CHARS)) break;
    chars += problem.length;
    kept++;
  }
  if (kept === problems.length) return [...problems];
  const more = problems.length - kept;
  return [...problems.slice(0, kept), `and ${formatCount(more)} more ${more === 1 ? 'problem' : 'problems'}`];
}
