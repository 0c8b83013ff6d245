// Beside the pages: the matches of a search, each with a few words around it, and the file's outline;
// each moves to its place.
import { memo } from 'react';
import type { OutlineEntry } from '../../../src-shared/skwir/types';
import { useWords } from '../use-words';
import type { PageStore } from './page-store';
import { matchContext, pageTextOf } from './page-text';
import type { PageSearch } from './use-page-search';

export interface ReaderSideProps {
  outline: readonly OutlineEntry[];
  search: PageSearch;
  store: PageStore;
  goTo: (page: number) => void;
  choose: (match: number) => void;
}

/** Matches listed at most: a search for "e" in a long file finds tens of thousands. */
const MATCHES_LISTED = 500;

export const ReaderSide = memo(function ReaderSide({ outline, search, store, goTo, choose }: ReaderSideProps) {
  const words = useWords();
  return (
    <aside className="reader-side">
      {search.matches.length > 0 && (
        <section className="reader-matches" aria-label={words.matchesHeading}>
          <h3 className="section-title">{words.matchesHeading}</h3>
          <ol>
            {search.matches.slice(0, MATCHES_LISTED).map((match, i) => {
              const runs = store.entry(match.page)?.words?.text;
              const context = runs ? matchContext(pageTextOf(runs).text, match.start, match.end) : undefined;
              return (
                <li key={`${match.page}:${match.start}`}>
                  <button type="button" className="reader-side-entry" aria-current={i === search.current ? 'true' : undefined} onClick={() => choose(i)}>
                    <span className="reader-match-page">{words.pageLabel(match.page)}</span>
                    {context && (
                      <span className="reader-match-context">
                        {context.before}
                        <mark>{context.match}</mark>
                        {context.after}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {outline.length > 0 && (
        <nav className="reader-outline" aria-label={words.outlineHeading}>
          <h3 className="section-title">{words.outlineHeading}</h3>
          <ul>
            {outline.map((entry, i) => (
              <li key={i} style={{ paddingLeft: `${(entry.depth ?? 0) * 12}px` }}>
                {entry.page !== undefined ? (
                  <button type="button" className="reader-side-entry" onClick={() => goTo(entry.page!)}>
                    {entry.title}
                  </button>
                ) : (
                  <span className="reader-side-entry">{entry.title}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </aside>
  );
});
