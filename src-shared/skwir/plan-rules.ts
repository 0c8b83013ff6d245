// What a plan may say, judged when the plan comes in and again before each step is applied: a step
// acts only on the call's own files; `to` and `path` are absolute as the host's platform means it
// (`C:/x` is a folder named "C:" under the working folder on Linux and macOS), judged once
// normalized and passed on normalized, so the person reads the path that is acted on; a `name` is
// one name in a folder; and no name or path holds a character that hides or reorders what the
// person reads (U+202E shows "report<U+202E>txt.exe" as "reportexe.txt").
import { quote } from '../protocol/problem-words';
import type { Capability, PlanAnswer, PlanStep } from './types';

/**
 * The host platform's rule for paths (Node's `path` module is one): src-shared knows no platform,
 * and the window's own platform is not the one the steps run on.
 */
export interface PathRule {
  isAbsolute(path: string): boolean;
  /** `..` and `.` resolved, separators made one: the path as it will be used. */
  normalize(path: string): string;
}

export interface PlanContext {
  /** How many files the call named. */
  files: number;
  /**
   * The handle of the call's first file, its handles this to this + files - 1 (a plugin's handles
   * run on from call to call); 1 when not given, as a plan shown to the window names its files by
   * their place among the plan's files.
   */
  firstHandle?: number;
  granted: readonly Capability[];
  paths: PathRule;
}

const separator = /[/\\]/;

/** Bidi controls: marks, embeddings, overrides and isolates, each of which reorders what is read. */
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/** Why a character may not stand in a name or path, or undefined when it may. */
function hiding(code: number): string | undefined {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return 'a control character';
  if (code === 0x2028 || code === 0x2029) return 'a line break';
  if (BIDI.has(code)) return 'a bidi control, which shows the text around it in another order';
  return undefined;
}

/** The first character of `text` that hides or reorders what is read, in words, or undefined. */
export function hidingCharacter(text: string): string | undefined {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const why = hiding(code);
    if (why) return `U+${code.toString(16).toUpperCase().padStart(4, '0')} (${why})`;
  }
  return undefined;
}

/** A folder the step names, judged and normalized; the problem (or none) and the path to use. */
function folderProblem(value: string, field: string, paths: PathRule): { problem?: string; path: string } {
  const hidden = hidingCharacter(value);
  if (hidden) return { problem: `${field}: ${quote(value)} holds ${hidden}`, path: value };
  const path = paths.normalize(value);
  if (!paths.isAbsolute(path)) return { problem: `${field}: ${quote(value)} is not an absolute path`, path: value };
  return { path };
}

/**
 * The problems of one step, `at` naming it (`result.steps[0]`). A sound step's `to` or `path` is
 * normalized in place: what is shown and applied from then on.
 */
export function planStepProblems(step: PlanStep, at: string, context: Omit<PlanContext, 'granted'>): string[] {
  const problems: string[] = [];
  const first = context.firstHandle ?? 1;
  if ('file' in step && (step.file < first || step.file >= first + context.files)) {
    const files =
      context.files === 0 ? 'it names no file' : context.files === 1 ? `its only file is ${first}` : `its files are ${first} to ${first + context.files - 1}`;
    problems.push(`${at}.file: ${step.file} is not a file of this call (${files})`);
  }
  switch (step.op) {
    case 'rename': {
      const hidden = hidingCharacter(step.name);
      if (hidden) problems.push(`${at}.name: ${quote(step.name)} holds ${hidden}`);
      else if (separator.test(step.name)) problems.push(`${at}.name: ${quote(step.name)} is not a name in a folder (it holds a path separator)`);
      else if (step.name === '.' || step.name === '..') problems.push(`${at}.name: ${quote(step.name)} is not a name in a folder (it names a folder itself)`);
      break;
    }
    case 'move':
    case 'copy': {
      const folder = folderProblem(step.to, `${at}.to`, context.paths);
      if (folder.problem) problems.push(folder.problem);
      else step.to = folder.path;
      break;
    }
    case 'mkdir': {
      const folder = folderProblem(step.path, `${at}.path`, context.paths);
      if (folder.problem) problems.push(folder.problem);
      else step.path = folder.path;
      break;
    }
    case 'trash':
      break;
  }
  return problems;
}

/**
 * A plan's problems beyond its shape; none means its paths are now normalized. `unsound` names the
 * steps whose shape broke the schema, which these rules pass over: the rest are judged all the same,
 * so a malformed plan is reported whole in one round.
 */
export function planProblems(plan: PlanAnswer, context: PlanContext, unsound: (index: number) => boolean = () => false): string[] {
  const problems = context.granted.includes('write') ? [] : ['result.answer: a plan needs the write capability, and the plugin was not granted it'];
  plan.steps.forEach((step, index) => {
    if (!unsound(index)) problems.push(...planStepProblems(step, `result.steps[${index}]`, context));
  });
  return problems;
}
