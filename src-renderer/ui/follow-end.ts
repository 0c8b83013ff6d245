// Keeps a virtualized list at its end while it follows, the way a terminal does: scrolling up stops
// following, scrolling back to the end resumes it. Only the person's upward scrolls count, so the
// list's own size corrections never turn following off.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

const nearEndPx = 24;

export function useFollowEnd(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scroller: React.RefObject<HTMLDivElement | null>,
  count: number,
  follow: boolean,
  setFollow: (follow: boolean) => void,
) {
  const lastTop = useRef(0);

  useEffect(() => {
    if (follow && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [follow, count, virtualizer]);

  // The list's own height changes too (the services panel below it grows): a following list keeps its end in view.
  const following = useRef({ follow, count });
  useLayoutEffect(() => {
    following.current = { follow, count };
  }, [follow, count]);
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let height = element.clientHeight;
    const observer = new ResizeObserver(() => {
      const { follow: on, count: rows } = following.current;
      if (element.clientHeight !== height && on && rows > 0) virtualizer.scrollToIndex(rows - 1, { align: 'end' });
      height = element.clientHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, virtualizer]);

  return () => {
    const element = scroller.current;
    if (!element) return;
    const top = element.scrollTop;
    const atEnd = element.scrollHeight - top - element.clientHeight <= nearEndPx;
    if (top < lastTop.current - 1 && !atEnd && follow) setFollow(false);
    else if (atEnd && !follow) setFollow(true);
    lastTop.current = top;
  };
}
