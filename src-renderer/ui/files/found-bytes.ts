// What a search's answer marks as found. In hex, the bytes from `position` for the answer's
// `length`, cut out of the plugin's own cells (its offset, bytes and characters columns) on every row
// they cross; a length of 0 marks nothing, and a plugin that gives no length has the row holding
// `position` marked, as the window cannot know how far the match goes. In the other kinds, the row
// (line, paragraph) at index `position`. docs/writing-a-skwir-plugin.md, "Offsets, positions and Find".
import type { CheckedInspection } from '../../../src-shared/skwir/answers';

/** Bytes of the file, from `from` up to (not including) `to`. */
export interface ByteRange {
  from: number;
  to: number;
}

/** The row a search found (scrolled to), and in hex the bytes it found when the plugin said how many. */
export interface Found {
  row: number;
  bytes?: ByteRange;
}

/** A hex row's offset: its first cell, in hexadecimal. */
function rowOffset(cells: readonly string[]): number | undefined {
  const cell = cells[0]?.trim() ?? '';
  if (!/^(0x)?[0-9a-f]+$/i.test(cell)) return undefined;
  const offset = parseInt(cell, 16);
  return Number.isSafeInteger(offset) ? offset : undefined;
}

/** The row a position stands for: in hex, the last row whose offset is at or before it; else the row's index. */
export function foundRow(inspection: CheckedInspection, position: number): number | undefined {
  if (inspection.kind !== 'hex') return position;
  let found: number | undefined;
  inspection.rows.forEach((row, index) => {
    const offset = rowOffset(row.cells);
    if (offset !== undefined && offset <= position) found = index;
  });
  return found;
}

/** What an answer to a search marks; none when the search found nothing (a hex answer's length of 0). */
export function foundOf(inspection: CheckedInspection): Found | undefined {
  const { position, length } = inspection;
  if (inspection.kind !== 'hex') return { row: position };
  if (length === 0) return undefined;
  const row = foundRow(inspection, position);
  if (row === undefined) return undefined;
  return length === null ? { row } : { row, bytes: { from: position, to: position + length } };
}

/** A cell cut around what it marks. */
export interface MarkedCell {
  before: string;
  marked: string;
  after: string;
}

/** The found bytes one hex row holds, in its bytes cell and, when it has one character a byte, its characters cell. */
export interface RowMarks {
  bytes: MarkedCell;
  characters?: MarkedCell;
}

/** Where each byte's two hex digits start in a bytes cell ("de ad", "dead beef"); undefined when the cell is not pairs of hex digits. */
function byteStarts(cell: string): number[] | undefined {
  const starts: number[] = [];
  for (const token of cell.matchAll(/\S+/g)) {
    if (!/^(?:[0-9a-f]{2})+$/i.test(token[0])) return undefined;
    for (let at = 0; at < token[0].length; at += 2) starts.push(token.index + at);
  }
  return starts;
}

/**
 * The found bytes a hex row holds, cut out of its cells: `none` when it holds none of them,
 * `unread` when its offset or bytes cell is not as the protocol's hex kind draws them (the window
 * then marks the row holding the position instead).
 */
export function hexRowMarks(cells: readonly string[], found: ByteRange): RowMarks | 'none' | 'unread' {
  const offset = rowOffset(cells);
  if (offset === undefined) return 'unread';
  if (offset >= found.to) return 'none';
  const starts = byteStarts(cells[1] ?? '');
  if (!starts) return 'unread';
  const first = Math.max(found.from - offset, 0);
  const last = Math.min(found.to - offset, starts.length) - 1;
  if (first > last) return 'none';
  const cell = cells[1]!;
  const bytes = { before: cell.slice(0, starts[first]), marked: cell.slice(starts[first], starts[last]! + 2), after: cell.slice(starts[last]! + 2) };
  // Characters are counted as a person sees them (code points), one a byte or none marked.
  const characters = [...(cells[2] ?? '')];
  if (characters.length !== starts.length) return { bytes };
  return {
    bytes,
    characters: {
      before: characters.slice(0, first).join(''),
      marked: characters.slice(first, last + 1).join(''),
      after: characters.slice(last + 1).join(''),
    },
  };
}
