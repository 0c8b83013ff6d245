// A page's text as the reader handles it: each character's place from the run's edges (or equal
// parts of the run when it has none, as the protocol says), the page's text as a person copies and
// searches it (two runs on one line joined by a space, lines by a line break), case-insensitive
// matches in it and the boxes that show where each match lies on the page.
import type { TextRun } from '../../../src-shared/skwir/types';

/** Where each character of a run starts, as fractions of the page's width, and then where it ends. */
export function characterEdges(run: TextRun): number[] {
  const count = [...run.text].length;
  const end = run.x + run.width;
  if (run.edges && run.edges.length === count && count > 0) return [...run.edges, Math.max(end, run.edges[count - 1]!)];
  return Array.from({ length: count + 1 }, (_, i) => run.x + (run.width * i) / Math.max(1, count));
}

/** The second run is on the first's line: its middle lies within the first's height. */
export function onOneLine(a: TextRun, b: TextRun): boolean {
  const middle = b.y + b.height / 2;
  return middle >= a.y && middle <= a.y + a.height;
}

export interface PageText {
  text: string;
  /** Where each run begins in `text` (UTF-16 units). */
  starts: number[];
}

export function pageText(runs: readonly TextRun[]): PageText {
  let text = '';
  const starts: number[] = [];
  runs.forEach((run, i) => {
    if (i > 0) text += onOneLine(runs[i - 1]!, run) ? ' ' : '\n';
    starts.push(text.length);
    text += run.text;
  });
  return { text, starts };
}

/** Lower case, a character at a time, keeping each one's length: an index in the result is one in the text. */
function folded(text: string): string {
  let out = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    out += lower.length === character.length ? lower : character;
  }
  return out;
}

/** Where `query` occurs in `text`, whatever the case, as [start, end) pairs that do not overlap. */
export function findInText(text: string, query: string): [number, number][] {
  if (query.trim() === '') return [];
  const haystack = folded(text);
  const needle = folded(query);
  const found: [number, number][] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    found.push([at, at + needle.length]);
  }
  return found;
}

/** A box on the page, in fractions of its width and height. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const codePoints = (text: string) => [...text].length;

/** The boxes covering [start, end) of a page's text: one for each run the stretch touches. */
export function stretchBoxes(runs: readonly TextRun[], text: PageText, start: number, end: number): PageBox[] {
  const boxes: PageBox[] = [];
  runs.forEach((run, i) => {
    const from = Math.max(start, text.starts[i]!) - text.starts[i]!;
    const to = Math.min(end, text.starts[i]! + run.text.length) - text.starts[i]!;
    if (to <= from) return;
    const edges = characterEdges(run);
    const left = edges[codePoints(run.text.slice(0, from))]!;
    const right = edges[codePoints(run.text.slice(0, to))]!;
    boxes.push({ x: left, y: run.y, width: Math.max(0, right - left), height: run.height });
  });
  return boxes;
}

/** A few words either side of a match, on one line, for the list of matches. */
export function matchContext(text: string, start: number, end: number, around = 30): { before: string; match: string; after: string } {
  const flat = (part: string) => part.replace(/\s+/g, ' ');
  const from = Math.max(0, start - around);
  const to = Math.min(text.length, end + around);
  return {
    before: (from > 0 ? '…' : '') + flat(text.slice(from, start)),
    match: flat(text.slice(start, end)),
    after: flat(text.slice(end, to)) + (to < text.length ? '…' : ''),
  };
}

/** Selected parts of runs, in reading order, as one text: a space within a line, a break between lines and pages. */
export function joinedPieces(pieces: readonly { page: number; run: TextRun; text: string }[]): string {
  let out = '';
  pieces.forEach((piece, i) => {
    const previous = pieces[i - 1];
    if (previous) out += previous.page === piece.page && onOneLine(previous.run, piece.run) ? ' ' : '\n';
    out += piece.text;
  });
  return out;
}

const texts = new WeakMap<readonly TextRun[], PageText>();

/** pageText, worked out once for each page's runs (search, marks and copy all want it). */
export function pageTextOf(runs: readonly TextRun[]): PageText {
  let text = texts.get(runs);
  if (!text) texts.set(runs, (text = pageText(runs)));
  return text;
}
