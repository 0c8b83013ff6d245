// Where the CLI writes: one line at a time, to stdout (out) or stderr (err). Tests pass their own.
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

type Writable = Pick<NodeJS.WritableStream, 'write' | 'on'> & { destroyed?: boolean };

/**
 * CliIo over two streams. The lines written in one turn of the event loop (a tool's chunk of log
 * notices echoed by `run`, say) go out together, one write per stream and run of lines, not one
 * write per line: process.stderr to a file or a pipe writes synchronously, so a write per line is
 * a system call per line. The order of the lines over both streams is kept.
 *
 * A reader that goes away early (`vitruvian-tool check x | head -1`) is normal use, not a crash: its
 * lines are dropped from then on and the command ends with its own exit code. The broken pipe comes
 * as an 'error' event after write() has returned, and with no listener Node would throw it.
 */
export function streamIo(outStream: Writable, errStream: Writable): CliIo {
  const gone = new Set<Writable>();
  const listening = new Set<Writable>();
  /** Runs of lines waiting for the end of this turn, each for one stream, in the order written. */
  const runs: { stream: Writable; text: string }[] = [];
  const flush = () => {
    for (const { stream, text } of runs.splice(0)) if (!gone.has(stream) && !stream.destroyed) stream.write(text);
  };
  const writer = (stream: Writable) => (line: string) => {
    if (gone.has(stream) || stream.destroyed) return;
    if (!listening.has(stream)) {
      listening.add(stream);
      stream.on('error', () => gone.add(stream));
    }
    const last = runs.at(-1);
    if (last?.stream === stream) last.text += `${line}\n`;
    else {
      if (runs.length === 0) queueMicrotask(flush);
      runs.push({ stream, text: `${line}\n` });
    }
  };
  return { out: writer(outStream), err: writer(errStream) };
}

export const processIo: CliIo = streamIo(process.stdout, process.stderr);

/** Every subcommand module exports `command` with this shape; it returns the exit code. */
export type CliCommand = (args: string[], io: CliIo) => Promise<number>;

/** Exit codes shared by every subcommand. */
export const ExitCodes = { ok: 0, failed: 1, usage: 2 } as const;
