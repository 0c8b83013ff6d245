// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import { fakePageSource } from './fake-page-source';
import { PageStore } from './page-store';

afterEach(() => vi.restoreAllMocks());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A source whose answers wait until the test lets them go. */
function heldSource(pages: number) {
  const answer = fakePageSource({ pages, text: (page) => [{ text: `page ${page}`, x: 0, y: 0, width: 1, height: 0.1 }] });
  const held: { request: PageRequest; go: () => void }[] = [];
  return {
    held,
    source: {
      page: (request: PageRequest) =>
        new Promise<PluginAnswer<CheckedPage | null>>((resolve) => {
          held.push({ request, go: () => void answer.page(request).then(resolve) });
        }),
    },
  };
}

describe('the pages a reader has', () => {
  it('asks the count and outline first, with no picture and no text', async () => {
    const source = fakePageSource({ pages: 12, outline: [{ title: 'One', depth: 0, page: 1 }], size: () => ({ width: 300, height: 200 }) });
    const store = new PageStore(source);
    await store.begin();
    expect(source.requests).toEqual([{ page: 1, side: 0, text: false }]);
    expect(store.start).toEqual({ state: 'ready', pages: 12, outline: [{ title: 'One', depth: 0, page: 1 }] });
    expect(store.entry(1)?.size).toEqual({ width: 300, height: 200 });
  });

  it('says why there are no pages', async () => {
    const failing = new PageStore(fakePageSource({ pages: 3, fail: () => 'picture 1 is cut short' }));
    await failing.begin();
    expect(failing.start).toEqual({ state: 'failed', message: 'picture 1 is cut short' });
    const none = new PageStore({ page: async () => ({ ok: true, answer: null, ms: 0, cached: true }) });
    await none.begin();
    expect(none.start).toEqual({ state: 'none' });
  });

  it('asks the pictures wanted nearest first, two at a time, with their text', async () => {
    const { source, held } = heldSource(10);
    const store = new PageStore(source);
    store.want(
      [
        { page: 4, side: 1024 },
        { page: 5, side: 1024 },
        { page: 3, side: 1024 },
      ],
      { first: 1, last: 8 },
    );
    expect(held.map((h) => h.request)).toEqual([
      { page: 4, side: 1024, text: true },
      { page: 5, side: 1024, text: true },
    ]);
    held[0]!.go();
    await settle();
    expect(held.map((h) => h.request.page)).toEqual([4, 5, 3]);
    expect(store.entry(4)?.picture?.url).toMatch(/^blob:/);
    expect(store.entry(4)?.words?.text[0]?.text).toBe('page 4');
    held[1]!.go();
    held[2]!.go();
    await settle();
    expect(store.pictureCounts()).toEqual({ live: 3, most: 3 });
    // Wanted again at the same side: nothing more asked.
    store.want([{ page: 4, side: 1024 }], { first: 1, last: 8 });
    expect(held).toHaveLength(3);
    // At another side (the window grew): asked again, the old picture kept until the new one comes.
    store.want([{ page: 4, side: 2048 }], { first: 1, last: 8 });
    expect(held[3]?.request).toEqual({ page: 4, side: 2048, text: true });
  });

  it('releases the pictures of pages far from the view, and keeps none that arrive after', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { source, held } = heldSource(100);
    const store = new PageStore(source);
    store.want(
      [
        { page: 1, side: 512 },
        { page: 2, side: 512 },
      ],
      { first: 1, last: 3 },
    );
    held[0]!.go();
    await settle();
    const first = store.entry(1)!.picture!.url!;
    store.want([{ page: 50, side: 512 }], { first: 48, last: 52 });
    expect(revoked).toHaveBeenCalledWith(first);
    expect(store.entry(1)?.picture).toBeUndefined();
    expect(store.entry(1)?.words).toBeDefined(); // text is kept
    held[1]!.go(); // page 2 arrives once far: no URL made
    await settle();
    expect(store.entry(2)?.picture).toBeUndefined();
    expect(store.pictureCounts().live).toBe(0);
  });

  it('shows a page’s failure, and asks again once it went far and came back', async () => {
    let failing = true;
    const source = fakePageSource({ pages: 5, fail: (request) => (failing && request.page === 2 ? 'no memory' : undefined) });
    const store = new PageStore(source);
    store.want([{ page: 2, side: 256 }], { first: 1, last: 3 });
    await settle();
    expect(store.entry(2)?.failure).toEqual({ failed: 'no memory' });
    store.want([{ page: 2, side: 256 }], { first: 1, last: 3 });
    expect(source.requests).toHaveLength(1); // not asked again while in view
    failing = false;
    store.want([], { first: 4, last: 5 });
    store.want([{ page: 2, side: 256 }], { first: 1, last: 3 });
    await settle();
    expect(store.entry(2)?.picture?.url).toMatch(/^blob:/);
  });

  it('reads a page’s text once, without a picture, for search', async () => {
    const source = fakePageSource({ pages: 3, text: (page) => [{ text: `page ${page}`, x: 0, y: 0, width: 1, height: 0.1 }] });
    const store = new PageStore(source);
    const [a, b] = await Promise.all([store.words(3), store.words(3)]);
    expect(a).toBe(b);
    expect(await store.words(3)).toBe(a);
    expect(source.requests).toEqual([{ page: 3, side: 0, text: true }]);
  });

  it('revokes every picture when it goes', async () => {
    const store = new PageStore(fakePageSource({ pages: 3 }));
    store.want(
      [
        { page: 1, side: 256 },
        { page: 2, side: 256 },
      ],
      { first: 1, last: 3 },
    );
    await settle();
    expect(store.pictureCounts().live).toBe(2);
    store.dispose();
    expect(store.pictureCounts().live).toBe(0);
  });
});
