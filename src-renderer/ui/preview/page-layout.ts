// Where each page of the reader lies in its scrolling column, worked out rather than measured: every
// page's box is its own size (a page not yet asked takes the first page's) fitted to the column's
// width and never enlarged past it, as Quick Look shows a page, or that size times the zoom the
// person chose; so which pages are in view, near it or far from it is arithmetic over the boxes'
// tops (a binary search), the same in a test as in the window, and the jump to a page is its top.

export interface PageSize {
  width: number;
  height: number;
}

/** Space between pages and around the column, in CSS pixels. */
export const PAGE_GAP = 16;
/** The narrowest a page's box is fitted to, however narrow the window (a smaller page stays its size). */
const MIN_FIT_WIDTH = 120;

/** 'fit': each page at its own size, made smaller to fit the column's width; a number: its own size times that. */
export type PageZoom = 'fit' | number;

/** The zooms a person steps through, as a share of a page's own size. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8] as const;

/** The next zoom step in or out from a scale (a fitted page's), or the scale itself at either end. */
export function zoomStep(scale: number, way: 1 | -1): number {
  const next = way > 0 ? ZOOM_STEPS.find((step) => step > scale + 1e-6) : [...ZOOM_STEPS].reverse().find((step) => step < scale - 1e-6);
  return next ?? scale;
}
/** Pictures are asked at a longest side rounded up to a step, so that a window resized a little is
 * answered from the host's cache rather than drawn again. */
export const SIDE_STEP = 256;
/** The largest side asked: a page past it is drawn at this and scaled. */
export const MAX_SIDE = 8192;

export interface PageLayout {
  count: number;
  /** Index 0 is page 1. */
  tops: Float64Array;
  widths: Float64Array;
  heights: Float64Array;
  /** Each page's box over its own size: above 1 it is shown enlarged (drawn pixelated). */
  scales: Float64Array;
  /** The column's whole height. */
  total: number;
  /** The column's width: the view's, or the widest box and its gaps when wider. */
  columnWidth: number;
}

/** First to last page (from 1), both included; empty when first > last. */
export interface PageRange {
  first: number;
  last: number;
}

/** A page's box scale: fitted to the room without enlarging, or the zoom. */
export const scaleOf = (size: PageSize, room: number, zoom: PageZoom): number =>
  zoom === 'fit' ? Math.min(1, Math.max(MIN_FIT_WIDTH, room) / Math.max(1, size.width)) : zoom;

export function layOutPages(count: number, columnWidth: number, sizeOf: (page: number) => PageSize, zoom: PageZoom = 'fit'): PageLayout {
  const room = Math.floor(columnWidth - 2 * PAGE_GAP);
  const tops = new Float64Array(count);
  const widths = new Float64Array(count);
  const heights = new Float64Array(count);
  const scales = new Float64Array(count);
  let y = PAGE_GAP;
  let widest = 0;
  for (let i = 0; i < count; i++) {
    const size = sizeOf(i + 1);
    const scale = scaleOf(size, room, zoom);
    tops[i] = y;
    scales[i] = scale;
    widths[i] = Math.max(1, Math.round(size.width * scale));
    heights[i] = Math.max(1, Math.round(size.height * scale));
    widest = Math.max(widest, widths[i]!);
    y += heights[i]! + PAGE_GAP;
  }
  return { count, tops, widths, heights, scales, total: y, columnWidth: Math.max(columnWidth, widest + 2 * PAGE_GAP) };
}

/** Where a page's box starts across the column: centred in it. */
export const leftOf = (layout: PageLayout, page: number): number => Math.max(PAGE_GAP, Math.round((layout.columnWidth - layout.widths[page - 1]!) / 2));

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

/**
 * The page being read: the one the view shows most of (the earlier on a tie), the last once scrolled
 * to the end; before any scrolling, the first when it is whole in view.
 */
export function pageInView(layout: PageLayout, top: number, height: number): number {
  if (layout.count === 0) return 0;
  const { first, last } = pagesBetween(layout, top, top + height);
  // Not scrolled, the first page whole in view: it is the one read, however many more show below.
  if (top <= 0 && layout.tops[0]! + layout.heights[0]! <= height) return 1;
  if (top > 0 && top + height >= layout.total - 1 && last === layout.count) {
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
  const longest = Math.max(layout.widths[page - 1] ?? 0, layout.heights[page - 1] ?? 0) * Math.max(1, devicePixelRatio);
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
