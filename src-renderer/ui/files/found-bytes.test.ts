import { describe, expect, it } from 'vitest';
import type { CheckedInspection } from '../../../src-shared/skwir/answers';
import { foundOf, hexRowMarks } from './found-bytes';

const row = (cells: string[]) => ({ cells, bytes: null, depth: 0, branch: false, target: null }) as unknown as CheckedInspection['rows'][number];

/** A hex page of "abcdefghijkl", 4 bytes a row, answering a search at `position` for `length`. */
const page = (position: number, length: number | null, kind: CheckedInspection['kind'] = 'hex'): CheckedInspection => ({
  kind,
  title: 'Hex',
  text: [],
  columns: ['Offset', 'Bytes', 'Characters'],
  rows: [row(['00000000', '61 62 63 64', 'abcd']), row(['00000004', '65 66 67 68', 'efgh']), row(['00000008', '69 6a 6b 6c', 'ijkl'])],
  previous: null,
  next: null,
  position,
  length,
  notice: '',
  details: [],
});

describe('what a search marks as found', () => {
  it('is the bytes from position for the length, in the row holding position', () => {
    expect(foundOf(page(3, 2))).toEqual({ row: 0, bytes: { from: 3, to: 5 } });
    expect(foundOf(page(9, 1))).toEqual({ row: 2, bytes: { from: 9, to: 10 } });
  });

  it('is nothing when the search found nothing (a length of 0)', () => {
    expect(foundOf(page(5, 0))).toBeUndefined();
  });

  it('is the row holding position when the plugin does not say a length, as before there was one', () => {
    expect(foundOf(page(6, null))).toEqual({ row: 1 });
  });

  it('is the row at index position in the kinds that are not hex, whatever the length', () => {
    expect(foundOf(page(2, null, 'table'))).toEqual({ row: 2 });
    expect(foundOf(page(1, 7, 'code'))).toEqual({ row: 1 });
  });
});

describe('the found bytes a hex row holds', () => {
  const found = { from: 3, to: 6 }; // "def": across the end of the first row

  it('cuts the bytes and the characters around them, on each row they cross', () => {
    expect(hexRowMarks(['00000000', '61 62 63 64', 'abcd'], found)).toEqual({
      bytes: { before: '61 62 63 ', marked: '64', after: '' },
      characters: { before: 'abc', marked: 'd', after: '' },
    });
    expect(hexRowMarks(['00000004', '65 66 67 68', 'efgh'], found)).toEqual({
      bytes: { before: '', marked: '65 66', after: ' 67 68' },
      characters: { before: '', marked: 'ef', after: 'gh' },
    });
    expect(hexRowMarks(['00000008', '69 6a 6b 6c', 'ijkl'], found)).toBe('none');
  });

  it('reads bytes grouped without spaces, and a last row shorter than the others', () => {
    expect(hexRowMarks(['0x4', '6566 6768', 'efgh'], { from: 5, to: 7 })).toEqual({
      bytes: { before: '65', marked: '66 67', after: '68' },
      characters: { before: 'e', marked: 'fg', after: 'h' },
    });
    expect(hexRowMarks(['00000008', '69', 'i'], { from: 8, to: 12 })).toEqual({
      bytes: { before: '', marked: '69', after: '' },
      characters: { before: '', marked: 'i', after: '' },
    });
    expect(hexRowMarks(['00000000', '61 62', 'ab'], { from: 2, to: 4 })).toBe('none');
  });

  it('leaves the characters unmarked when they are not one a byte', () => {
    expect(hexRowMarks(['00000000', 'c3 a9 21', 'é!'], { from: 0, to: 2 })).toEqual({ bytes: { before: '', marked: 'c3 a9', after: ' 21' } });
  });

  it('cannot tell the bytes apart in cells that are not an offset and pairs of hex digits', () => {
    expect(hexRowMarks(['start', '61 62', 'ab'], found)).toBe('unread');
    expect(hexRowMarks(['00000000', '61 6 62', 'ab'], found)).toBe('unread');
    expect(hexRowMarks(['00000000', '61 ?? 63 64', 'a.cd'], found)).toBe('unread');
  });
});
