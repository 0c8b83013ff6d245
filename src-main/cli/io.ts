// Where the CLI writes: one line at a time, to stdout (out) or stderr (err). Tests pass their own.
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Every subcommand module exports `command` with this shape; it returns the exit code. */
export type CliCommand = (args: string[], io: CliIo) => Promise<number>;

/** Exit codes shared by every subcommand. */
export const ExitCodes = { ok: 0, failed: 1, usage: 2 } as const;
