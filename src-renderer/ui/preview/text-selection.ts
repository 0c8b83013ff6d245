// What a selection over the reader's text layers copies: the selected part of each run, in reading
// order, joined as the protocol says a page's text is (a space within a line, a break between lines),
// rather than the browser's own joining of absolutely placed boxes (a break after every run).
import type { TextRun } from '../../../src-shared/skwir/types';
import { joinedPieces } from './page-text';

/** Run elements carry `data-page` and `data-run` (its index in the page's runs). */
export const RUN_SELECTOR = '.reader-run';

/** The selected text of one run element, or '' when the range does not reach it. */
function selectedIn(range: Range, element: Element): string {
  if (!range.intersectsNode(element)) return '';
  const part = document.createRange();
  part.selectNodeContents(element);
  if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0) part.setStart(range.startContainer, range.startOffset);
  if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0) part.setEnd(range.endContainer, range.endOffset);
  return part.toString();
}

/** The selection's text within `root`'s runs; '' when it holds none of them. */
export function selectedPageText(selection: Selection, root: Element, runsOf: (page: number) => readonly TextRun[] | undefined): string {
  const pieces: { page: number; run: TextRun; text: string }[] = [];
  const elements = [...root.querySelectorAll<HTMLElement>(RUN_SELECTOR)];
  for (let r = 0; r < selection.rangeCount; r++) {
    const range = selection.getRangeAt(r);
    for (const element of elements) {
      const page = Number(element.dataset.page);
      const run = runsOf(page)?.[Number(element.dataset.run)];
      const text = run ? selectedIn(range, element) : '';
      if (run && text) pieces.push({ page, run, text });
    }
  }
  return joinedPieces(pieces);
}
