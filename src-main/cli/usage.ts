// How each subcommand is called, in one place: `vitruvian-tool <command> --help` and the usage line a
// subcommand prints after a usage error come from the same text, so the help cannot fall behind what
// the subcommand parses. Kept apart from the subcommands so that help loads none of them.
export const NAME = 'vitruvian-tool';

export const subcommandUsage = {
  validate: {
    usage: 'validate <folder>',
    summary: 'judge a tool folder as the app installer does',
  },
  run: {
    usage: 'run <folder> [--command <id>]... [--pref <id>=<json>]... [--language <tag>] [--data <dir>] [--services simulated|system] [--trace]',
    summary: 'start a tool headless, run commands, stop it',
  },
  check: {
    usage: 'check <folder> [--json]',
    summary: "the conformance run of a tool's side of the protocol",
  },
  testbed: {
    usage: 'testbed [<folder>...] [--port <n>] [--services simulated|system] [--data <dir>] [--language <tag>]',
    summary: 'the browser test bed with these tool folders loaded in place',
  },
  new: {
    usage: 'new <folder> [--lang node|python|sh]',
    summary: 'create a new tool folder to start from',
  },
} as const;

export type SubcommandName = keyof typeof subcommandUsage;

/** `usage: vitruvian-tool <how the subcommand is called>`. */
export const usageLine = (name: SubcommandName): string => `usage: ${NAME} ${subcommandUsage[name].usage}`;
