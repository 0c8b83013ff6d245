// The pages reader (docs/design/skwir.md): a file a plugin shows a page at a time, read as a PDF is.
// It asks the page count and outline first, then lays every page out at its own size, made smaller
// to fit the column's width but never enlarged unless the person zooms, and draws only those near
// the view, each for its box and the pixel ratio,
// releasing the pictures of pages far from it (page-store.ts). Over each picture, its text to select
// and copy; a search across pages; links that move to their page, or open an address only when the
// plugin is granted network; the outline beside; which page is read, and a field to go to one.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { OutlineEntry, PageLink } from '../../../src-shared/skwir/types';
import { layOutPages, leftOf, PAGE_GAP, pageInView, pagesBetween, pictureSide, placeAt, yOf, type PageSize, type PageZoom } from './page-layout';
import { useWords } from '../use-words';
import type { PageSource } from './page-source';
import { PageStore, type PictureWish } from './page-store';
import { pageTextOf, stretchBoxes } from './page-text';
import { ReaderPage, type PageMark } from './ReaderPage';
import { ReaderSide } from './ReaderSide';
import { ReaderToolbar } from './ReaderToolbar';
import { selectedPageText } from './text-selection';
import { usePageSearch, type FoundMatch } from './use-page-search';
import { useReaderView } from './use-reader-view';
import './preview.css';

export type { PageSource } from './page-source';

/** A page's size until the plugin gives one: a letter page. */
const UNKNOWN_SIZE: PageSize = { width: 612, height: 792 };
const noMarks: readonly PageMark[] = [];
const noSubscription = () => () => {};
const noVersion = () => -1;
/** Each store's own key: another file's pages start afresh (search, notice, place). */
const storeKeys = new WeakMap<PageStore, number>();
let storesMade = 0;
function storeKey(store: PageStore): number {
  let key = storeKeys.get(store);
  if (key === undefined) storeKeys.set(store, (key = ++storesMade));
  return key;
}

/**
 * `source` is the file: a new one starts the reader afresh (a new count, no pictures), so keep one
 * for as long as the same file is shown (useMemo on the plugin and the path).
 */
export function PageReader({ source, network, onOpenUri }: { source: PageSource; network: boolean; onOpenUri?: (uri: string) => void }) {
  const words = useWords();
  const [store, setStore] = useState<PageStore>();
  useEffect(() => {
    const made = new PageStore(source);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the store is this effect's, disposed of by it; state hands it to the render
    setStore(made);
    void made.begin();
    return () => made.dispose();
  }, [source]);
  useSyncExternalStore(store?.subscribe ?? noSubscription, store?.version ?? noVersion);
  const start = store?.start ?? { state: 'counting' as const };

  if (!store || start.state !== 'ready') {
    return (
      <div className="reader reader-waiting" data-state={start.state}>
        {start.state === 'failed' ? (
          <p className="problem" role="alert">
            {words.pagesFailed(start.message)}
          </p>
        ) : (
          <p className="muted" role="status">
            {start.state === 'none' ? words.noPages : words.countingPages}
          </p>
        )}
      </div>
    );
  }
  return <ReaderPages key={storeKey(store)} store={store} pages={start.pages} outline={start.outline} network={network} onOpenUri={onOpenUri} />;
}

interface ReaderPagesProps {
  store: PageStore;
  pages: number;
  outline: readonly OutlineEntry[];
  network: boolean;
  onOpenUri?: (uri: string) => void;
}

function ReaderPages({ store, pages, outline, network, onOpenUri }: ReaderPagesProps) {
  const words = useWords();
  useSyncExternalStore(store.subscribe, store.version);
  const sizes = store.sizeVersion();
  const scroller = useRef<HTMLDivElement>(null);
  const { view, scrollTo } = useReaderView(scroller);
  const [notice, setNotice] = useState('');
  const [zoom, setZoom] = useState<PageZoom>('fit');

  const layout = useMemo(() => {
    const first = store.entry(1)?.size ?? UNKNOWN_SIZE;
    return layOutPages(pages, view.width, (page) => store.entry(page)?.size ?? first, zoom);
  }, [store, pages, view.width, sizes, zoom]); // eslint-disable-line react-hooks/exhaustive-deps
  const layoutNow = useRef(layout);
  const viewNow = useRef(view);
  useLayoutEffect(() => {
    viewNow.current = view;
  }, [view]);

  // Pages that learn their size move the ones below: the page being read stays where it was.
  useLayoutEffect(() => {
    const before = layoutNow.current;
    layoutNow.current = layout;
    const element = scroller.current;
    if (before === layout || !element) return;
    const y = yOf(layout, placeAt(before, element.scrollTop));
    if (Math.abs(y - element.scrollTop) >= 1) scrollTo(y);
  }, [layout, scrollTo]);

  const { top, height } = view;
  const measured = view.width > 0 && height > 0;
  const near = pagesBetween(layout, top - height, top + 2 * height);
  const kept = measured ? pagesBetween(layout, top - 3 * height, top + 4 * height) : { first: 1, last: 0 };
  const current = measured ? pageInView(layout, top, height) : 1;

  useEffect(() => {
    if (!measured) return;
    const middle = top + height / 2;
    const distance = (page: number) => Math.abs(layout.tops[page - 1]! + layout.heights[page - 1]! / 2 - middle);
    const wishes: PictureWish[] = [];
    for (let page = near.first; page <= near.last; page++) wishes.push({ page, side: pictureSide(layout, page, view.pixelRatio) });
    wishes.sort((a, b) => distance(a.page) - distance(b.page));
    store.want(wishes, kept);
  }, [store, layout, measured, near.first, near.last, kept.first, kept.last, view.pixelRatio]); // eslint-disable-line react-hooks/exhaustive-deps

  const goTo = useCallback(
    (page: number) => {
      const at = layoutNow.current.tops[page - 1];
      if (at !== undefined) scrollTo(at - PAGE_GAP / 2);
    },
    [scrollTo],
  );

  const reveal = useCallback(
    (match: FoundMatch) => {
      const { tops, heights } = layoutNow.current;
      const runs = store.entry(match.page)?.words?.text;
      const box = runs ? stretchBoxes(runs, pageTextOf(runs), match.start, match.end)[0] : undefined;
      const y = tops[match.page - 1]! + (box ? box.y * heights[match.page - 1]! : 0);
      scrollTo(y - viewNow.current.height / 3);
    },
    [store, scrollTo],
  );

  const { search, find, choose, step } = usePageSearch(store, pages, reveal);

  // The match shown is the search's `current`, a number the hooks rules would take for a ref's.
  const { matches, current: shownMatch } = search;
  const marks = useMemo(() => {
    const byPage = new Map<number, PageMark[]>();
    matches.forEach((match, i) => {
      const runs = store.entry(match.page)?.words?.text;
      if (match.page < kept.first || match.page > kept.last || !runs) return;
      const list = byPage.get(match.page) ?? [];
      for (const box of stretchBoxes(runs, pageTextOf(runs), match.start, match.end)) list.push({ ...box, current: i === shownMatch });
      byPage.set(match.page, list);
    });
    return byPage;
  }, [store, matches, shownMatch, kept.first, kept.last]);

  const linkRules = useRef({ network, onOpenUri, words });
  useLayoutEffect(() => {
    linkRules.current = { network, onOpenUri, words };
  }, [network, onOpenUri, words]);
  const onLink = useCallback(
    (link: PageLink) => {
      const rules = linkRules.current;
      if (link.page !== undefined) return goTo(link.page);
      if (link.uri === undefined) return;
      if (!rules.network) return setNotice(rules.words.linkRefused(link.uri));
      if (!rules.onOpenUri) return setNotice(rules.words.linkNotOpened(link.uri));
      setNotice('');
      rules.onOpenUri(link.uri);
    },
    [goTo],
  );

  const onCopy = (event: React.ClipboardEvent<HTMLDivElement>) => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed) return;
    const text = selectedPageText(selection, event.currentTarget, (page) => store.entry(page)?.words?.text);
    if (text === '') return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  };

  const shown: number[] = [];
  for (let page = kept.first; page <= kept.last; page++) shown.push(page);

  return (
    <div className="reader" data-pages={pages}>
      <ReaderToolbar
        page={current}
        pages={pages}
        goTo={goTo}
        search={search}
        find={(query) => void find(query)}
        step={step}
        zoom={zoom}
        scale={layout.scales[current - 1] ?? 1}
        setZoom={setZoom}
      />
      <p className="reader-notice" role="status">
        {notice}
      </p>
      <div className="reader-body">
        {(outline.length > 0 || search.matches.length > 0) && <ReaderSide outline={outline} search={search} store={store} goTo={goTo} choose={choose} />}
        <div ref={scroller} className="reader-scroller" role="region" aria-label={words.pagesList} tabIndex={0} data-current-page={current} onCopy={onCopy}>
          <div className="reader-column" style={{ height: layout.total, width: layout.columnWidth }}>
            {shown.map((page) => {
              const entry = store.entry(page);
              return (
                <ReaderPage
                  key={page}
                  page={page}
                  top={layout.tops[page - 1]!}
                  left={leftOf(layout, page)}
                  width={layout.widths[page - 1]!}
                  height={layout.heights[page - 1]!}
                  enlarged={layout.scales[page - 1]! > 1}
                  picture={entry?.picture?.url}
                  words={entry?.words}
                  failure={entry?.failure}
                  marks={marks.get(page) ?? noMarks}
                  onLink={onLink}
                  labels={words}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
