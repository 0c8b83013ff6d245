// vitruvian-tool: the subcommands are looked up in one table and loaded only when used; how each is
// called is in usage.ts, shared with the subcommands' own option reading and usage errors.
import { appVersion } from '../app-version';
import { ExitCodes, processIo, type CliCommand, type CliIo } from './io';
import { helpLines, isSubcommand, NAME, subcommands, type SubcommandName } from './usage';

const loaders: Record<SubcommandName, () => Promise<{ command: CliCommand }>> = {
  validate: () => import('./validate'),
  run: () => import('./run'),
  check: () => import('./check'),
  testbed: () => import('./testbed'),
  new: () => import('./new'),
  ask: () => import('./ask'),
  replay: () => import('./replay'),
};

export function usageLines(): string[] {
  const width = Math.max(...Object.keys(subcommands).map((name) => name.length));
  return [
    `usage: ${NAME} <command> [arguments]`,
    `       ${NAME} --version`,
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
  if (name === '--version' || name === '-v') {
    io.out(`${NAME} ${appVersion}`);
    return ExitCodes.ok;
  }
  if (!isSubcommand(name)) {
    const what = name.startsWith('-') ? `unknown option ${name}` : `unknown command ${JSON.stringify(name)}`;
    io.err(`${NAME}: ${what}; the commands are ${Object.keys(subcommands).join(', ')}, and the options --help and --version`);
    return ExitCodes.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
    helpLines(name).forEach((line) => io.out(line));
    return ExitCodes.ok;
  }
  try {
    const { command } = await loaders[name]();
    return await command(args, io);
  } catch (error) {
    // Nothing may crash the CLI with a stack: one line says what broke.
    io.err(`${NAME} ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return ExitCodes.failed;
  }
}
