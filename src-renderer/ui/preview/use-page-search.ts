// Search across a file's pages: each page's text read through the store (side 0, text only; the host
// caches, and pages already read are not asked again), matched case-insensitively, the matches listed
// as they are found, the first shown at once. A new search stops the one under way.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { findInText, pageTextOf } from './page-text';
import type { PageStore } from './page-store';

export interface FoundMatch {
  page: number;
  /** In the page's text as pageText joins it. */
  start: number;
  end: number;
}

export interface PageSearch {
  query: string;
  matches: FoundMatch[];
  /** The match shown, -1 for none. */
  current: number;
  /** Pages searched so far. */
  searched: number;
  done: boolean;
  unreadable: number;
}

const idle: PageSearch = { query: '', matches: [], current: -1, searched: 0, done: true, unreadable: 0 };
/** How often a search under way shows its progress: often enough to look alive, seldom enough to cost nothing. */
const PUBLISH_MS = 100;

export function usePageSearch(store: PageStore | undefined, pages: number, show: (match: FoundMatch) => void) {
  const [search, setSearch] = useState<PageSearch>(idle);
  const run = useRef(0);
  const latest = useRef(search);
  const showRef = useRef(show);
  useLayoutEffect(() => {
    latest.current = search;
    showRef.current = show;
  }, [search, show]);

  useEffect(() => () => void run.current++, [store]);

  const find = useCallback(
    async (query: string) => {
      const id = ++run.current;
      if (!store || query.trim() === '') return setSearch(idle);
      const matches: FoundMatch[] = [];
      let unreadable = 0;
      let current = -1;
      let published = 0;
      setSearch({ ...idle, query, done: false });
      for (let page = 1; page <= pages; page++) {
        const words = await store.words(page);
        if (run.current !== id) return;
        if ('text' in words) {
          const found = findInText(pageTextOf(words.text).text, query);
          for (const [start, end] of found) matches.push({ page, start, end });
        } else unreadable++;
        const firstFound = current < 0 && matches.length > 0;
        if (firstFound) current = 0;
        if (firstFound || page === pages || performance.now() - published > PUBLISH_MS) {
          published = performance.now();
          const shown = [...matches];
          // A match the person chose meanwhile stays chosen.
          setSearch((before) => ({
            query,
            matches: shown,
            current: before.query === query && before.current >= 0 ? before.current : current,
            searched: page,
            done: page === pages,
            unreadable,
          }));
          if (firstFound) showRef.current(matches[0]!);
        }
      }
      if (pages === 0) setSearch({ ...idle, query });
    },
    [store, pages],
  );

  const choose = useCallback((index: number) => {
    const { matches } = latest.current;
    if (matches.length === 0) return;
    const current = ((index % matches.length) + matches.length) % matches.length;
    setSearch((before) => ({ ...before, current }));
    showRef.current(matches[current]!);
  }, []);

  const step = useCallback((by: 1 | -1) => choose(latest.current.current + by), [choose]);

  return { search, find, choose, step };
}
