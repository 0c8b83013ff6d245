// Reads a subcommand's arguments by its entry in usage.ts, with node:util's parseArgs: options
// anywhere, `--name value` or `--name=value`, `--` before an operand that starts with a dash. What
// parseArgs refuses is said in our words, naming the option as it was typed ("unknown option -c"),
// and so is a wrong number of operands or a value not among an option's choices.
import { parseArgs } from 'node:util';
import { isLanguageTag } from '../../src-shared/language-tag';
import { ExitCodes, type CliIo } from './io';
import { subcommands, usageLine, type OptionSpec, type SubcommandName, type SubcommandSpec } from './usage';

type Options<N extends SubcommandName> = (typeof subcommands)[N]['options'];

/** A flag reads as a boolean, an option with a value as its text (all of them when repeated). */
type ValueOf<S> = S extends { value: string } ? (S extends { multiple: true } ? string[] : string | undefined) : boolean;

export type OptionValues<N extends SubcommandName> = { -readonly [K in keyof Options<N>]: ValueOf<Options<N>[K]> };

export type ArgsReading<N extends SubcommandName> = { ok: true; options: OptionValues<N>; operands: string[] } | { ok: false; problem: string };

const orList = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

export function readArgs<N extends SubcommandName>(name: N, args: string[]): ArgsReading<N> {
  const spec: SubcommandSpec = subcommands[name];
  const config = Object.fromEntries(
    Object.entries(spec.options).map(([option, o]) => [option, { type: o.value ? 'string' : 'boolean', multiple: Boolean(o.multiple) }] as const),
  );
  let parsed;
  try {
    parsed = parseArgs({ args, options: config, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, problem: parseProblem(spec, args, error) };
  }
  const options: Record<string, unknown> = {};
  for (const [option, o] of Object.entries(spec.options)) {
    const value = parsed.values[option];
    if (!o.value) {
      options[option] = value === true;
      continue;
    }
    const given = value === undefined ? [] : Array.isArray(value) ? value : [value];
    for (const text of given) {
      const problem = valueProblem(option, o, String(text));
      if (problem) return { ok: false, problem };
    }
    options[option] = o.multiple ? given.map(String) : given.length > 0 ? String(given[given.length - 1]) : undefined;
  }
  const operands = parsed.positionals;
  const { name: operand, count, then, optional } = spec.operands;
  if (count !== 'any' && operands.length === 0) return { ok: false, problem: `missing <${operand}>` };
  if (then) {
    if (operands.length === 1) return { ok: false, problem: `missing <${then.name}> after <${operand}>: one of ${orList(then.choices)}` };
    if (!then.choices.includes(operands[1]!))
      return { ok: false, problem: `<${then.name}>: expected ${orList(then.choices)}, got ${JSON.stringify(operands[1])}` };
    if (operands.length > 2)
      return {
        ok: false,
        problem: `one ${operand} and one ${then.name} only, got ${operands.length} operands: ${operands.map((o) => JSON.stringify(o)).join(', ')}`,
      };
    return { ok: true, options: options as OptionValues<N>, operands };
  }
  if (optional && operands.length > 2) {
    return {
      ok: false,
      problem: `one ${operand} and at most one ${optional}, got ${operands.length} operands: ${operands.map((o) => JSON.stringify(o)).join(', ')}`,
    };
  }
  if (count === 'one' && !optional && operands.length > 1) {
    return { ok: false, problem: `one ${operand} only, got ${operands.length}: ${operands.map((o) => JSON.stringify(o)).join(', ')}` };
  }
  return { ok: true, options: options as OptionValues<N>, operands };
}

function valueProblem(option: string, spec: OptionSpec, value: string): string | undefined {
  if (value === '') return `--${option} needs a value`;
  if (spec.choices && !spec.choices.includes(value)) return `--${option}: expected ${orList(spec.choices)}, got ${JSON.stringify(value)}`;
  return undefined;
}

/**
 * Why parseArgs refused the arguments, naming the option: read again leniently, the tokens show
 * which option is unknown, lacks its value or has one it does not take.
 */
function parseProblem(spec: SubcommandSpec, args: string[], error: unknown): string {
  const typed = Object.fromEntries(Object.entries(spec.options).map(([option, o]) => [option, { type: o.value ? 'string' : 'boolean' }] as const));
  const { tokens } = parseArgs({ args, options: typed, allowPositionals: true, strict: false, tokens: true });
  const options = tokens.flatMap((token) => (token.kind === 'option' ? [token] : []));
  // A short option is unknown too: none is declared, and `-c` must not pass for `--command`.
  const unknown = options.find((token) => !Object.hasOwn(spec.options, token.name) || token.rawName !== `--${token.name}`);
  if (unknown) return `unknown option ${unknown.rawName}; ${takes(spec)}`;
  for (const token of options) {
    const wantsValue = Boolean(spec.options[token.name]?.value);
    if (wantsValue && token.value === undefined) return `${token.rawName} needs a value`;
    if (!wantsValue && token.inlineValue) return `${token.rawName} takes no value, got ${JSON.stringify(token.value)}`;
    if (wantsValue && !token.inlineValue && token.value?.startsWith('-')) {
      return `${token.rawName} needs a value, got the option ${token.value} (a value that starts with a dash is written ${token.rawName}=${token.value})`;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** "run takes --command, --pref, ..." */
function takes(spec: SubcommandSpec): string {
  const names = Object.keys(spec.options).map((option) => `--${option}`);
  return names.length === 0 ? 'it takes no option' : `it takes ${orList(names)}`;
}

/** Prints the problem and the usage line on stderr; the exit code of a usage error. */
export function usageError(io: CliIo, name: SubcommandName, problem: string): number {
  io.err(`${name}: ${problem}`);
  io.err(usageLine(name));
  return ExitCodes.usage;
}

/** Why `--language` was refused, or undefined for a language tag. */
export function languageProblem(tag: string): string | undefined {
  return isLanguageTag(tag) ? undefined : `--language: expected a language tag such as en or fr, got ${JSON.stringify(tag)}`;
}
