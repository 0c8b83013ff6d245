// vitruvian-tool: the subcommands are looked up in one table and loaded only when used.
import { ExitCodes, processIo, type CliCommand, type CliIo } from './io';

interface Subcommand {
  usage: string;
  summary: string;
  load: () => Promise<{ command: CliCommand }>;
}

const subcommands: Record<string, Subcommand> = {
  validate: {
    usage: 'validate <folder>',
    summary: 'judge a tool folder as the app installer does',
    load: () => import('./validate'),
  },
  run: {
    usage: 'run <folder> [--command <id>]... [--pref <id>=<json>]... [--language <tag>] [--data <dir>] [--services simulated|system] [--trace]',
    summary: 'start a tool headless, run commands, stop it',
    load: () => import('./run'),
  },
  check: {
    usage: 'check <folder> [--json]',
    summary: "the conformance run of a tool's side of the protocol",
    load: () => import('./check'),
  },
  testbed: {
    usage: 'testbed [<folder>...] [--port <n>] [--services simulated|system]',
    summary: 'the browser test bed with these tool folders loaded in place',
    load: () => import('./testbed'),
  },
  new: {
    usage: 'new <folder> [--lang node|python|sh]',
    summary: 'create a new tool folder to start from',
    load: () => import('./new'),
  },
};

const NAME = 'vitruvian-tool';

export function usageLines(): string[] {
  const width = Math.max(...Object.keys(subcommands).map((name) => name.length));
  return [
    `usage: ${NAME} <command> [arguments]`,
    '',
    'commands:',
    ...Object.entries(subcommands).map(([name, sub]) => `  ${name.padEnd(width)}  ${sub.summary}`),
    '',
    `${NAME} <command> --help shows how to call a command.`,
  ];
}

/** Runs the CLI with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.err(`${NAME}: missing command; run ${NAME} --help`);
    return ExitCodes.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    usageLines().forEach((line) => io.out(line));
    return ExitCodes.ok;
  }
  const sub = Object.prototype.hasOwnProperty.call(subcommands, name) ? subcommands[name] : undefined;
  if (!sub) {
    io.err(`${NAME}: unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(subcommands).join(', ')}`);
    return ExitCodes.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`usage: ${NAME} ${sub.usage}`);
    io.out(sub.summary);
    return ExitCodes.ok;
  }
  try {
    const { command } = await sub.load();
    return await command(args, io);
  } catch (error) {
    // Nothing may crash the CLI with a stack: one line says what broke.
    io.err(`${NAME} ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return ExitCodes.failed;
  }
}
