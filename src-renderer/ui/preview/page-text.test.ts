import { describe, expect, it } from 'vitest';
import type { TextRun } from '../../../src-shared/skwir/types';
import { characterEdges, findInText, joinedPieces, matchContext, pageText, stretchBoxes } from './page-text';

const run = (text: string, x: number, y: number, width: number, edges?: number[]): TextRun => ({
  text,
  x,
  y,
  width,
  height: 0.04,
  ...(edges ? { edges } : {}),
});

describe('a page’s text', () => {
  it('places characters by their edges, else in equal parts of the run', () => {
    expect(characterEdges(run('abcd', 0.1, 0, 0.4))).toEqual([0.1, 0.2, 0.30000000000000004, 0.4, 0.5]);
    expect(characterEdges(run('ab', 0.1, 0, 0.4, [0.1, 0.4]))).toEqual([0.1, 0.4, 0.5]);
    // Counted in characters, not UTF-16 units.
    expect(characterEdges(run('a😀', 0, 0, 0.2))).toHaveLength(3);
  });

  it('joins two runs on one line with a space and lines with a break', () => {
    const runs = [run('Chapter', 0.1, 0.1, 0.2), run('one', 0.32, 0.105, 0.1), run('It begins.', 0.1, 0.2, 0.3)];
    expect(pageText(runs)).toEqual({ text: 'Chapter one\nIt begins.', starts: [0, 8, 12] });
  });

  it('finds a query whatever its case, across runs of a line, without overlaps', () => {
    expect(findInText('Chapter one\nIt begins. ONE more', 'One')).toEqual([
      [8, 11],
      [23, 26],
    ]);
    expect(findInText('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(findInText('abc', '  ')).toEqual([]);
    // A character whose lower case is longer (İ) is kept as it is, so indexes still point into the text.
    expect(findInText('İstanbul and istanbul', 'istanbul')).toEqual([[13, 21]]);
  });

  it('boxes a match on each run it touches, from the characters’ edges', () => {
    const runs = [run('Chapter', 0.1, 0.1, 0.7, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]), run('one', 0.82, 0.1, 0.12)];
    const text = pageText(runs);
    const [start, end] = findInText(text.text, 'ter on')[0]!;
    const boxes = stretchBoxes(runs, text, start, end);
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toEqual({ x: 0.5, y: 0.1, width: expect.closeTo(0.3, 6), height: 0.04 });
    expect(boxes[1]).toEqual({ x: 0.82, y: 0.1, width: expect.closeTo(0.08, 6), height: 0.04 });
  });

  it('shows a match with a few words around it on one line', () => {
    const text = 'a'.repeat(40) + '\nneedle\n' + 'b'.repeat(40);
    expect(matchContext(text, 41, 47, 5)).toEqual({ before: '…aaaa ', match: 'needle', after: ' bbbb…' });
  });

  it('copies selected parts as lines', () => {
    const first = run('Chapter', 0.1, 0.1, 0.2);
    const second = run('one', 0.32, 0.1, 0.1);
    const below = run('It begins', 0.1, 0.2, 0.3);
    expect(
      joinedPieces([
        { page: 1, run: first, text: 'pter' },
        { page: 1, run: second, text: 'one' },
        { page: 1, run: below, text: 'It' },
        { page: 2, run: first, text: 'Chapter' },
      ]),
    ).toBe('pter one\nIt\nChapter');
  });
});
