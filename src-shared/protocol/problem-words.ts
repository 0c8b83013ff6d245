// Turns JSON Schema failures into the words a tool author reads: `<field path>: <reason naming the value>`,
// e.g. `uses[1]: unknown service "camera"`. Never ajv's own messages.
// A schema node may carry "x-reasons": { "<keyword>": "<template>" } with {value}, {count}, {limit},
// {control} and {allowed} (an enum's values) filled in; without one, a plain reason for the keyword
// is used. Each reason is kept as data too (problem-reasons.ts), for the window's languages.
import type { ErrorObject } from 'ajv';
import { problemLines, problemOf, type Problem, type ProblemReason } from './problem-reasons';
import { codePoints, formatCount, quote, shown, typeOf, type TypeName } from './value-words';

export { codePoints, formatCount, kindOf, quote } from './value-words';

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

const typesOf = (error: ErrorObject): TypeName[] => String((error.params as Record<string, unknown>).type).split(',') as TypeName[];

/** A value given where other kinds were expected: the scalar is named, a list or an object by its kind. */
function wrongType(value: unknown, expected: TypeName[]): ProblemReason {
  const given = typeOf(value);
  return value === null || typeof value === 'object' ? { code: 'wrongType', given, expected } : { code: 'wrongType', value: quote(value), given, expected };
}

function reasonFor(error: ErrorObject, value: unknown): ProblemReason {
  const params = error.params as Record<string, unknown>;
  const templates = error.parentSchema?.['x-reasons'] as Record<string, string> | undefined;
  const count = typeof value === 'string' ? codePoints(value) : Array.isArray(value) ? value.length : 0;
  const limit = Number(params.limit ?? 0);
  const template = templates?.[error.keyword];
  if (template !== undefined) {
    const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
    return { code: 'rule', rule: template, value: shown(value), count, limit, control: firstControl(value), allowed };
  }
  switch (error.keyword) {
    case 'required':
      return { code: 'missing' };
    case 'type':
      return wrongType(value, typesOf(error));
    case 'enum':
      return { code: 'notOneOf', value: shown(value), allowed: (params.allowedValues as unknown[]).map(quote) };
    case 'const':
      return { code: 'notConst', value: shown(value), allowed: quote(params.allowedValue) };
    case 'maxLength':
      return { code: 'tooManyChars', count, limit };
    case 'minLength':
      return limit === 1 ? { code: 'empty' } : { code: 'tooFewChars', count, limit };
    case 'maxItems':
    case 'items':
    case 'additionalItems':
    case 'unevaluatedItems':
      return { code: 'tooManyItems', count, limit };
    case 'minItems':
      return limit === 1 ? { code: 'emptyList' } : { code: 'tooFewItems', count, limit };
    case 'minimum':
      return { code: 'lessThan', value: shown(value), limit };
    case 'maximum':
      return { code: 'moreThan', value: shown(value), limit };
    case 'pattern':
      return { code: 'badForm', value: shown(value) };
    case 'exclusiveMinimum':
      return { code: 'notAbove', value: shown(value), limit };
    case 'exclusiveMaximum':
      return { code: 'notBelow', value: shown(value), limit };
    case 'multipleOf':
      return { code: 'notMultiple', value: shown(value), of: Number(params.multipleOf) };
    case 'format':
      return { code: 'badFormat', value: shown(value), format: String(params.format) };
    case 'minProperties':
      return { code: 'tooFewProperties', count: propertyCount(value), limit };
    case 'maxProperties':
      return { code: 'tooManyProperties', count: propertyCount(value), limit };
    case 'contains': {
      const least = Number(params.minContains ?? 1);
      return params.maxContains === undefined ? { code: 'containsTooFew', least } : { code: 'containsTooFew', least, most: Number(params.maxContains) };
    }
    case 'not':
    case 'false schema':
      return { code: 'notAllowedHere', value: shown(value) };
    default:
      // A keyword not worded here (a later draft's): named as a rule of the schema, never alone.
      return { code: 'brokeRule', value: shown(value), keyword: error.keyword };
  }
}

const propertyCount = (value: unknown): number => (value !== null && typeof value === 'object' ? Object.keys(value).length : 0);

/** The properties an object's schema names (the first 10, and how many more), for the reason a property it does not allow is refused. */
function notAllowedProperty(schema: unknown): ProblemReason {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const names = properties ? Object.keys(properties) : [];
  const allowed = names.slice(0, 10);
  return { code: 'notAllowedProperty', allowed, more: names.length - allowed.length };
}

/** Reasons for ajv's errors (ajv run with allErrors and verbose), deduplicated, in order, each with its data. */
export function schemaFaults(errors: readonly ErrorObject[], prefix: string, rootName = prefix): Problem[] {
  const problems: Problem[] = [];
  // Looked up by place and by line, not searched: a plugin's answer may hold 10,000 errors.
  const seen = new Set<string>();
  const add = (field: string, reason: ProblemReason, once: boolean) => {
    const problem = problemOf(field === '' ? rootName : field, reason);
    if (once && seen.has(problem.text)) return;
    seen.add(problem.text);
    problems.push(problem);
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
      add(path, { code: 'missing', goesWith: fieldPath(prefix, error.instancePath, String(params.property)) }, true);
      continue;
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      // The property is the fault, not the object that holds it.
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      add(fieldPath(prefix, error.instancePath, name), notAllowedProperty(error.parentSchema), true);
      continue;
    } else if (error.keyword === 'discriminator') {
      // A tagged union (a Skwir command's answer, a plan's step): the tag names which kind it is.
      const tag = String(params.tag);
      const kinds = ((error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined)?.oneOf ?? []).length;
      path = fieldPath(prefix, error.instancePath, tag);
      const template = ((error.parentSchema as Record<string, unknown>)['x-reasons'] as Record<string, string> | undefined)?.discriminator;
      const tagValue = shown(params.tagValue);
      const reason: ProblemReason =
        params.error === 'tag' && params.tagValue === undefined
          ? { code: 'missing' }
          : template !== undefined
            ? { code: 'rule', rule: template, value: tagValue, count: 0, limit: 0, control: 'none', allowed: [] }
            : { code: 'notAKind', value: tagValue, kinds };
      add(path, reason, true);
      continue;
    } else if (error.keyword === 'type' && String(params.type) === 'null' && here.some((other) => other.keyword !== 'type' && other.keyword !== 'anyOf')) {
      // "text or null" given text that fails as text: that reason is the one to read.
      continue;
    } else if (error.keyword === 'type' && here.some((other) => other !== error && other.keyword === 'type')) {
      // One value failing the types of several branches (text or null): one line naming them all.
      const sameSpot = here.filter((other) => other.keyword === 'type');
      if (sameSpot[0] !== error) continue;
      add(fieldPath(prefix, error.instancePath), wrongType(value, [...new Set(sameSpot.flatMap(typesOf))]), false);
      continue;
    } else if (error.keyword === 'uniqueItems') {
      const list = error.data as unknown[];
      const [first, again] = [Number(params.j), Number(params.i)];
      add(
        fieldPath(prefix, error.instancePath, again),
        { code: 'alreadyListed', value: shown(list[again]), at: fieldPath(prefix, error.instancePath, first) },
        false,
      );
      continue;
    } else {
      path = fieldPath(prefix, error.instancePath);
    }
    add(path, reasonFor(error, value), true);
  }
  return problems;
}

/** Reasons for ajv's errors, each `<field path>: <reason>` in English. */
export const schemaProblems = (errors: readonly ErrorObject[], prefix: string, rootName = prefix): string[] =>
  problemLines(schemaFaults(errors, prefix, rootName));

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
