import { describe, expect, it } from 'vitest';
import { asksIn, asksWith, noAsks, type AsksChange, type FileAsks } from './file-asks-table';

const plugin = 'org.example.words';
const waiting: FileAsks = { fields: { words: { status: 'waiting' } } };
const running = (startedAt: number): FileAsks => ({ fields: { words: { status: 'running', callId: `c${startedAt}`, startedAt } } });
const answered: FileAsks = { fields: { words: { status: 'answered', answer: { ok: true, answer: 3, ms: 1, cached: false } } } };
const paths = Array.from({ length: 5_000 }, (_, index) => `/notes/file-${index}.txt`);

describe('the asks about files', () => {
  it('changes one file of 5,000 by copying its shard only: every other shard is the one it was', () => {
    const table = asksWith(
      noAsks,
      paths.map((path): AsksChange => [plugin, path, waiting]),
    );
    expect(paths.every((path) => asksIn(table, plugin, path) === waiting)).toBe(true);
    const after = asksWith(table, [[plugin, paths[1234]!, answered]]);
    expect(asksIn(after, plugin, paths[1234]!)).toBe(answered);
    expect(asksIn(table, plugin, paths[1234]!)).toBe(waiting);
    const kept = after.shards.filter((shard, index) => shard === table.shards[index]);
    expect(kept.length).toBe(table.shards.length - 1);
    // The shard holds a few dozen files, not the list.
    const copied = after.shards.find((shard, index) => shard !== table.shards[index]);
    expect(Object.keys(copied ?? {}).length).toBeLessThan(100);
  });

  it('keeps the files whose asks run aside, per plugin, as they start, end and are removed', () => {
    let table = asksWith(noAsks, [
      [plugin, '/a.txt', waiting],
      [plugin, '/b.txt', waiting],
      ['org.example.other', '/a.txt', waiting],
    ]);
    expect(table.running).toEqual({});
    table = asksWith(table, [
      [plugin, '/a.txt', running(1)],
      [plugin, '/b.txt', running(2)],
      ['org.example.other', '/a.txt', running(3)],
    ]);
    expect(table.running).toEqual({ [plugin]: { '/a.txt': true, '/b.txt': true }, 'org.example.other': { '/a.txt': true } });
    const before = table.running;
    // A change that starts or ends nothing leaves them as they were.
    table = asksWith(table, [[plugin, '/a.txt', running(1)]]);
    expect(table.running).toBe(before);
    table = asksWith(table, [
      [plugin, '/a.txt', answered],
      ['org.example.other', '/a.txt', undefined],
    ]);
    expect(table.running).toEqual({ [plugin]: { '/b.txt': true }, 'org.example.other': {} });
    expect(asksIn(table, 'org.example.other', '/a.txt')).toBeUndefined();
  });
});
