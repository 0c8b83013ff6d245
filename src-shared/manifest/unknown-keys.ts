// The keys of a manifest its schema does not know. The app ignores them, so that a later version
// can add some; but most are typos (`capabilites`, `[[field]]`, `page = true`) that would surface
// only later, as a capability not granted or a method never asked. Each is a warning naming its
// line and the known key it most likely meant. The known keys are the schema's own: an object whose
// schema lists its properties and takes no others by a rule (a map of language tags, a command's
// args, which are a JSON Schema of the author's) is checked, key by key, and so is each known value.
import { formatCount, quote } from '../protocol/problem-words';
import type { KeyLines, KeyPath } from './key-lines';
import { nearestKey } from './nearest-key';

type Schema = Record<string, unknown>;

/** Past this many, one more warning says how many were left out (a 64 KB manifest holds thousands of keys). */
const MAX_WARNINGS = 50;

interface Walk {
  root: Schema;
  lines: KeyLines;
  file: string;
  /** The top level's keys, to tell a key written under the wrong table. */
  topKeys: string[];
  unknown: { path: KeyPath; known: string[]; line: number | undefined }[];
}

/** A warning for each key of `value` that `schema` does not know, each with its line, in the order of the lines. */
export function unknownKeyWarnings(schema: Schema, value: unknown, lines: KeyLines, file: string): string[] {
  const walk: Walk = { root: schema, lines, file, topKeys: Object.keys(knownKeys(schema, schema) ?? {}), unknown: [] };
  visit(walk, schema, value, []);
  const unknown = walk.unknown.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  const warnings = unknown.slice(0, MAX_WARNINGS).map((key) => warning(walk, key.path, key.known, key.line));
  if (unknown.length > MAX_WARNINGS) warnings.push(`and ${formatCount(unknown.length - MAX_WARNINGS)} more keys ${file} does not know`);
  return warnings;
}

function visit(walk: Walk, schema: Schema, value: unknown, path: KeyPath): void {
  if (schema === null || typeof schema !== 'object') return; // `true`: anything goes
  if (Array.isArray(value)) {
    const items = itemSchema(walk.root, schema);
    if (items) value.forEach((item, index) => visit(walk, items, item, [...path, index]));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const known = knownKeys(walk.root, schema);
  if (!known) return;
  for (const [key, inner] of Object.entries(value)) {
    const property = Object.hasOwn(known, key) ? known[key] : undefined;
    if (property) visit(walk, property, inner, [...path, key]);
    else walk.unknown.push({ path: [...path, key], known: Object.keys(known), line: walk.lines.lineOf([...path, key]) });
  }
}

function warning(walk: Walk, path: KeyPath, known: string[], line: number | undefined): string {
  const key = String(path[path.length - 1]);
  const within = path.length === 1 ? walk.file : `${where(path.slice(0, -1))} in ${walk.file}`;
  const at = line === undefined ? '' : `line ${line}: `;
  const nearest = nearestKey(key, known);
  let hint = '';
  if (nearest !== undefined) hint = `; did you mean ${nearest}?`;
  else if (path.length > 1 && walk.topKeys.includes(key))
    hint = `; ${key} is a key of the top level${walk.file.endsWith('.toml') ? ', written before the first [table]' : ''}`;
  else if (known.length > 0) hint = ` (its keys are ${known.join(', ')})`;
  return `${at}${keyText(key)} is not a key of ${within}${hint}`;
}

/** `previews[0]`, `runtime`, `commands[1].title`: a path as the schema problems write it. */
const where = (path: KeyPath): string =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? keyText(part) : `.${keyText(part)}`)).join('');

const keyText = (key: string): string => (/^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : quote(key));

/** The schema a `$ref` leads to (this schema's own definitions only). */
function resolved(root: Schema, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 16; hops++) {
    const target = current.$ref.startsWith('#/')
      ? current.$ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, part) => (at as Schema | undefined)?.[part], root)
      : undefined;
    if (target === null || typeof target !== 'object') return {};
    current = target as Schema;
  }
  return current;
}

/** The schema and those it is joined with (allOf, if/then/else, anyOf, oneOf): each a rule on the same value. */
function branches(root: Schema, schema: Schema): Schema[] {
  const own = resolved(root, schema);
  const joined = ['allOf', 'anyOf', 'oneOf'].flatMap((word) => (Array.isArray(own[word]) ? (own[word] as Schema[]) : []));
  for (const word of ['then', 'else']) if (own[word] && typeof own[word] === 'object') joined.push(own[word] as Schema);
  return [own, ...joined.flatMap((branch) => branches(root, branch))];
}

/** The properties an object may have, by name; undefined when it takes keys of its own choosing. */
function knownKeys(root: Schema, schema: Schema): Record<string, Schema> | undefined {
  const all = branches(root, schema);
  const open = all.some((branch) => 'additionalProperties' in branch || 'patternProperties' in branch || 'propertyNames' in branch);
  const listed = all.filter((branch) => branch.properties && typeof branch.properties === 'object');
  if (open || listed.length === 0) return undefined;
  return Object.assign({}, ...listed.map((branch) => branch.properties as Record<string, Schema>)) as Record<string, Schema>;
}

function itemSchema(root: Schema, schema: Schema): Schema | undefined {
  const items = branches(root, schema).find((branch) => branch.items && typeof branch.items === 'object' && !Array.isArray(branch.items));
  return items?.items as Schema | undefined;
}
