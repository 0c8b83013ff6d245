// A plan's steps applied (docs/design/skwir.md), once a person confirmed it: in order, each on the
// call's own files, stopping at the first that fails and saying which ran. Nothing existing is ever
// overwritten: a step whose target exists fails instead. Each step acts on the files and folders
// as they were when the plan was shown (plan-sight.ts), and the plan's rules are judged again
// before any step runs. With simulated services (the test bed) the steps are recorded, never done.
import path, { basename, dirname, join } from 'node:path';
import { mkdir, rename, unlink } from 'node:fs/promises';
import type { PlanResult, PlanStepOutcome } from '../../../src-shared/plugin-api';
import { planStepProblems } from '../../../src-shared/skwir/plan-rules';
import type { PlanStep } from '../../../src-shared/skwir/types';
import type { Platform } from '../../platform/platform';
import { copyAsShown } from './plan-copy';
import { lookAt, PlanSight } from './plan-sight';

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

async function noneAt(path: string): Promise<void> {
  if (await lookAt(path)) throw new Error(`${path} exists already; nothing is overwritten`);
}

/** Does one step on the disk (the platform's trash for a trash step), on the files and folders shown. */
async function doStep(step: ResolvedStep, platform: Platform, sight: PlanSight): Promise<void> {
  switch (step.op) {
    case 'rename':
    case 'move': {
      await sight.unchanged(step.from);
      // A rename stays in the file's own folder, held as it was shown (a link to it then, the same
      // link now); a move writes into a folder itself.
      if (step.op === 'rename') await sight.unchanged(dirname(step.to));
      else await sight.folder(dirname(step.to));
      await noneAt(step.to);
      try {
        await rename(step.from, step.to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another volume: a copy that must not overwrite, then the original goes (if it is still the one shown).
        await copyAsShown(step.from, step.to, sight);
        await sight.unchanged(step.from);
        await unlink(step.from);
      }
      return;
    }
    case 'copy':
      await copyAsShown(step.from, step.to, sight);
      return;
    case 'trash':
      await sight.unchanged(step.path);
      await platform.trashFile(step.path);
      return;
    case 'mkdir': {
      // There already (the one shown, a folder itself): nothing to make, nothing changed.
      if (await lookAt(step.path)) {
        await sight.folder(step.path);
        return;
      }
      await mkdir(step.path, { recursive: true });
      await sight.made(step.path);
    }
  }
}

/** What the plan's steps act on, looked at as the plan is shown (a step that cannot be resolved adds nothing). */
export function lookAtPlan(steps: readonly PlanStep[], files: readonly string[]): Promise<PlanSight> {
  const paths = steps.flatMap((step): string[] => {
    try {
      const resolved = resolveStep(step, files);
      return resolved.op === 'trash' || resolved.op === 'mkdir' ? [resolved.path] : [resolved.from, dirname(resolved.to)];
    } catch {
      return [];
    }
  });
  return PlanSight.take(paths);
}

export interface PlanRun {
  steps: readonly PlanStep[];
  /** The call's files, by path: handle n is files[n - 1]. */
  files: readonly string[];
  /** The files and folders as the plan was shown: what its steps may act on. */
  sight: PlanSight;
  platform: Platform;
  /** Simulated services: each step is recorded (given to `record`), not done. */
  simulated: boolean;
  record(step: ResolvedStep): void;
}

export async function applyPlanSteps(run: PlanRun): Promise<PlanResult> {
  // Judged when it came in; judged again with the host's paths before anything is touched.
  const broken = run.steps.map((step, index) => planStepProblems(step, `steps[${index}]`, { files: run.files.length, paths: path }));
  if (broken.some((problems) => problems.length > 0)) {
    return {
      ok: false,
      problem: `the plan breaks its rules, so no step was run: ${broken.flat().join('; ')}`,
      // A broken step's own words could carry what the rules refuse: it is named by its op alone.
      steps: run.steps.map((step, index) => ({ step, words: broken[index]!.length > 0 ? step.op : wordsOf(step, run.files), status: 'notRun' })),
    };
  }
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
      await doStep(resolved, run.platform, run.sight);
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
