// vitruvian-tool check <folder> [--json] [--file <path>]... [--junit <file>]: the conformance run of a tool's side of
// protocol 1, or of a Skwir plugin's side of its protocol (asked about the --file files where they
// are of a kind it serves, else about small files of the kinds it declares).
// Exit 0 when every check passed, 1 when one did not, 2 for a usage error.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runConformance, type ConformanceOptions } from '../conformance/conformance-run';
import { checkSuite, junitXml } from '../conformance/junit';
import { reportJson, reportLines } from '../conformance/report-text';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

export function command(args: string[], io: CliIo): Promise<number> {
  return check(args, io);
}

/** The command with its options open, so tests can shorten the time limits. */
export async function check(args: string[], io: CliIo, options: ConformanceOptions = {}): Promise<number> {
  const reading = readArgs('check', args);
  if (!reading.ok) return usageError(io, 'check', reading.problem);
  const {
    options: { json, file, junit },
    operands: [folder],
  } = reading;
  // The tool runs in a process group of its own, which Ctrl-C does not reach: end it here.
  const abort = new AbortController();
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
    abort.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let report;
  try {
    report = await runConformance(folder!, { ...options, signal: abort.signal, ...(file.length > 0 ? { files: file.map((path) => resolve(path)) } : {}) });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  if (interrupted) {
    io.err(`check: stopped by ${interrupted}; the tool was ended`);
    return ExitCodes.failed;
  }
  if (json) io.out(reportJson(report));
  else for (const line of reportLines(report)) io.out(line);
  if (junit !== undefined) {
    try {
      await writeFile(resolve(junit), junitXml('vitruvian-tool check', [checkSuite(report)]));
    } catch (error) {
      io.err(`check: --junit: ${junit} could not be written: ${(error as Error).message}`);
      return ExitCodes.failed;
    }
  }
  return report.pass ? ExitCodes.ok : ExitCodes.failed;
}
