// Where the CLI writes: one line at a time, to stdout (out) or stderr (err). Tests pass their own.
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

// A reader that goes away early (`vitruvian-tool check x | head -1`) is normal use, not a crash: its
// lines are dropped from then on and the command ends with its own exit code. The broken pipe comes
// as an 'error' event after write() has returned, and with no listener Node would throw it.
function lineWriter(stream: NodeJS.WriteStream): (line: string) => void {
  let gone = false;
  let listening = false;
  return (line) => {
    if (gone || stream.destroyed) return;
    if (!listening) {
      listening = true;
      stream.on('error', () => {
        gone = true;
      });
    }
    stream.write(`${line}\n`);
  };
}

export const processIo: CliIo = {
  out: lineWriter(process.stdout),
  err: lineWriter(process.stderr),
};

/** Every subcommand module exports `command` with this shape; it returns the exit code. */
export type CliCommand = (args: string[], io: CliIo) => Promise<number>;

/** Exit codes shared by every subcommand. */
export const ExitCodes = { ok: 0, failed: 1, usage: 2 } as const;
