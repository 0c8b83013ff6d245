// happy-dom lays nothing out: every box measures 0, so the reader would see a column of no size and
// draw nothing. This gives the reader's scrolling column a window's size (the rest is worked out by
// page-layout.ts, not measured) and a device pixel ratio, for tests.
export function readerLayoutStandIn(size: { width: number; height: number; pixelRatio?: number }): () => void {
  const proto = HTMLElement.prototype;
  const names = ['clientWidth', 'clientHeight'] as const;
  const originals = names.map((name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    return [name, own, own ?? Object.getOwnPropertyDescriptor(Element.prototype, name)] as const;
  });
  for (const [name, , original] of originals) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('reader-scroller')) return name === 'clientWidth' ? size.width : size.height;
        return original?.get?.call(this) ?? 0;
      },
    });
  }
  const ratio = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => size.pixelRatio ?? 1 });
  return () => {
    for (const [name, own] of originals) {
      if (own) Object.defineProperty(proto, name, own);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
    if (ratio) Object.defineProperty(window, 'devicePixelRatio', ratio);
  };
}
