// vitruvian-tool replay <file> [<folder>] [--ignore <json-pointer>]... [--junit <file>] [--timeout <s>]:
// a recorded session (run --record, ask --record, the test bed's "Save session") played again against
// the tool or plugin of <folder> (by default the folder it was recorded from), and what it sends
// compared with what it sent (conformance/replay). --ignore's pointers are saved in the file, so the
// next replay leaves those places out too. One PASS or FAIL line on stdout; exit 0 when they agree,
// 1 when they differ or the file is no recording, 2 for a usage error (a pointer that is none).
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PROTOCOL1_LINE_LIMIT } from '../../src-shared/limits';
import { pointerProblem, readRecording, recordingText, type Recording } from '../../src-shared/recording/record-lines';
import { SKWIR_LINE_LIMIT } from '../../src-shared/skwir/limits';
import { junitXml } from '../conformance/junit';
import { ModuleReplayPeer } from '../conformance/replay/module-replay-peer';
import { replay, type ReplayReport } from '../conformance/replay/replay-run';
import { judgedFolder } from './headless-host';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

/** Most bytes of a recording the replay reads. */
const RECORDING_MAX_BYTES = 512 * 1024 * 1024;

export async function command(argv: string[], io: CliIo): Promise<number> {
  const reading = readArgs('replay', argv);
  if (!reading.ok) return usageError(io, 'replay', reading.problem);
  const { options, operands } = reading;
  const file = resolve(operands[0]!);
  for (const pointer of options.ignore) {
    const problem = pointerProblem(pointer);
    if (problem) return usageError(io, 'replay', `--ignore: ${problem}`);
  }
  let waitMs: number | undefined;
  if (options.timeout !== undefined) {
    const seconds = Number(options.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0)
      return usageError(io, 'replay', `--timeout: expected seconds above 0, such as 5 or 0.5, got ${JSON.stringify(options.timeout)}`);
    waitMs = Math.round(seconds * 1000);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`replay: ${file} could not be read: ${(error as Error).message}`);
    return ExitCodes.failed;
  }
  const read = text.length > RECORDING_MAX_BYTES ? { ok: false as const, problem: `over ${RECORDING_MAX_BYTES / 1024 / 1024} MiB` } : readRecording(text);
  if (!read.ok) {
    io.err(`replay: ${file} is not a recording: ${read.problem}`);
    return ExitCodes.failed;
  }
  const { recording } = read;
  const saved = await savedIgnores(file, text, recording, options.ignore, io);
  const folder = resolve(operands[1] ?? recording.session.folder);
  const report = await replayFolder(recording, folder, saved, waitMs, io);
  if (report === undefined) return ExitCodes.failed;
  for (const warning of report.warnings) io.err(`warning: ${warning}`);
  const { id } = recording.session;
  const name = `replay ${operands[0]!}`;
  if (report.pass) io.out(`PASS ${name}: ${report.compared} messages from ${id} agree with the recording`);
  else {
    io.out(`FAIL ${name}: ${report.failure}`);
    if (report.said && report.said.length > 0) for (const line of report.said) io.err(`     | ${line}`);
  }
  if (options.junit !== undefined) {
    const test = { name, classname: `replay.${id}`, ...(report.pass ? {} : { failure: { message: report.failure!, type: 'differs' } }) };
    try {
      await writeFile(resolve(options.junit), junitXml('vitruvian-tool replay', [{ name: `vitruvian-tool replay ${id}`, cases: [test] }]));
    } catch (error) {
      io.err(`replay: --junit: ${options.junit} could not be written: ${(error as Error).message}`);
      return ExitCodes.failed;
    }
  }
  return report.pass ? ExitCodes.ok : ExitCodes.failed;
}

/** The file's ignored pointers and the ones given now; the new ones written into its session line. */
async function savedIgnores(file: string, text: string, recording: Recording, given: readonly string[], io: CliIo): Promise<string[]> {
  const all = [...new Set([...recording.session.ignore, ...given])];
  if (all.length === recording.session.ignore.length) return all;
  const rest = text.slice(text.indexOf('\n') + 1);
  try {
    await writeFile(file, recordingText([{ ...recording.session, ignore: all }]) + rest);
    io.err(`replay: ${file} now ignores ${all.join(', ')}`);
  } catch (error) {
    io.err(`replay: --ignore could not be saved in ${file}: ${(error as Error).message}`);
  }
  return all;
}

/** Replays against the folder's program; undefined, the reason said, when the folder holds no such program. */
async function replayFolder(recording: Recording, folder: string, ignore: string[], waitMs: number | undefined, io: CliIo): Promise<ReplayReport | undefined> {
  const { session } = recording;
  const verdict = await judgedFolder('replay', folder, io, session.dialect === 'skwir' ? 'plugin' : 'tool');
  if (!verdict) return undefined;
  if (verdict.manifest.id !== session.id) {
    io.err(`replay: ${folder} holds ${verdict.manifest.id}, but the recording is of ${session.id}; give the folder of ${session.id}`);
    return undefined;
  }
  const wait = waitMs === undefined ? {} : { waitMs };
  if (verdict.kind === 'tool') {
    return replay(recording, { execPath: verdict.execPath, args: verdict.manifest.runtime.args ?? [], lineLimit: PROTOCOL1_LINE_LIMIT, ignore, ...wait });
  }
  const { transport } = verdict.manifest;
  if (transport.kind !== 'program') {
    // A component runs in the host: its calls are played through a host of its own.
    return replay(recording, { execPath: '', args: [], lineLimit: SKWIR_LINE_LIMIT, ignore, ...wait, peer: () => ModuleReplayPeer.start(folder, session.id) });
  }
  return replay(recording, { execPath: verdict.entryPath, args: transport.args, lineLimit: SKWIR_LINE_LIMIT, ignore, ...wait });
}
