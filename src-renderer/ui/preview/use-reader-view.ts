// The reader's view of its column: how far down it is scrolled, how wide and high it is, and the
// device pixel ratio, read at most once a frame while scrolling and again whenever it is resized.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface ReaderView {
  top: number;
  width: number;
  height: number;
  pixelRatio: number;
}

const viewOf = (element: HTMLElement): ReaderView => ({
  top: element.scrollTop,
  width: element.clientWidth,
  height: element.clientHeight,
  pixelRatio: window.devicePixelRatio || 1,
});

const same = (a: ReaderView, b: ReaderView) => a.top === b.top && a.width === b.width && a.height === b.height && a.pixelRatio === b.pixelRatio;

export function useReaderView(scrollerRef: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<ReaderView>({ top: 0, width: 0, height: 0, pixelRatio: 1 });
  const frame = useRef(0);

  const measure = useCallback(() => {
    const element = scrollerRef.current;
    if (element)
      setView((before) => {
        const now = viewOf(element);
        return same(before, now) ? before : now;
      });
  }, [scrollerRef]);

  useLayoutEffect(() => {
    measure();
    const element = scrollerRef.current;
    if (!element) return;
    const onScroll = () => {
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        measure();
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resized?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
      window.removeEventListener('resize', measure);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [scrollerRef, measure]);

  /** Scrolls the column to `y` and takes the new place at once (not a frame later). */
  const scrollTo = useCallback(
    (y: number) => {
      const element = scrollerRef.current;
      if (!element) return;
      element.scrollTop = Math.max(0, y);
      measure();
    },
    [scrollerRef, measure],
  );

  return { view, scrollTo };
}
