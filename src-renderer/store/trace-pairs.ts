// The Messages tab's rows: a request and its answer on one row, with the time between them; a
// notice, an answer whose request is not held (dropped, or never sent) and a line that is no
// message, one row each. Pure functions of the lines held: they keep nothing between calls, and
// what they build is at most a row per line, whatever a tool sends (answers to ids never asked, ids
// used twice).
import type { TraceLine } from '../../src-shared/host-api';
import { traceMessageOf } from './trace-message';

export type TraceRow =
  /** A request, and its answer once it came. */
  | { kind: 'exchange'; request: TraceLine; answer: TraceLine | undefined }
  /** An answer to a request not among the lines. */
  | { kind: 'answer'; line: TraceLine }
  | { kind: 'message'; line: TraceLine };

type Exchange = Extract<TraceRow, { kind: 'exchange' }>;

/** The rows of some lines, and the requests among them still waiting for an answer (their row's index, by TraceMessage's `pair`). */
export interface Pairing {
  /** Never changed once made: a later pairing copies it. */
  readonly rows: TraceRow[];
  readonly waiting: ReadonlyMap<string, number>;
}

export const noPairing: Pairing = { rows: [], waiting: new Map() };

export function pairTrace(lines: readonly TraceLine[]): TraceRow[] {
  return pairMore(noPairing, lines).rows;
}

/**
 * The pairing of the lines `before` was made of followed by `lines`, leaving `before` as it was (so
 * lines that come a few at a time cost only themselves). Each answer goes to the latest request of
 * its id sent the other way that has no answer yet. Latest, because a tool that restarts counts its
 * ids again; and the host's `initialize` starts a new session, whose answers never go to requests
 * the one before left unanswered.
 */
export function pairMore(before: Pairing, lines: readonly TraceLine[]): Pairing {
  const rows = before.rows.slice();
  const waiting = new Map(before.waiting);
  for (const line of lines) {
    const message = traceMessageOf(line);
    if (message.kind === 'request') {
      if (line.direction === 'toTool' && line.method === 'initialize') waiting.clear();
      waiting.set(message.pair, rows.length);
      rows.push({ kind: 'exchange', request: line, answer: undefined });
    } else if (message.kind === 'answer') {
      const index = waiting.get(message.pair);
      if (index === undefined) rows.push({ kind: 'answer', line });
      else {
        rows[index] = { ...(rows[index] as Exchange), answer: line };
        waiting.delete(message.pair);
      }
    } else rows.push({ kind: 'message', line });
  }
  return { rows, waiting };
}

/** The lines a row shows, in the order they came. */
export function rowLines(row: TraceRow): TraceLine[] {
  if (row.kind !== 'exchange') return [row.line];
  return row.answer ? [row.request, row.answer] : [row.request];
}

/** The row's first line, which names it (its seq) and places it. */
export const rowFirst = (row: TraceRow): TraceLine => (row.kind === 'exchange' ? row.request : row.line);

/** Milliseconds between a request and its answer; never below zero, should the clock have been set back. */
export const answerTime = (request: TraceLine, answer: TraceLine): number => Math.max(0, answer.time - request.time);
