// happy-dom lays nothing out, so every box measures 0 and a virtualized list would draw no row.
// This gives scrolling lists a window's height and rows a line's, enough for the virtualizer
// (which reads clientHeight of the list and offsetHeight of each row).
const heights: [selector: string, height: number][] = [
  ['.log-scroller, .trace-scroller, .inspect-content, .plan-scroller, .converted-table-scroller', 600],
  ['.log-row', 20],
  ['.trace-row', 28],
  // The items of the lists drawn as a window on them (list-window.ts); the room left for the others keeps its own.
  ['.inspection-paragraph, .plan-step, tbody > tr:not(.list-room)', 20],
];

const heightOf = (element: HTMLElement) => heights.find(([selector]) => element.matches(selector))?.[1];

export function fakeLayout(): () => void {
  return standInSizes((element) => {
    const height = heightOf(element);
    return height === undefined ? undefined : { width: 800, height };
  });
}

/** Gives the elements `sizeOf` sizes (client and offset) those sizes, the others happy-dom's; returns the undoing. */
export function standInSizes(sizeOf: (element: HTMLElement) => { width: number; height: number } | undefined): () => void {
  const proto = HTMLElement.prototype;
  const originals = (['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const).map((name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    return [name, own, own ?? Object.getOwnPropertyDescriptor(Element.prototype, name)] as const;
  });
  for (const [name, , original] of originals) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        const size = sizeOf(this);
        if (size !== undefined) return name.endsWith('Height') ? size.height : size.width;
        return (original?.get?.call(this) as number | undefined) ?? 0;
      },
    });
  }
  return () => {
    for (const [name, own] of originals) {
      if (own) Object.defineProperty(proto, name, own);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  };
}
