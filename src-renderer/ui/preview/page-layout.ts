// Where each page of the reader lies in its scrolling column, worked out rather than measured: every
// page's box is the column's width and its own proportions (a page not yet asked takes the first
// page's), so which pages are in view, near it or far from it is arithmetic over the boxes' tops
// (a binary search), the same in a test as in the window, and the jump to a page is its top.

export interface PageSize {
  width: number;
  height: number;
}

/** Space between pages and around the column, in CSS pixels. */
export const PAGE_GAP = 16;
/** The narrowest a page's box gets, however narrow the window. */
const MIN_BOX_WIDTH = 120;
/** Pictures are asked at a longest side rounded up to a step, so that a window resized a little is
 * answered from the host's cache rather than drawn again. */
export const SIDE_STEP = 256;
/** The largest side asked: a page past it is drawn at this and scaled. */
export const MAX_SIDE = 8192;

export interface PageLayout {
  count: number;
  boxWidth: number;
  /** Index 0 is page 1. */
  tops: Float64Array;
  heights: Float64Array;
  /** The column's whole height. */
  total: number;
}

/** First to last page (from 1), both included; empty when first > last. */
export interface PageRange {
  first: number;
  last: number;
}

export function layOutPages(count: number, columnWidth: number, sizeOf: (page: number) => PageSize): PageLayout {
  const boxWidth = Math.max(MIN_BOX_WIDTH, Math.floor(columnWidth - 2 * PAGE_GAP));
  const tops = new Float64Array(count);
  const heights = new Float64Array(count);
  let y = PAGE_GAP;
  for (let i = 0; i < count; i++) {
    const size = sizeOf(i + 1);
    tops[i] = y;
    heights[i] = Math.max(1, Math.round((boxWidth * size.height) / size.width));
    y += heights[i]! + PAGE_GAP;
  }
  return { count, boxWidth, tops, heights, total: y };
}

/** The first index whose value is above `y`, in ascending values. */
function firstAbove(values: (i: number) => number, count: number, y: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values(middle) > y) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The pages any part of which lies between `from` and `to` (pixels down the column). */
export function pagesBetween(layout: PageLayout, from: number, to: number): PageRange {
  const { tops, heights, count } = layout;
  const first = firstAbove((i) => tops[i]! + heights[i]!, count, from) + 1;
  const last = firstAbove((i) => tops[i]!, count, to - 1e-6);
  return { first, last: Math.min(last, count) };
}

/** The page being read: the one the view shows most of (the earlier on a tie), the last at the end. */
export function pageInView(layout: PageLayout, top: number, height: number): number {
  if (layout.count === 0) return 0;
  const { first, last } = pagesBetween(layout, top, top + height);
  if (top + height >= layout.total - 1 && last === layout.count) {
    const i = last - 1;
    if (layout.tops[i]! >= top) return last;
  }
  let best = Math.min(Math.max(first, 1), layout.count);
  let bestShown = -1;
  for (let page = first; page <= last; page++) {
    const i = page - 1;
    const shown = Math.min(top + height, layout.tops[i]! + layout.heights[i]!) - Math.max(top, layout.tops[i]!);
    if (shown > bestShown + 0.5) {
      best = page;
      bestShown = shown;
    }
  }
  return best;
}

/** The side to ask a page's picture at: its box's longest side in device pixels, rounded up to a step. */
export function pictureSide(layout: PageLayout, page: number, devicePixelRatio: number): number {
  const longest = Math.max(layout.boxWidth, layout.heights[page - 1] ?? 0) * Math.max(1, devicePixelRatio);
  return Math.min(MAX_SIDE, Math.max(SIDE_STEP, Math.ceil(longest / SIDE_STEP) * SIDE_STEP));
}

/** A place in the column as a page and how far into it: what stays put when pages change size. */
export interface PagePlace {
  page: number;
  fraction: number;
}

export function placeAt(layout: PageLayout, y: number): PagePlace {
  if (layout.count === 0) return { page: 1, fraction: 0 };
  const page = Math.max(
    1,
    firstAbove((i) => layout.tops[i]!, layout.count, y),
  );
  const i = page - 1;
  return { page, fraction: (y - layout.tops[i]!) / layout.heights[i]! };
}

export function yOf(layout: PageLayout, place: PagePlace): number {
  const i = Math.min(place.page, layout.count) - 1;
  if (i < 0) return 0;
  return layout.tops[i]! + place.fraction * layout.heights[i]!;
}
