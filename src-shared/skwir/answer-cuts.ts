// An answer cut to what the window can draw: an inspection of 200,000 rows, a row of 300,000 cells
// or a plan of 100,000 steps froze or blanked it. Each list is cut to SKWIR_SHOWN_LIMITS before the
// answer is judged (what is left out is never shown, so never judged either), and the answer says
// how much of each was left out. The person sees a plan as cut, and Apply applies what they saw.
import type { CallMethod } from './methods';
import { SKWIR_SHOWN_LIMITS } from './limits';

/** How many of each list were left out of an answer; a list that was whole is not named. */
export interface LeftOut {
  /** An inspection's rows. */
  rows?: number;
  /** Cells, counted over every row kept. */
  cells?: number;
  columns?: number;
  /** An inspection's paragraphs or lines of code. */
  lines?: number;
  details?: number;
  /** A plan's steps. */
  steps?: number;
}

type Limited = keyof LeftOut;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cuts the lists of a plugin's answer, not judged yet, to what is shown (in place); what was left
 * out, or undefined when nothing was. A field that is no list is left for the judging to name.
 */
export function cutAnswer(method: CallMethod, result: unknown): LeftOut | undefined {
  if (!isRecord(result)) return undefined;
  const leftOut: LeftOut = {};
  const cut = (list: unknown, limit: number, count: Limited): void => {
    if (!Array.isArray(list) || list.length <= limit) return;
    leftOut[count] = (leftOut[count] ?? 0) + list.length - limit;
    list.length = limit;
  };
  if (method === 'inspect') {
    cut(result.rows, SKWIR_SHOWN_LIMITS.rows, 'rows');
    if (Array.isArray(result.rows)) for (const row of result.rows as unknown[]) if (isRecord(row)) cut(row.cells, SKWIR_SHOWN_LIMITS.cells, 'cells');
    cut(result.columns, SKWIR_SHOWN_LIMITS.cells, 'columns');
    cut(result.text, SKWIR_SHOWN_LIMITS.lines, 'lines');
    cut(result.details, SKWIR_SHOWN_LIMITS.details, 'details');
  } else if (method === 'command' && result.answer === 'plan') {
    cut(result.steps, SKWIR_SHOWN_LIMITS.steps, 'steps');
  }
  return Object.keys(leftOut).length > 0 ? leftOut : undefined;
}

/**
 * Writes what was left out on an answer that passed its judging; a `leftOut` the plugin sent itself
 * is taken away, so only the host says what it left out.
 */
export function markLeftOut(method: CallMethod, result: unknown, leftOut: LeftOut | undefined): void {
  if (!isRecord(result) || !(method === 'inspect' || (method === 'command' && result.answer === 'plan'))) return;
  if (leftOut) result.leftOut = leftOut;
  else delete result.leftOut;
}
