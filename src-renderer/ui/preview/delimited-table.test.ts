import { describe, expect, it } from 'vitest';
import { delimiterOf, readDelimited } from './delimited-table';

describe('CSV and TSV', () => {
  it('reads quoted fields with delimiters, line breaks and doubled quotes', () => {
    const text = 'name,note\r\n"Smith, Ann","said ""hi""\non two lines"\r\nBob,\n';
    expect(readDelimited(text, ',').rows).toEqual([
      ['name', 'note'],
      ['Smith, Ann', 'said "hi"\non two lines'],
      ['Bob', ''],
    ]);
  });

  it('keeps rows of different lengths, empty fields and a last line without a break', () => {
    expect(readDelimited('a,b,c\n,\nx', ',').rows).toEqual([['a', 'b', 'c'], ['', ''], ['x']]);
    expect(readDelimited('', ',').rows).toEqual([]);
    expect(readDelimited('"",""', ',').rows).toEqual([['', '']]);
  });

  it('reads tabs for .tsv, skips a byte order mark and keeps a stray quote', () => {
    expect(delimiterOf('Scores.TSV')).toBe('\t');
    expect(delimiterOf('scores.csv')).toBe(',');
    expect(readDelimited('\ufeffa\tb "c"\n1\t2', '\t').rows).toEqual([
      ['a', 'b "c"'],
      ['1', '2'],
    ]);
  });

  it('stops after the rows asked for and says there were more', () => {
    const text = Array.from({ length: 10 }, (_, i) => `${i},x`).join('\n');
    const table = readDelimited(text, ',', 3);
    expect(table.rows).toEqual([
      ['0', 'x'],
      ['1', 'x'],
      ['2', 'x'],
    ]);
    expect(table.more).toBe(true);
    expect(readDelimited('a\nb\n', ',', 2).more).toBe(false);
  });
});
