// A path a person gives a plugin, judged by the host when it is added and again when a call begins:
// a regular file, named from the root of the disk, that the host can open. What is wrong is the
// host's refusal, said of the path (no file there, a folder, a pipe), never the plugin's failure.
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { GivenFileProblem, GivenFileVerdict } from '../../../src-shared/plugin-api';
import { givenFileEn } from '../../../src-shared/reasons-en';
import { FileStepTimeout } from './file-thread';

/** A path the host will not give a plugin, with why as data; its message names the path. */
export class GivenFileRefusal extends Error {
  constructor(
    readonly path: string,
    readonly problem: GivenFileProblem,
  ) {
    super(`${path}: ${givenFileEn(problem)}`);
    this.name = 'GivenFileRefusal';
  }
}

/** Why the path cannot be given, from what the system said of it (or did not say, in time). */
export function givenFileProblemOf(error: unknown): GivenFileProblem {
  if (error instanceof FileStepTimeout) return { code: 'noAnswer', seconds: error.seconds };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { code: 'missing' };
  return { code: 'unreadable', reason: code ?? (error instanceof Error ? error.message : String(error)) };
}

/** Why a path that is no regular file cannot be given, from what it is ('a folder', 'a FIFO'...). */
export const notAFileProblem = (kind: string): GivenFileProblem => (kind === 'a folder' ? { code: 'folder' } : { code: 'notAFile' });

/** Judges a path before it is added to a plugin's files; never throws. */
export async function judgeGivenFile(path: string): Promise<GivenFileVerdict> {
  const problem = await givenFileProblem(path);
  return problem ? { ok: false, problem: `${path}: ${givenFileEn(problem)}`, problemCode: problem } : { ok: true };
}

async function givenFileProblem(path: string): Promise<GivenFileProblem | undefined> {
  if (!isAbsolute(path)) return { code: 'relativePath' };
  try {
    const info = await stat(await realpath(path));
    if (info.isDirectory()) return { code: 'folder' };
    if (!info.isFile()) return { code: 'notAFile' };
    await access(path, constants.R_OK);
    return undefined;
  } catch (error) {
    return givenFileProblemOf(error);
  }
}
