// happy-dom lays nothing out: every box measures 0, so the reader would see a column of no size and
// draw nothing. This gives the reader's scrolling column a window's size (the rest is worked out by
// page-layout.ts, not measured) and a device pixel ratio, for tests.
import { standInSizes } from './layout';

export function readerLayoutStandIn(size: { width: number; height: number; pixelRatio?: number }): () => void {
  const restoreSizes = standInSizes((element) => (element.classList.contains('reader-scroller') ? size : undefined));
  const ratio = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => size.pixelRatio ?? 1 });
  return () => {
    restoreSizes();
    if (ratio) Object.defineProperty(window, 'devicePixelRatio', ratio);
  };
}
