// The world a module plugin's component lives in (docs/design/skwir.md), and the judgement of a
// component against it at install: WebAssembly, a component and not a core module, exporting `call`
// and importing nothing but `read` and `log`, each with the world's types. The WIT here is the one
// source: the install check reads its signatures with the same reader it reads a component's with,
// and the templates and the sample write it out for authors.
import { quote } from '../protocol/problem-words';

export const SKWIR_WORLD_WIT = `package skwir:plugin@1.0.0;

world plugin {
  import read: func(file: u32, offset: u64, length: u32) -> result<list<u8>, string>;
  import log: func(level: string, message: string);

  export call: func(method: string, params: string) -> result<string, string>;
}
`;

/** What a world imports and exports: a function by its name with its types, or a whole interface. */
export interface WorldItem {
  direction: 'import' | 'export';
  name: string;
  /** `func(u32, u64, u32) -> result<list<u8>, string>`: the types alone, parameter names left out. */
  func?: string;
}

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];
/** The component binary's version and layer (bytes 4 to 7): 0x0d 0x00, layer 1. */
const COMPONENT_VERSION = [0x0d, 0x00, 0x01, 0x00];
const CORE_VERSION = [0x01, 0x00, 0x00, 0x00];

const hex = (bytes: ArrayLike<number>): string => Array.from(bytes, (byte) => `0x${byte.toString(16).padStart(2, '0')}`).join(' ');
const startsWith = (bytes: Uint8Array, prefix: number[], at = 0): boolean => prefix.every((byte, index) => bytes[at + index] === byte);

/** Why a file's first 8 bytes are not a component's (undefined: they are). `field`, `given`: where it was named. */
export function componentHeaderProblem(bytes: Uint8Array, field: string, given: string): string | undefined {
  const at = `${field}: ${quote(given)}`;
  if (bytes.length < 8 || !startsWith(bytes, WASM_MAGIC)) {
    return `${at} is not WebAssembly (it starts ${bytes.length === 0 ? 'empty' : hex(bytes.subarray(0, 4))}, not 0x00 "asm")`;
  }
  if (startsWith(bytes, CORE_VERSION, 4)) {
    return `${at} is a core WebAssembly module, not a component; make a component of it with the world skwir:plugin/plugin (wasm-tools component new, or jco new)`;
  }
  if (!startsWith(bytes, COMPONENT_VERSION, 4)) {
    return `${at} is WebAssembly of version and layer ${hex(bytes.subarray(4, 8))}; the app runs components (${hex(COMPONENT_VERSION)})`;
  }
  return undefined;
}

/** The body of the first world in WIT text, between its braces; undefined when it has none. */
function worldBody(wit: string): string | undefined {
  const start = /\bworld\s+[\w-]+\s*\{/.exec(wit);
  if (!start) return undefined;
  let depth = 1;
  for (let i = start.index + start[0].length; i < wit.length; i++) {
    if (wit[i] === '{') depth++;
    else if (wit[i] === '}' && --depth === 0) return wit.slice(start.index + start[0].length, i);
  }
  return undefined;
}

/** `(file: u32, offset: u64) -> r` as `(u32, u64) -> r`: a function's types without its parameter names. */
function funcTypes(signature: string): string {
  const open = signature.indexOf('(');
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length; i++) {
    if ('(<'.includes(signature[i]!)) depth++;
    else if (')>'.includes(signature[i]!) && --depth === 0) {
      close = i;
      break;
    }
  }
  if (open < 0 || close < 0) return signature.replace(/\s+/g, ' ').trim();
  const params = splitTop(signature.slice(open + 1, close)).map((param) => param.replace(/^[\w-]+\s*:\s*/, ''));
  const rest = spaced(signature.slice(close + 1));
  return `func(${params.join(', ')})${rest ? ` ${rest}` : ''}`;
}

/** Type text spaced one way: `result<list<u8>,string>` as `result<list<u8>, string>`. */
const spaced = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s*([<>,])\s*/g, '$1')
    .replace(/,/g, ', ')
    .replace(/->/g, ' -> ')
    .replace(/\s+/g, ' ')
    .trim();

/** A list split at its top-level commas, each part trimmed and spaced alike. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    if (i === text.length || (c === ',' && depth === 0)) {
      const part = spaced(text.slice(from, i));
      if (part) parts.push(part);
      from = i + 1;
    }
  }
  return parts;
}

/** The imports and exports of the first world in WIT text (as jco's componentWit prints a component's). */
export function worldItems(wit: string): WorldItem[] {
  const body = worldBody(wit);
  if (body === undefined) return [];
  const items: WorldItem[] = [];
  // Statements at the world's top level end with `;`, or with `}` for an inline interface.
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    if (depth === 0 && (c === ';' || c === '}')) {
      const statement = body
        .slice(from, i + 1)
        .replace(/\/\/[^\n]*/g, '')
        .trim();
      from = i + 1;
      const found = /^(import|export)\s+([^\s:;{]+(?::[^\s;{]+)?)\s*(?::\s*([\s\S]*?))?;?$/.exec(statement.replace(/\s*\{[\s\S]*\}$/, ''));
      if (!found) continue;
      const [, direction, name, rest] = found;
      const item: WorldItem = { direction: direction as WorldItem['direction'], name: name! };
      if (rest?.startsWith('func')) item.func = funcTypes(rest);
      items.push(item);
    }
  }
  return items;
}

const expected = worldItems(SKWIR_WORLD_WIT);
const declared = (item: WorldItem): string => (item.func ? `${item.name}: ${item.func}` : `the interface ${item.name}`);

/** Why a component's world (its WIT, as jco prints it) does not fit the plugin world; empty: it fits. */
export function worldProblems(wit: string, field: string, given: string): string[] {
  const at = `${field}: ${quote(given)}`;
  const items = worldItems(wit);
  const problems: string[] = [];
  const allowed = expected
    .filter((item) => item.direction === 'import')
    .map((item) => item.name)
    .join(' and ');
  for (const item of items) {
    const wanted = expected.find((e) => e.direction === item.direction && e.name === item.name);
    if (!wanted) {
      if (item.direction === 'import') problems.push(`${at} imports ${declared(item)}; a module plugin may import only ${allowed}`);
      continue;
    }
    if (item.func !== wanted.func) {
      problems.push(`${at} ${item.direction}s ${declared(item)}; the world skwir:plugin/plugin has ${declared(wanted)}`);
    }
  }
  if (!items.some((item) => item.direction === 'export' && item.name === 'call')) {
    const exports = items.filter((item) => item.direction === 'export').map((item) => item.name);
    problems.push(`${at} exports no call function (it exports ${exports.length === 0 ? 'nothing' : exports.join(', ')}); the host calls call(method, params)`);
  }
  return problems;
}
