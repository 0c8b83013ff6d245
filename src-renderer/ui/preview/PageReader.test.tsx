// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TextRun } from '../../../src-shared/skwir/types';
import { fakePageSource, type FakePages } from './fake-page-source';
import { PageReader } from './PageReader';
import { readerLayoutStandIn } from '../../test/reader-layout-stand-in';
import { renderInWindow } from '../../test/render-preview';

// A column 632 wide and 600 high: pages of 600 x 800 are boxes of 600 x 800, one every 816 pixels
// from 16, drawn at a side of 1024.
let restoreLayout: () => void;
beforeAll(() => (restoreLayout = readerLayoutStandIn({ width: 632, height: 600 })));
afterAll(() => restoreLayout());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pageTop = (page: number) => 16 + (page - 1) * 816;

const runsOf = (page: number): TextRun[] => [
  { text: 'Hello', x: 0.1, y: 0.2, width: 0.5, height: 0.05, edges: [0.1, 0.2, 0.3, 0.4, 0.5] },
  { text: 'world', x: 0.62, y: 0.2, width: 0.2, height: 0.05 },
  { text: page === 7 || page === 40 ? `Needle on page ${page}` : `Page ${page} says nothing`, x: 0.1, y: 0.3, width: 0.6, height: 0.05 },
];

const fifty: FakePages = {
  pages: 50,
  text: runsOf,
  links: (page) =>
    page === 1
      ? [
          { x: 0.1, y: 0.9, width: 0.2, height: 0.03, page: 3 },
          { x: 0.5, y: 0.9, width: 0.3, height: 0.03, uri: 'https://example.com/' },
        ]
      : [],
  outline: [
    { title: 'Chapter 1', depth: 0, page: 1 },
    { title: 'Chapter 2', depth: 0, page: 20 },
    { title: 'Part', depth: 1 },
  ],
};

async function read(fake: FakePages = fifty, props: { network?: boolean; onOpenUri?: (uri: string) => void } = {}, language = 'en') {
  const source = fakePageSource(fake);
  const view = renderInWindow(<PageReader source={source} network={props.network ?? false} onOpenUri={props.onOpenUri} />, language);
  const scroller = await screen.findByRole('region', { name: 'Pages' }); // the same word in French
  return { ...view, source, scroller };
}

const pageBox = (page: number) => screen.getByRole('group', { name: `Page ${page}` });
const drawn = () => [...document.querySelectorAll<HTMLElement>('.reader-page[data-drawn="true"]')].map((box) => Number(box.dataset.page));
const pictureRequests = (source: { requests: { page: number; side: number }[] }) =>
  source.requests.filter((request) => request.side > 0).map((request) => request.page);

async function scrollTo(scroller: HTMLElement, y: number, page: number) {
  act(() => {
    scroller.scrollTop = y;
    fireEvent.scroll(scroller);
  });
  await waitFor(() => expect(scroller.dataset.currentPage).toBe(String(page)));
}

describe('the pages reader', () => {
  it('shows a page smaller than the column at its own size, centred, and zooms it in steps, drawn larger and pixelated', async () => {
    const { source } = await read({ pages: 3, size: () => ({ width: 32, height: 32 }) });
    await waitFor(() => expect(drawn()).toEqual([1, 2, 3]));
    expect(pageBox(1).style.width).toBe('32px');
    expect(pageBox(1).style.left).toBe(`${(632 - 32) / 2}px`);
    expect(pageBox(1).dataset.enlarged).toBeUndefined();
    expect(screen.getByText('Page 1 of 3')).toBeDefined();
    expect(screen.getByText('100%')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('150%')).toBeDefined();
    expect(pageBox(1).style.width).toBe('48px');
    expect(pageBox(1).dataset.enlarged).toBe('true');
    expect(screen.getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(pageBox(1).style.width).toBe('32px');
    // Never asked below the least side a picture is drawn at.
    expect(source.requests.filter((request) => request.side > 0).every((request) => request.side >= 256)).toBe(true);
  });

  it('asks the count first, then draws only the pages near the view, placeholders of the right size around them', async () => {
    const { source } = await read();
    expect(source.requests[0]).toEqual({ page: 1, side: 0, text: false });
    await waitFor(() => expect(drawn()).toEqual([1, 2]));
    expect(source.requests.slice(1)).toEqual([
      { page: 1, side: 1024, text: true },
      { page: 2, side: 1024, text: true },
    ]);
    // Page 3 is laid out, not drawn: a placeholder of its size.
    const third = pageBox(3);
    expect(third.dataset.drawn).toBe('false');
    expect(third.style.height).toBe('800px');
    expect(third.style.top).toBe(`${pageTop(3)}px`);
    expect(document.querySelectorAll('.reader-page')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 50')).toBeDefined();
  });

  it('draws pages as they scroll into view and releases the pictures of pages far from it', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { source, scroller } = await read();
    await waitFor(() => expect(drawn()).toEqual([1, 2]));
    const first = pageBox(1).querySelector('img')!.getAttribute('src');
    await scrollTo(scroller, pageTop(30), 30);
    await waitFor(() => expect(drawn()).toEqual([29, 30, 31]));
    expect(revoked).toHaveBeenCalledWith(first);
    expect(document.querySelectorAll('img')).toHaveLength(3);
    expect(screen.queryByRole('group', { name: 'Page 1' })).toBeNull();
    // Nothing between was asked: the jump went past it.
    expect(pictureRequests(source).sort((a, b) => a - b)).toEqual([1, 2, 29, 30, 31]);
    expect(screen.getByText('Page 30 of 50')).toBeDefined();
  });

  it('places the text layer by the runs’ fractions, each character by its edges', async () => {
    const uneven: TextRun = { text: 'Wil', x: 0.1, y: 0.5, width: 0.2, height: 0.05, edges: [0.1, 0.2, 0.22] };
    await read({ ...fifty, text: (page) => [...runsOf(page), uneven] });
    await waitFor(() => expect(pageBox(1).querySelectorAll('.reader-run')).toHaveLength(4));
    const [hello, world, , wil] = [...pageBox(1).querySelectorAll<HTMLElement>('.reader-run')];
    expect(hello!.style.left).toBe('10%');
    expect(hello!.style.top).toBe('20%');
    expect(hello!.style.width).toBe('50%');
    expect(hello!.style.height).toBe('5%');
    expect(hello!.style.lineHeight).toBe('40px'); // the run's 0.05 of 800 pixels
    // Evenly spaced edges: one span, its font's advance filling each 0.1 of 600 pixels (60 / 0.6).
    expect(hello!.style.fontSize).toBe('100px');
    expect(hello!.textContent).toBe('Hello');
    // Without edges, equal parts: 0.2 of 600 pixels in five.
    expect(world!.style.left).toBe('62%');
    expect(world!.style.fontSize).toBe('40px');
    // Uneven edges: a box a character, each its own size.
    const characters = [...wil!.querySelectorAll<HTMLElement>('.reader-character')];
    expect(characters.map((c) => c.style.width)).toEqual(['50%', '10%', '40%']);
    expect(characters.map((c) => c.style.fontSize)).toEqual(['100px', '20px', '80px']);
    expect(wil!.textContent).toBe('Wil');
  });

  it('copies a selection as lines: a space between runs on a line, a break between lines', async () => {
    const { scroller } = await read();
    await waitFor(() => expect(pageBox(1).querySelectorAll('.reader-run')).toHaveLength(3));
    const runs = pageBox(1).querySelectorAll('.reader-run');
    const range = document.createRange();
    range.setStart(runs[0]!.firstChild!, 1);
    range.setEnd(runs[2]!.firstChild!, 4);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const copy = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    scroller.dispatchEvent(copy);
    expect(copy.defaultPrevented).toBe(true);
    expect(copy.clipboardData?.getData('text/plain')).toBe('ello world\nPage');
  });

  it('copies the characters selected in a run of uneven characters', async () => {
    const uneven: TextRun = { text: 'Wil', x: 0.1, y: 0.5, width: 0.2, height: 0.05, edges: [0.1, 0.2, 0.22] };
    const { scroller } = await read({ ...fifty, text: () => [uneven] });
    await waitFor(() => expect(pageBox(1).querySelectorAll('.reader-character')).toHaveLength(3));
    const characters = pageBox(1).querySelectorAll('.reader-character');
    const range = document.createRange();
    range.setStart(characters[1]!.firstChild!, 0);
    range.setEnd(characters[2]!.firstChild!, 1);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const copy = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    scroller.dispatchEvent(copy);
    expect(copy.clipboardData?.getData('text/plain')).toBe('il');
  });

  it('finds text across pages whatever its case, lists the matches and moves to each', async () => {
    const { source, scroller } = await read();
    await waitFor(() => expect(drawn()).toEqual([1, 2]));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find in the pages' }), 'NEEDLE{Enter}');
    const matches = await screen.findByRole('region', { name: 'Matches' });
    await waitFor(() => expect(within(matches).getAllByRole('button')).toHaveLength(2));
    expect(
      within(matches)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Page 7Hello world Needle on page 7', 'Page 40Hello world Needle on page 40']);
    expect(screen.getByText('1 of 2 matches')).toBeDefined();
    // Each page's text asked once, without a picture; the pages drawn already were not asked again.
    const textOnly = source.requests.filter((r) => r.side === 0 && r.text).map((r) => r.page);
    expect(textOnly).toEqual(Array.from({ length: 48 }, (_, i) => i + 3));
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('7'));
    await waitFor(() => expect(pageBox(7).querySelector('.reader-mark[data-current="true"]')).not.toBeNull());
    const mark = pageBox(7).querySelector<HTMLElement>('.reader-mark')!;
    expect(mark.style.left).toBe('10%');
    expect(mark.style.top).toBe('30%');
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('40'));
    expect(screen.getByText('2 of 2 matches')).toBeDefined();
    await userEvent.click(within(matches).getAllByRole('button')[0]!);
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('7'));
  });

  it('says when nothing matches', async () => {
    await read({ ...fifty, pages: 3 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find in the pages' }), 'absent{Enter}');
    expect(await screen.findByText('No match for “absent”.')).toBeDefined();
  });

  it('moves to a page link’s page, and opens an address only when the plugin has network', async () => {
    const opened: string[] = [];
    const { scroller } = await read();
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('3'));
    await scrollTo(scroller, 0, 1);
    await userEvent.click(await screen.findByRole('button', { name: 'Open https://example.com/' }));
    expect(screen.getByText('This plugin may not open links (it is not granted network), so https://example.com/ stays closed.')).toBeDefined();
    cleanup();
    await read(fifty, { network: true, onOpenUri: (uri) => opened.push(uri) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open https://example.com/' }));
    expect(opened).toEqual(['https://example.com/']);
  });

  it('lists the outline beside the pages and moves to an entry’s page', async () => {
    const { scroller } = await read();
    const outline = screen.getByRole('navigation', { name: 'Outline' });
    expect(within(outline).getByText('Part').tagName).toBe('SPAN'); // no page: not a button
    await userEvent.click(within(outline).getByRole('button', { name: 'Chapter 2' }));
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('20'));
    expect(screen.getByText('Page 20 of 50')).toBeDefined();
  });

  it('keeps the page count up to date while scrolling, and goes to the page typed', async () => {
    const { scroller } = await read();
    await scrollTo(scroller, pageTop(12) + 100, 12);
    expect(screen.getByText('Page 12 of 50')).toBeDefined();
    const field = screen.getByRole('spinbutton', { name: 'Page number' });
    await userEvent.clear(field);
    await userEvent.type(field, '25{Enter}');
    await waitFor(() => expect(screen.getByText('Page 25 of 50')).toBeDefined());
    expect(scroller.scrollTop).toBe(pageTop(25) - 8);
    await userEvent.clear(field);
    await userEvent.type(field, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByText('Page 40 of 50')).toBeDefined());
    // Past the last page: the last.
    await userEvent.clear(field);
    await userEvent.type(field, '900{Enter}');
    await waitFor(() => expect(scroller.dataset.currentPage).toBe('50'));
  });

  it('says why there are no pages, or why a page is not drawn', async () => {
    renderInWindow(<PageReader source={fakePageSource({ pages: 3, fail: () => 'picture 1 is cut short' })} network={false} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The plugin could not show the pages: picture 1 is cut short');
    cleanup();
    await read({ pages: 3, fail: (request) => (request.page === 2 && request.side > 0 ? 'out of memory' : undefined) });
    await waitFor(() => expect(pageBox(2).textContent).toContain('This page could not be drawn: out of memory'));
  });

  it('speaks French', async () => {
    await read(fifty, {}, 'fr');
    expect(await screen.findByText('Page 1 sur 50')).toBeDefined();
    expect(screen.getByRole('searchbox', { name: 'Rechercher dans les pages' })).toBeDefined();
  });

  it('revokes every picture when it goes', async () => {
    const created: string[] = [];
    const make = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = make(blob);
      created.push(url);
      return url;
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { unmount } = await read();
    await waitFor(() => expect(drawn()).toEqual([1, 2]));
    unmount();
    expect(created).toHaveLength(2);
    expect(revoked.mock.calls.map(([url]) => url).sort()).toEqual([...created].sort());
  });
});
