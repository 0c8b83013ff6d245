// What an inspection's first page leads to, asked as the window asks it: the next page when there is
// one, and Find: a word of the file's own is asked as `query` from offset 0, then Find again from
// just after the position answered. A position that does not mark a row holding what was found, or
// that does not move on a second Find, is a fault the window would show: a wrong row, or a search
// that finds the same place forever.
import { open } from 'node:fs/promises';
import type { CheckedInspection } from '../../../../src-shared/skwir/answers';
import { quoteLine } from '../../check-result';
import { fileWords } from '../../plugin/sample-files';
import type { AnswerJudge, FollowUp } from './asked-calls';

/** How much of a file is read to find a word in it. */
const WORD_BYTES = 65_536;

/** A word of the file (three letters or digits, or more), the first from its middle on; none in a file without one. */
export async function wordOf(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  let text: string;
  try {
    const buffer = Buffer.alloc(WORD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, WORD_BYTES, 0);
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const words = [...text.matchAll(/[\p{L}\p{N}]{3,}/gu)];
  const middle = text.length / 2;
  return (words.find((word) => word.index >= middle) ?? words[0])?.[0];
}

/** The text of the row or paragraph a position marks (not for hex, which marks by offset). */
function markedText(inspection: CheckedInspection, position: number): string | undefined {
  if (inspection.kind === 'table') return inspection.rows[position]?.cells.join(' ');
  if (inspection.kind === 'text' || inspection.kind === 'code') return inspection.text[position];
  return undefined;
}

/** Every row's or paragraph's text, on a page with no other: what a found position must mark. */
function shownTexts(inspection: CheckedInspection): string[] | undefined {
  if (inspection.previous !== null || inspection.next !== null) return undefined; // where its rows start is not said
  if (inspection.kind === 'table') return inspection.rows.map((row) => row.cells.join(' '));
  if (inspection.kind === 'text' || inspection.kind === 'code') return inspection.text;
  return undefined;
}

/** Why the position a find answered does not mark the word, when the page holds it somewhere else. */
function foundFault(inspection: CheckedInspection | null, word: string): string | undefined {
  if (!inspection) return undefined;
  const texts = shownTexts(inspection);
  const holds = (text: string | undefined) => text !== undefined && text.toLowerCase().includes(word.toLowerCase());
  if (!texts || !texts.some(holds)) return undefined;
  const marked = markedText(inspection, inspection.position);
  if (holds(marked)) return undefined;
  const at = texts.findIndex(holds);
  const what = inspection.kind === 'table' ? 'row' : inspection.kind === 'code' ? 'line' : 'paragraph';
  const shown = marked === undefined ? `the page has no ${what} ${inspection.position}` : `its ${what} is ${quoteLine(marked, 60)}`;
  return `position ${inspection.position} marks what was found, but ${shown}; the ${what} holding "${word}" is ${at} (a position counts ${what}s from 0 at the page's first)`;
}

export async function inspectFollowUps({ file, request, first, ask }: FollowUp): Promise<void> {
  if (first.outcome !== 'answered' || !first.answer) return;
  const page = first.answer as CheckedInspection;
  const on = fileWords(file);
  const asking: Promise<unknown>[] = [];
  if (typeof page.next === 'number')
    asking.push(ask(`the next page of ${on} (offset ${page.next})`, { ...request, params: { ...request.params, offset: page.next } }));
  const word = await wordOf(file.path).catch(() => undefined);
  if (word) asking.push(find(word, on, request, ask));
  await Promise.all(asking);
}

async function find(word: string, on: string, request: FollowUp['request'], ask: FollowUp['ask']): Promise<void> {
  const judge: AnswerJudge = (outcome) => foundFault(outcome.answer as CheckedInspection | null, word);
  const found = await ask(`a find of "${word}" in ${on}`, { ...request, params: { ...request.params, offset: 0, query: word } }, { judge });
  if (found.outcome !== 'answered' || !found.answer) return;
  const position = (found.answer as CheckedInspection).position;
  await ask(
    `Find again of "${word}" in ${on} (offset ${position + 1})`,
    { ...request, params: { ...request.params, offset: position + 1, query: word } },
    {
      // Whether there is another is the file's to say; a position that stays is wrong whatever it says.
      judge: (again) =>
        (again.answer as CheckedInspection | null)?.position === position
          ? `answered position ${position} again: Find again asks from just after the last place found, and a position that does not move finds the same place forever`
          : undefined,
    },
  );
}
