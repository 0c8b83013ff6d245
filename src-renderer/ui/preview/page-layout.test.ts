import { describe, expect, it } from 'vitest';
import { layOutPages, leftOf, MAX_SIDE, PAGE_GAP, pageInView, pagesBetween, pictureSide, placeAt, yOf, zoomStep } from './page-layout';

const letter = () => ({ width: 600, height: 800 });

describe('the reader’s layout', () => {
  it('fits each page wider than the column to its width, in its own proportions, a gap between', () => {
    const layout = layOutPages(3, 432, (page) => (page === 2 ? { width: 800, height: 400 } : letter()));
    expect([...layout.widths]).toEqual([400, 400, 400]);
    expect([...layout.heights]).toEqual([533, 200, 533]);
    expect([...layout.tops]).toEqual([PAGE_GAP, PAGE_GAP * 2 + 533, PAGE_GAP * 3 + 733]);
    expect(layout.total).toBe(PAGE_GAP * 4 + 1266);
  });

  it('finds the pages between two heights by their boxes', () => {
    const layout = layOutPages(100, 632, letter); // pages 800 high, every 816 pixels from 16
    expect(pagesBetween(layout, 0, 600)).toEqual({ first: 1, last: 1 });
    expect(pagesBetween(layout, 0, 817)).toEqual({ first: 1, last: 1 });
    expect(pagesBetween(layout, 0, 833)).toEqual({ first: 1, last: 2 });
    expect(pagesBetween(layout, 816 * 10 - 100, 816 * 10 + 700)).toEqual({ first: 10, last: 11 });
    expect(pagesBetween(layout, 816 * 10, 816 * 10 + 700)).toEqual({ first: 11, last: 11 }); // page 10 ends there
    expect(pagesBetween(layout, -5000, -1)).toEqual({ first: 1, last: 0 });
    expect(pagesBetween(layout, 1e9, 2e9)).toEqual({ first: 101, last: 100 });
    expect(pagesBetween(layout, -1e9, 2e9)).toEqual({ first: 1, last: 100 });
  });

  it('says which page is read: most shown, then the last at the end', () => {
    const layout = layOutPages(12, 632, letter);
    expect(pageInView(layout, 0, 600)).toBe(1);
    expect(pageInView(layout, 816 * 2 + 16, 600)).toBe(3);
    expect(pageInView(layout, 816 * 2 + 500, 600)).toBe(3); // 316 of page 3 shown, 268 of page 4
    expect(pageInView(layout, 816 * 2 + 600, 600)).toBe(4); // 216 of page 3, 268 of page 4
    const short = layOutPages(3, 632, () => ({ width: 600, height: 150 }));
    expect(pageInView(short, 0, 800)).toBe(1); // all in view without scrolling: the first is read
    expect(pageInView(short, 20, short.total - 20)).toBe(3); // scrolled to the end
    expect(pageInView(layOutPages(0, 632, letter), 0, 800)).toBe(0);
  });

  it('asks pictures at the box’s longest side in device pixels, rounded up to a step', () => {
    const layout = layOutPages(1, 632, letter);
    expect(pictureSide(layout, 1, 1)).toBe(1024); // 800 -> 1024
    expect(pictureSide(layout, 1, 2)).toBe(1792); // 1600 -> 1792
    expect(pictureSide(layOutPages(1, 300, letter), 1, 1)).toBe(512);
    expect(pictureSide(layOutPages(1, 20_000, letter, 8), 1, 3)).toBe(MAX_SIDE);
  });

  it('never enlarges a page past its own size to fit, and centres it; a zoom shows it that many times its size', () => {
    const small = () => ({ width: 32, height: 32 });
    const fitted = layOutPages(2, 900, small);
    expect([...fitted.widths, ...fitted.heights, ...fitted.scales]).toEqual([32, 32, 32, 32, 1, 1]);
    expect(leftOf(fitted, 1)).toBe((900 - 32) / 2);
    const zoomed = layOutPages(1, 900, small, 4);
    expect([zoomed.widths[0], zoomed.heights[0], zoomed.scales[0]]).toEqual([128, 128, 4]);
    // Wider than the view: the column grows, the page starts at the gap.
    const wide = layOutPages(1, 632, letter, 2);
    expect(wide.columnWidth).toBe(1200 + 2 * PAGE_GAP);
    expect(leftOf(wide, 1)).toBe(PAGE_GAP);
  });

  it('steps the zoom through its steps from any scale, and stays at either end', () => {
    expect(zoomStep(0.62, 1)).toBe(0.75);
    expect(zoomStep(0.62, -1)).toBe(0.5);
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(8, 1)).toBe(8);
    expect(zoomStep(0.25, -1)).toBe(0.25);
  });

  it('keeps the place read when pages change size', () => {
    const before = layOutPages(20, 632, letter);
    const place = placeAt(before, before.tops[9]! + 200);
    expect(place).toEqual({ page: 10, fraction: 0.25 });
    const after = layOutPages(20, 632, (page) => (page < 5 ? { width: 600, height: 1600 } : letter()));
    expect(yOf(after, place)).toBe(after.tops[9]! + 200);
  });
});
