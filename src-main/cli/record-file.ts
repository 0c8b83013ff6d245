// --record <file> of `run` and `ask`: once the work is done, the entry is stopped by its stop
// sequence (so the recording holds the stop and how the program ended) and its session is written as
// a recording file (docs/recordings.md). The CLI keeps far more of a session than the app does.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { recordingText } from '../../src-shared/recording/record-lines';
import { appVersion } from '../app-version';
import type { Host } from '../host/host';
import type { CliIo } from './io';
import { NAME } from './usage';

/** Characters of lines the CLI keeps of one session (the app keeps 4 MiB). */
export const CLI_RECORDING_CHARS = 256 * 1024 * 1024;

/** What the recording says wrote it: `vitruvian-tool run 0.1.0`. */
export const recordedBy = (command: string): string => `${NAME} ${command} ${appVersion}`;

/** Stops the entry and writes its session to `file`; false, the reason said, when there is none to write or it could not be written. */
export async function writeRecordingFile(host: Host, command: string, entryId: string, file: string, io: CliIo): Promise<boolean> {
  await host.stop(entryId);
  const answer = await host.readRecording(entryId);
  if (!answer.ok) {
    io.err(`${command}: --record: nothing was written: ${answer.problem}`);
    return false;
  }
  try {
    await writeFile(resolve(file), recordingText(answer.lines));
  } catch (error) {
    io.err(`${command}: --record: ${file} could not be written: ${(error as Error).message}`);
    return false;
  }
  const end = answer.lines.at(-1);
  const messages = answer.lines.filter((line) => line.type === 'message').length;
  const cut = end?.type === 'end' && end.linesLeftOut ? `; ${end.linesLeftOut} lines past the size limit were left out` : '';
  io.err(`${command}: recorded ${messages} messages to ${file}${cut}`);
  return true;
}
