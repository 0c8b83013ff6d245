// How each subcommand is called, in one table: its operands and its options. `vitruvian-tool
// <command> --help`, the usage line printed after a usage error and the option reader (options.ts)
// all come from it, so the help cannot fall behind what a subcommand reads: a new option or a new
// subcommand is a line here. Kept apart from the subcommands so that help loads none of them.
import { callMethods } from '../../src-shared/skwir/methods';

export const NAME = 'vitruvian-tool';

/** One option: a flag (no `value`), or an option with a value named as in the usage line. */
export interface OptionSpec {
  /** How the value is written in the usage line: `<id>`, `<id>=<json>`. Absent: a flag. */
  readonly value?: string;
  /** The values it takes; the usage line lists them (`simulated|system`) and others are refused. */
  readonly choices?: readonly string[];
  /** Given more than once, each is kept, in order. */
  readonly multiple?: boolean;
}

/** What a subcommand takes besides its options: one operand, one or more, or any number. */
export interface OperandSpec {
  /** As in the usage line, without brackets: `folder`. */
  readonly name: string;
  readonly count: 'one' | 'oneOrMore' | 'any';
  /** A second operand after the one (`ask <folder> <method>`), its choices in the usage line. */
  readonly then?: { readonly name: string; readonly choices: readonly string[] };
}

export interface SubcommandSpec {
  readonly summary: string;
  readonly operands: OperandSpec;
  readonly options: Readonly<Record<string, OptionSpec>>;
}

const services = { value: 'simulated|system', choices: ['simulated', 'system'] } as const;

export const subcommands = {
  validate: {
    summary: 'judge tool folders as the app installer does',
    operands: { name: 'folder', count: 'oneOrMore' },
    options: { strict: {} },
  },
  run: {
    summary: 'start a tool headless, run commands, stop it',
    operands: { name: 'folder', count: 'one' },
    options: {
      command: { value: '<id>', multiple: true },
      pref: { value: '<id>=<json>', multiple: true },
      language: { value: '<tag>' },
      data: { value: '<dir>' },
      services,
      clipboard: { value: '<text>' },
      trace: {},
      strict: {},
    },
  },
  check: {
    summary: "the conformance run of a tool's or a Skwir plugin's side of its protocol",
    operands: { name: 'folder', count: 'one' },
    options: { json: {}, file: { value: '<path>', multiple: true } },
  },
  ask: {
    summary: 'ask a Skwir plugin about files, headless, and print its answers',
    operands: { name: 'folder', count: 'one', then: { name: 'method', choices: callMethods } },
    options: {
      file: { value: '<path>', multiple: true },
      params: { value: '<json>' },
      timeout: { value: '<s>' },
      out: { value: '<dir>' },
      trace: {},
      capability: { value: '<name>', multiple: true },
    },
  },
  testbed: {
    summary: 'the browser test bed with these tool folders loaded in place',
    operands: { name: 'folder', count: 'any' },
    options: {
      port: { value: '<n>' },
      services,
      data: { value: '<dir>' },
      language: { value: '<tag>' },
    },
  },
  new: {
    summary: 'create a new tool (or Skwir plugin) folder to start from',
    operands: { name: 'folder', count: 'one' },
    options: {
      kind: { value: 'tool|skwir', choices: ['tool', 'skwir'] },
      // wat: a Skwir module plugin (a WebAssembly component built from WebAssembly text).
      lang: { value: 'node|python|sh|wat', choices: ['node', 'python', 'sh', 'wat'] },
    },
  },
} as const satisfies Record<string, SubcommandSpec>;

export type SubcommandName = keyof typeof subcommands;

export const isSubcommand = (name: string): name is SubcommandName => Object.hasOwn(subcommands, name);

function operandsText({ name, count, then }: OperandSpec): string {
  if (then) return `<${name}> <${then.choices.join('|')}>`;
  if (count === 'one') return `<${name}>`;
  return count === 'oneOrMore' ? `<${name}>...` : `[<${name}>...]`;
}

function optionText(name: string, spec: OptionSpec): string {
  const text = `[--${name}${spec.value ? ` ${spec.value}` : ''}]`;
  return spec.multiple ? `${text}...` : text;
}

/** `run <folder> [--command <id>]... [--trace]`: how the subcommand is called. */
export function usageOf(name: SubcommandName): string {
  const spec: SubcommandSpec = subcommands[name];
  return [name, operandsText(spec.operands), ...Object.entries(spec.options).map(([option, o]) => optionText(option, o))].join(' ');
}

/** `usage: vitruvian-tool <how the subcommand is called>`. */
export const usageLine = (name: SubcommandName): string => `usage: ${NAME} ${usageOf(name)}`;
