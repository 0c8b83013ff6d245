// Above the pages: which page is read and a field to go to another, the zoom (fitted, or steps of
// the pages' own size), and the search across pages with its progress and the previous and next match.
import { useMemo, useState } from 'react';
import { zoomStep, type PageZoom } from './page-layout';
import type { Words } from '../../words/words';
import { useWords } from '../use-words';
import type { PageSearch } from './use-page-search';

export interface ReaderToolbarProps {
  page: number;
  pages: number;
  goTo: (page: number) => void;
  search: PageSearch;
  find: (query: string) => void;
  step: (by: 1 | -1) => void;
  zoom: PageZoom;
  /** The page read's scale, fitted or zoomed: what the zoom steps from. */
  scale: number;
  setZoom: (zoom: PageZoom) => void;
}

export function ReaderToolbar({ page, pages, goTo, search, find, step, zoom, scale, setZoom }: ReaderToolbarProps) {
  const words = useWords();
  /** What the person is typing in the page field; null shows the page read. */
  const [draft, setDraft] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  const go = () => {
    const wanted = Number.parseInt(draft ?? '', 10);
    if (Number.isFinite(wanted)) goTo(Math.min(pages, Math.max(1, wanted)));
    setDraft(null);
  };
  const searchOn = query === search.query && search.query !== '';
  // Worded once a page, not once a frame: numbers in words go through Intl, which is slow to start.
  const count = useMemo(() => words.pageOfCount(page, pages), [words, page, pages]);

  return (
    <div className="toolbar reader-toolbar">
      {/* noValidate: a page past the last goes to the last rather than being refused. */}
      <form className="reader-go" noValidate onSubmit={(event) => (event.preventDefault(), go())}>
        <span className="reader-count" data-page={page}>
          {count}
        </span>
        <input
          type="number"
          className="reader-page-field"
          aria-label={words.pageNumber}
          min={1}
          max={pages}
          value={draft ?? String(page)}
          onFocus={() => setDraft(String(page))}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => {
            // Leaving for the Go button keeps what was typed, for it to go there.
            if (!event.currentTarget.form?.contains(event.relatedTarget)) setDraft(null);
          }}
        />
        <button type="submit" className="button small">
          {words.goToPage}
        </button>
      </form>
      <div className="reader-zoom" role="group" aria-label={words.zoom}>
        <button type="button" className="button small" aria-label={words.zoomOut} title={words.zoomOut} onClick={() => setZoom(zoomStep(scale, -1))}>
          −
        </button>
        <span className="reader-zoom-percent" data-zoom={zoom}>
          {words.percent(scale)}
        </span>
        <button type="button" className="button small" aria-label={words.zoomIn} title={words.zoomIn} onClick={() => setZoom(zoomStep(scale, 1))}>
          +
        </button>
        <button type="button" className="button small" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          {words.fitPages}
        </button>
      </div>
      <span className="toolbar-spacer" />
      <form
        role="search"
        className="reader-search"
        onSubmit={(event) => {
          event.preventDefault();
          // Enter again on the same words goes to the next match.
          if (searchOn && search.matches.length > 0) step(1);
          else find(query);
        }}
      >
        <input
          type="search"
          className="toolbar-search"
          aria-label={words.findInPages}
          placeholder={words.findInPages}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            if (event.target.value === '') find('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.shiftKey && searchOn) {
              event.preventDefault();
              step(-1);
            }
          }}
        />
        <button type="submit" className="button small">
          {words.find}
        </button>
        <button
          type="button"
          className="button small"
          aria-label={words.previousMatch}
          title={words.previousMatch}
          disabled={search.matches.length === 0}
          onClick={() => step(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="button small"
          aria-label={words.nextMatch}
          title={words.nextMatch}
          disabled={search.matches.length === 0}
          onClick={() => step(1)}
        >
          ↓
        </button>
        <span className="reader-search-state" role="status">
          {searchState(words, search, pages)}
        </span>
      </form>
    </div>
  );
}

function searchState(words: Words, search: PageSearch, pages: number): string {
  if (search.query === '') return '';
  const parts: string[] = [];
  if (!search.done) parts.push(words.searching(Math.min(pages, search.searched + 1), pages));
  if (search.matches.length > 0) parts.push(words.matchOfCount(search.current + 1, search.matches.length));
  else if (search.done) parts.push(words.noMatch(search.query));
  if (search.done && search.unreadable > 0) parts.push(words.pagesUnsearched(search.unreadable));
  return parts.join(' · ');
}
