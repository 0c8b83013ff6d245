// cmdk 1.1.1 writes the combobox's aria-activedescendant from a selection one step old: absent when
// the palette opens, and naming a row filtered away (or another row) once the person types
// (dip/cmdk issue 413, fix pending in its pull request 411). A screen reader then announces the wrong
// row, and the attribute names an element that is not there. Until cmdk is fixed, the palette points
// it at the row cmdk marks aria-selected, every time the rows or that mark change.
import { useEffect, type RefObject } from 'react';

export function useActiveDescendant(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const sync = () => {
      const selected = element.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]');
      for (const owner of element.querySelectorAll<HTMLElement>('[cmdk-input], [cmdk-list]')) {
        const id = selected?.id;
        if (id && owner.getAttribute('aria-activedescendant') !== id) owner.setAttribute('aria-activedescendant', id);
        if (!id && owner.hasAttribute('aria-activedescendant')) owner.removeAttribute('aria-activedescendant');
      }
    };
    const observer = new MutationObserver(sync);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'aria-activedescendant'] });
    sync();
    return () => observer.disconnect();
  }, [root]);
}
