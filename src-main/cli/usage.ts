// How each subcommand is called, in one table: its operands and its options, each option with a
// line of help. `vitruvian-tool <command> --help`, the usage line printed after a usage error and the
// option reader (options.ts) all come from it, so the help cannot fall behind what a subcommand
// reads: a new option or a new subcommand is a line here. Kept apart from the subcommands so that help loads none of them.
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
  /** What it does, for --help: a short line, its default said. */
  readonly help: string;
}

/** What a subcommand takes besides its options: one operand, one or more, or any number. */
export interface OperandSpec {
  /** As in the usage line, without brackets: `folder`. */
  readonly name: string;
  readonly count: 'one' | 'oneOrMore' | 'any';
  /** A second operand after the one (`ask <folder> <method>`), its choices in the usage line. */
  readonly then?: { readonly name: string; readonly choices: readonly string[] };
  /** A second operand that may be left out (`replay <file> [<folder>]`). */
  readonly optional?: string;
}

export interface SubcommandSpec {
  readonly summary: string;
  readonly operands: OperandSpec;
  readonly options: Readonly<Record<string, OptionSpec>>;
}

const services = (who: string) =>
  ({
    value: 'simulated|system',
    choices: ['simulated', 'system'],
    help: `simulated (the default) records what ${who} asked of the system; system does it for real (Linux)`,
  }) as const;

export const subcommands = {
  validate: {
    summary: "judge tool and Skwir plugin folders as the app's installer does, and warn of keys their manifest does not know",
    operands: { name: 'folder', count: 'oneOrMore' },
    options: { strict: { help: 'refuse (exit 1) a folder that has a warning, as well as one that has a problem' } },
  },
  run: {
    summary: 'start a tool headless, run commands, stop it',
    operands: { name: 'folder', count: 'one' },
    options: {
      command: { value: '<id>', multiple: true, help: 'run this command once it is runnable; repeat for several, run in order' },
      pref: { value: '<id>=<json>', multiple: true, help: 'store this preference value before the tool starts' },
      language: { value: '<tag>', help: 'the language sent in initialize (default en)' },
      data: { value: '<dir>', help: "the tool's data folder (default: a fresh temporary one, deleted afterwards)" },
      services: services('the tool'),
      clipboard: { value: '<text>', help: 'what the simulated clipboard holds when the tool starts' },
      trace: { help: 'print every message both ways as JSON lines on stdout' },
      strict: { help: 'fail the run (exit 1) on any protocol problem' },
      send: {
        value: '<json>',
        multiple: true,
        help: 'send this message by hand once the commands ran, such as {"method":"command/run","params":{"command":"copy"}}; its answer is a JSON line on stdout',
      },
      anyway: { help: 'send the --send messages even when they do not fit protocol 1 or the manifest' },
      record: { value: '<file>', help: 'write the session, every message both ways, to this JSON Lines file for replay' },
    },
  },
  check: {
    summary: "the conformance run of a tool's or a Skwir plugin's side of its protocol",
    operands: { name: 'folder', count: 'one' },
    options: {
      json: { help: 'print the report as one JSON object instead of a line a check' },
      file: {
        value: '<path>',
        multiple: true,
        help: 'a file of your own to ask a plugin about, where a declaration serves its kind; repeat for several (default: small files check makes of the kinds declared)',
      },
      junit: { value: '<file>', help: 'also write the report as JUnit XML to this file, one test case a check, for CI' },
    },
  },
  ask: {
    summary: 'ask a Skwir plugin about files, headless, and print its answers',
    operands: { name: 'folder', count: 'one', then: { name: 'method', choices: callMethods } },
    options: {
      file: { value: '<path>', multiple: true, help: 'a file to ask about; repeat for several (one call a file; a command gets them all)' },
      params: { value: '<json>', help: 'the call\'s other params, a JSON object: {"key":...}, {"page":1,"side":1024}, {"command":...,"args":...}' },
      timeout: { value: '<s>', help: 'seconds a call may take before it is cancelled with $/cancel (default 60)' },
      out: { value: '<dir>', help: 'write the pictures and converted files the answers carry into this folder, never over a file' },
      trace: { help: 'print every message both ways as JSON lines on stderr' },
      capability: { value: '<name>', multiple: true, help: 'grant only this capability (none: none at all), not all the manifest asks for' },
      record: { value: '<file>', help: 'write the session, every message both ways, to this JSON Lines file for replay' },
    },
  },
  testbed: {
    summary: 'the browser test bed with these tool and Skwir plugin folders loaded in place, reloaded when they change',
    operands: { name: 'folder', count: 'any' },
    options: {
      port: { value: '<n>', help: 'the port to serve on (default 7470; 0 picks a free one)' },
      services: services('a tool or a plugin'),
      data: { value: '<dir>', help: "the app's data folder (default: a fresh temporary one, removed when the test bed stops)" },
      language: { value: '<tag>', help: 'the language the tools are told first, until the window changes it (default en)' },
      trace: { help: "print every message of every tool and plugin, both ways, as JSON lines on stderr (the window's Messages tab shows them too)" },
    },
  },
  replay: {
    summary: 'play a recorded session again against the tool or plugin and compare what it sends with what it sent',
    operands: { name: 'file', count: 'one', optional: 'folder' },
    options: {
      ignore: {
        value: '<json-pointer>',
        multiple: true,
        help: 'a place in the messages that changes every run, such as /result/time, left out of the comparison (* stands for any key); saved in the file',
      },
      junit: { value: '<file>', help: 'also write the outcome as JUnit XML to this file, for CI' },
      timeout: { value: '<s>', help: 'seconds to wait for each message the program sent in the recording (default 30)' },
    },
  },
  new: {
    summary: 'create a new tool (or Skwir plugin) folder to start from',
    operands: { name: 'folder', count: 'one' },
    options: {
      kind: { value: 'tool|skwir', choices: ['tool', 'skwir'], help: 'a tool (the default) or a Skwir plugin' },
      lang: {
        value: 'node|python|sh|wat',
        choices: ['node', 'python', 'sh', 'wat'],
        help: 'the language of the program (default node); wat makes a Skwir module plugin, a WebAssembly component',
      },
    },
  },
} as const satisfies Record<string, SubcommandSpec>;

export type SubcommandName = keyof typeof subcommands;

export const isSubcommand = (name: string): name is SubcommandName => Object.hasOwn(subcommands, name);

function operandsText({ name, count, then, optional }: OperandSpec): string {
  if (then) return `<${name}> <${then.choices.join('|')}>`;
  if (optional) return `<${name}> [<${optional}>]`;
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

/** `<command> --help`: the usage line, what the command does, and each option with its help. */
export function helpLines(name: SubcommandName): string[] {
  const spec: SubcommandSpec = subcommands[name];
  const options = Object.entries(spec.options).map(([option, o]) => [`--${option}${o.value ? ` ${o.value}` : ''}`, o.help] as const);
  const width = Math.max(0, ...options.map(([called]) => called.length));
  const listed = options.length === 0 ? [] : ['', 'options:', ...options.map(([called, help]) => `  ${called.padEnd(width)}  ${help}`)];
  return [usageLine(name), spec.summary, ...listed];
}
