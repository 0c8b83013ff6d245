// A plugin's answer to a call, judged: the schema first (which fills in the defaults), then what the
// schema cannot say: a plan needs `write` and names only the call's own files with absolute folders
// and plain names; a page's links lead somewhere on it; a run's edges count its characters; a PNG is
// a PNG; the bytes a hex search found lie within the file. Problems read `result.<field>: <reason
// naming the value>`; none means the answer, now with every default filled (and a plan's paths
// normalized), is what the host passes on. Before any of it, an answer nested too deep is refused
// (the judging, and everything after it, would recurse out of stack) and long lists are cut to what
// the window shows (answer-cuts.ts).
import { deeperThan } from '../json-depth';
import { VALUE_MAX_DEPTH } from '../limits';
import { firstProblems } from '../protocol/problem-words';
import { cutAnswer, markLeftOut, type LeftOut } from './answer-cuts';
import type { CallMethod } from './methods';
import { planProblems, type PlanContext } from './plan-rules';
import { hasSkwirDef, skwirDef, skwirProblems } from './schema-check';
import type { CommandResult, ConvertResult, FieldResult, Inspection, InspectionRow, Page, PageLink, PlanAnswer, ThumbnailResult } from './types';

/** What an answer is judged against besides its own shape: the call's files, what was granted, the host's paths. */
export interface AnswerContext extends PlanContext {
  /** The size in bytes of the call's one file, when the host knows it: what a hex search found lies within it. */
  fileSize?: number;
}

type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** The answers as the host passes them on: every default of the protocol filled in. */
export type CheckedInspection = Filled<Omit<Inspection, 'rows'>> & { rows: Filled<InspectionRow>[]; leftOut?: LeftOut };
export type CheckedPlan = PlanAnswer & { leftOut?: LeftOut };
export type CheckedPage = Filled<Omit<Page, 'width' | 'height'>> & Pick<Page, 'width' | 'height'>;
export interface CheckedAnswers {
  field: Filled<FieldResult>;
  thumbnail: ThumbnailResult;
  inspect: CheckedInspection | null;
  convert: ConvertResult;
  page: CheckedPage | null;
  command: Exclude<CommandResult, PlanAnswer> | CheckedPlan;
}

/** The definition each call's answer is checked against; `orNull`: null is an answer too. */
const answerDef: Record<CallMethod, { def: string; orNull?: true }> = {
  field: { def: 'FieldResult' },
  thumbnail: { def: 'ThumbnailResult' },
  inspect: { def: 'Inspection', orNull: true },
  convert: { def: 'ConvertedFile', orNull: true },
  page: { def: 'Page', orNull: true },
  command: { def: 'CommandResult' },
};

/**
 * Every problem of `result` as the answer to `method` (the first few, and how many more); empty when
 * it is well formed: then its defaults are filled, its lists cut to what is shown, and `leftOut`
 * says what was cut.
 */
export function answerProblems(method: CallMethod, result: unknown, context: AnswerContext): string[] {
  // A plugin's 200,000 bad rows make no 200,000-line message.
  return firstProblems(judged(method, result, context));
}

function judged(method: CallMethod, result: unknown, context: AnswerContext): string[] {
  const { def, orNull } = answerDef[method];
  if (result === undefined) return ['result: missing'];
  if (orNull && result === null) return [];
  if (!hasSkwirDef(def)) throw new Error(`no definition ${def}`);
  // Cut first (it walks into no list), so the depth is measured over what is kept.
  const leftOut = cutAnswer(method, result);
  const deep = deeperThan(result, VALUE_MAX_DEPTH, 'result');
  if (deep) return [`${deep}: nested more than ${VALUE_MAX_DEPTH} levels deep; an answer may nest ${VALUE_MAX_DEPTH} at most`];
  const problems = skwirProblems(skwirDef(def), result, 'result');
  if (problems.length > 0) return method === 'command' ? [...problems, ...stepRulesOfMalformedPlan(result, problems, context)] : problems;
  markLeftOut(method, result, leftOut);
  switch (method) {
    case 'thumbnail':
      return pngProblems((result as ThumbnailResult).png, 'result.png');
    case 'page':
      return pageProblems(result as Page);
    case 'inspect':
      return foundBytesProblems(result as Inspection, context.fileSize);
    case 'command':
      return (result as CommandResult).answer === 'plan' ? planProblems(result as PlanAnswer, context) : [];
    default:
      return [];
  }
}

/** The step rules of a plan whose shape broke the schema, on the steps whose own shape is sound. */
function stepRulesOfMalformedPlan(result: unknown, shapeProblems: readonly string[], context: AnswerContext): string[] {
  const plan = result as Partial<PlanAnswer>;
  if (plan.answer !== 'plan' || !Array.isArray(plan.steps)) return [];
  const unsound = new Set<number>();
  for (const problem of shapeProblems) {
    const step = /^result\.steps\[(\d+)\]/.exec(problem);
    if (step) unsound.add(Number(step[1]));
  }
  return planProblems(plan as PlanAnswer, context, (index) => unsound.has(index));
}

/** A hex search's found bytes end within the file (the window marks them); a length says nothing in the other kinds. */
function foundBytesProblems(inspection: Inspection, fileSize: number | undefined): string[] {
  const { kind, length, position = 0 } = inspection;
  if (kind !== 'hex' || !length || fileSize === undefined || position + length <= fileSize) return [];
  return [`result.length: ${length} bytes from position ${position} end past the file's ${fileSize} bytes`];
}

function pageProblems(page: Page): string[] {
  const problems = pngProblems(page.png ?? null, 'result.png');
  const size = page.png ? pngSize(page.png) : undefined;
  if (size) {
    page.width ??= size.width;
    page.height ??= size.height;
  }
  (page.text ?? []).forEach((run, index) => {
    const characters = [...run.text].length;
    if (run.edges && run.edges.length !== characters) {
      problems.push(`result.text[${index}].edges: ${run.edges.length} edges for ${characters} characters; give one a character`);
    }
  });
  (page.links ?? []).forEach((link: PageLink, index) => {
    if (link.page === undefined && link.uri === undefined) problems.push(`result.links[${index}]: leads nowhere; give page or uri`);
    else if (link.page !== undefined && link.uri !== undefined) problems.push(`result.links[${index}]: gives both page and uri; give one`);
    else if (link.page !== undefined && link.page > page.pages) {
      problems.push(`result.links[${index}].page: ${link.page} is past the last page (${page.pages})`);
    }
  });
  (page.outline ?? []).forEach((entry, index) => {
    if (entry.page !== undefined && entry.page > page.pages) {
      problems.push(`result.outline[${index}].page: ${entry.page} is past the last page (${page.pages})`);
    }
  });
  return problems;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngProblems(png: string | null, at: string): string[] {
  if (png === null) return [];
  const head = base64Prefix(png, 8);
  if (head.length < 8 || !PNG_SIGNATURE.every((byte, i) => head[i] === byte)) {
    const shown = head
      .slice(0, 4)
      .map((byte) => `0x${byte.toString(16).padStart(2, '0')}`)
      .join(' ');
    return [`${at}: not a PNG (it starts ${shown || 'empty'}, not 0x89 "PNG")`];
  }
  return [];
}

/** A PNG's size in pixels, from its header (IHDR, bytes 16 to 23). */
export function pngSize(png: string): { width: number; height: number } | undefined {
  const head = base64Prefix(png, 24);
  if (head.length < 24) return undefined;
  const word = (at: number) => ((head[at]! << 24) | (head[at + 1]! << 16) | (head[at + 2]! << 8) | head[at + 3]!) >>> 0;
  const width = word(16);
  const height = word(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first `count` bytes of base64 text (fewer when it is shorter), decoded without Node or the DOM. */
export function base64Prefix(text: string, count: number): number[] {
  const bytes: number[] = [];
  let bits = 0;
  let held = 0;
  for (let i = 0; i < text.length && bytes.length < count; i++) {
    const value = ALPHABET.indexOf(text.charAt(i));
    if (value < 0) break;
    held = (held << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((held >> bits) & 0xff);
    }
  }
  return bytes;
}
