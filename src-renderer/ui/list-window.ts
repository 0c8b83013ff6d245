// A long list drawn as a window on it, as the log is: the items in view and a few around them
// (tanstack's virtualizer), with the room the others take left before and after, so the scroll bar
// is the whole list's. 10,000 rows of an inspection drawn whole froze the window. A short list is
// drawn whole: a page of hex (256 rows) stays plain markup that find-in-page and a reader see all of.
// The list may sit below other content in its scroller (a table below paragraphs): its offset there
// is measured after each layout and given to the virtualizer as its scroll margin.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** From this many items a list is drawn as a window on it. */
export const LONG_LIST = 200;

export interface ListWindow {
  /** Drawn as a window on it; else whole. */
  long: boolean;
  /** The items to draw, in order. */
  indices: number[];
  /** Pixels the items not drawn take before and after those drawn. */
  before: number;
  after: number;
  /** Set on each drawn item (with data-index) so a row taller than the estimate is measured. */
  measure: ((element: Element | null) => void) | undefined;
  /** Brings an item into view, drawn or not. */
  scrollTo: (index: number) => void;
}

const everyIndex = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/**
 * `scroller`: the element that scrolls; `list`: the list's first item's container (a tbody, an ol),
 * whose offset in the scroller is the list's start. `itemHeight`: the estimate before measuring;
 * `gap`: the room the list's style leaves between two items.
 */
export function useListWindow(
  count: number,
  scroller: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  itemHeight: number,
  gap = 0,
): ListWindow {
  const long = count >= LONG_LIST;
  const [margin, setMargin] = useState(0);
  const virtualizer = useVirtualizer({
    count,
    enabled: long,
    getScrollElement: () => scroller.current,
    estimateSize: () => itemHeight,
    overscan: 20,
    gap,
    scrollMargin: margin,
    initialRect: { width: 800, height: 600 },
  });
  // After every layout: what sits above the list may change its height without the list knowing.
  // The offset is set only when it moved, so this settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const box = scroller.current;
    const start = list.current;
    if (!long || !box || !start) return;
    const offset = Math.round(start.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop);
    if (offset !== margin) setMargin(offset);
  });
  if (!long) return { long, indices: everyIndex(count), before: 0, after: 0, measure: undefined, scrollTo: () => undefined };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    long,
    indices: items.map((item) => item.index),
    before: first ? first.start - margin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : virtualizer.getTotalSize(),
    measure: virtualizer.measureElement,
    scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
  };
}
