// How high a preview may be to be seen whole: the height of the panel that scrolls it (the tab's),
// less what sits above the preview's body, followed as the window is resized. A preview given this
// height fills the window, whatever else the tab holds above it (the outline beside a reader no
// longer sets its height).
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The least a preview is given, in a window too small for more. */
export const MIN_ROOM = 320;
/** What sits above the preview's body in its own panel: its heading and gaps. */
const ABOVE = 48;

/** `shown`: whether the element is rendered now (measured again when it comes). */
export function useRoomHeight(element: RefObject<HTMLElement | null>, shown: boolean): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const panel = element.current?.closest<HTMLElement>('.tab-panel');
    if (!panel) return;
    const measure = () => {
      const style = getComputedStyle(panel);
      const inner = panel.clientHeight - parseFloat(style.paddingTop || '0') - parseFloat(style.paddingBottom || '0');
      setHeight(Math.max(MIN_ROOM, Math.floor(inner - ABOVE)));
    };
    measure();
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resized?.observe(panel);
    window.addEventListener('resize', measure);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, shown]);
  return height;
}
