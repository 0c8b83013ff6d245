// A plan's steps applied (SKWIR.md section 3), once a person confirmed it: in order, each on the
// call's own files, stopping at the first that fails and saying which ran. Nothing existing is ever
// overwritten: a step whose target exists fails instead. With simulated services (the test bed) the
// steps are recorded, never done.
import { constants } from 'node:fs';
import { copyFile, cp, lstat, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PlanResult, PlanStepOutcome } from '../../src-shared/plugin-api';
import type { PlanStep } from '../../src-shared/skwir/types';
import type { Platform } from '../platform/platform';

/** A step with the paths it acts on: what it does to the disk. */
export type ResolvedStep = { op: 'rename' | 'move' | 'copy'; from: string; to: string } | { op: 'trash'; path: string } | { op: 'mkdir'; path: string };

export function resolveStep(step: PlanStep, files: readonly string[]): ResolvedStep {
  const file = 'file' in step ? files[step.file - 1] : undefined;
  if ('file' in step && file === undefined) throw new Error(`file ${step.file} is not a file of the plan's call`);
  switch (step.op) {
    case 'rename':
      return { op: 'rename', from: file!, to: join(dirname(file!), step.name) };
    case 'move':
    case 'copy':
      return { op: step.op, from: file!, to: join(step.to, basename(file!)) };
    case 'trash':
      return { op: 'trash', path: file! };
    case 'mkdir':
      return { op: 'mkdir', path: step.path };
  }
}

/** The step in words, with its paths. */
export function stepWords(step: ResolvedStep): string {
  switch (step.op) {
    case 'rename':
      return `rename ${step.from} to ${basename(step.to)}`;
    case 'move':
      return `move ${step.from} into ${dirname(step.to)}`;
    case 'copy':
      return `copy ${step.from} into ${dirname(step.to)}`;
    case 'trash':
      return `move ${step.path} to the trash`;
    case 'mkdir':
      return `make the folder ${step.path}`;
  }
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

async function noneAt(path: string): Promise<void> {
  if (await exists(path)) throw new Error(`${path} exists already; nothing is overwritten`);
}

async function aFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new Error(`${path} is not there any more`);
}

/** Does one step on the disk (the platform's trash for a trash step). */
async function doStep(step: ResolvedStep, platform: Platform): Promise<void> {
  switch (step.op) {
    case 'rename':
    case 'move': {
      await aFile(step.from);
      await noneAt(step.to);
      if (step.op === 'move') await aFile(dirname(step.to));
      try {
        await rename(step.from, step.to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another volume: a copy that must not overwrite, then the original goes.
        await cp(step.from, step.to, { errorOnExist: true, force: false, recursive: true, preserveTimestamps: true });
        await rm(step.from, { recursive: true });
      }
      return;
    }
    case 'copy':
      await aFile(step.from);
      await aFile(dirname(step.to));
      await noneAt(step.to);
      // Exclusive still: a file that appeared since the look is not overwritten either.
      await copyFile(step.from, step.to, constants.COPYFILE_EXCL).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new Error(`${step.to} exists already; nothing is overwritten`) : error;
      });
      return;
    case 'trash':
      await aFile(step.path);
      await platform.trashFile(step.path);
      return;
    case 'mkdir': {
      const info = await stat(step.path).catch(() => undefined);
      if (info?.isDirectory()) return; // there already: nothing to make, nothing changed
      if (info) throw new Error(`${step.path} exists already and is not a folder`);
      await mkdir(step.path, { recursive: true });
    }
  }
}

export interface PlanRun {
  steps: readonly PlanStep[];
  /** The call's files, by path: handle n is files[n - 1]. */
  files: readonly string[];
  platform: Platform;
  /** Simulated services: each step is recorded (given to `record`), not done. */
  simulated: boolean;
  record(step: ResolvedStep): void;
}

export async function applyPlanSteps(run: PlanRun): Promise<PlanResult> {
  const outcomes: PlanStepOutcome[] = [];
  let problem: string | undefined;
  for (const step of run.steps) {
    if (problem !== undefined) {
      outcomes.push({ step, words: wordsOf(step, run.files), status: 'notRun' });
      continue;
    }
    let resolved: ResolvedStep;
    try {
      resolved = resolveStep(step, run.files);
    } catch (error) {
      problem = (error as Error).message;
      outcomes.push({ step, words: step.op, status: 'failed', problem });
      continue;
    }
    const words = stepWords(resolved);
    if (run.simulated) {
      run.record(resolved);
      outcomes.push({ step, words, status: 'recorded' });
      continue;
    }
    try {
      await doStep(resolved, run.platform);
      outcomes.push({ step, words, status: 'done' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problem = code && !(error as Error).message.includes(code) ? `${(error as Error).message} (${code})` : (error as Error).message;
      outcomes.push({ step, words, status: 'failed', problem });
    }
  }
  if (problem === undefined) return { ok: true, steps: outcomes };
  const failedAt = outcomes.findIndex((outcome) => outcome.status === 'failed');
  return { ok: false, problem: `step ${failedAt + 1} failed: ${problem}; the steps after it were not run`, steps: outcomes };
}

function wordsOf(step: PlanStep, files: readonly string[]): string {
  try {
    return stepWords(resolveStep(step, files));
  } catch {
    return step.op;
  }
}
