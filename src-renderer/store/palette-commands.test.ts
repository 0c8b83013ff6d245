import { describe, expect, it } from 'vitest';
import type { CommandUse } from '../../src-shared/host-api';
import { makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { paletteCommands, paletteScore, weightOfUse } from './palette-commands';

const now = Date.UTC(2026, 11, 2);
const day = 24 * 60 * 60 * 1000;
const use = (entryId: string, command: string, count: number, daysAgo: number): CommandUse => ({ entryId, command, count, last: now - daysAgo * day });

const cmd = (id: string, surfaces: ('window' | 'menubar')[] = ['window']) => ({ id, title: { en: id }, surfaces });
const tools = [
  makeTool({ id: 'a.tool', commands: [cmd('one'), cmd('two'), cmd('three', ['menubar'])], runnable: ['one', 'three'] }),
  makeTool({ id: 'b.tool', commands: [cmd('four')], runnable: ['four'] }),
];

describe("the palette's ranking", () => {
  it('puts what is run often and lately first, and keeps the list’s order among commands never run', () => {
    const usage = [use('b.tool', 'four', 3, 0), use('a.tool', 'two', 1, 0)];
    expect(paletteCommands(tools, [], usage, now).map((c) => c.command)).toEqual(['four', 'two', 'one', 'three']);
  });

  it('lets a command used a lot long ago give way to one used a little now', () => {
    expect(weightOfUse(use('a', 'x', 20, 60), now)).toBeLessThan(weightOfUse(use('a', 'y', 2, 0), now));
    const usage = [use('a.tool', 'one', 20, 60), use('a.tool', 'two', 2, 0)];
    expect(
      paletteCommands(tools, [], usage, now)
        .map((c) => c.command)
        .slice(0, 2),
    ).toEqual(['two', 'one']);
    // Run the same day, more runs come first.
    expect(weightOfUse(use('a', 'x', 5, 1), now)).toBeGreaterThan(weightOfUse(use('a', 'y', 2, 1), now));
  });

  it('marks a command that cannot run now, and says why', () => {
    const listed = paletteCommands(tools, [], [], now);
    expect(listed.find((c) => c.command === 'two')?.held).toBe('notRunnable');
    expect(listed.find((c) => c.command === 'three')?.held).toBeUndefined();
    expect(listed.find((c) => c.command === 'one')?.held).toBeUndefined();
    const down = paletteCommands([{ ...tools[1]!, state: 'failed' }], [], [], now);
    expect(down[0]?.held).toBe('toolDown');
  });

  it('lists a Skwir command only when it serves every selected file', () => {
    const plugin = makePlugin(
      { id: 'p.lines' },
      {
        commands: [
          { name: 'lines.count', title: 'Count lines', extensions: ['txt'], mimes: [] },
          { name: 'lines.sort', title: 'Sort lines', extensions: ['txt', 'md'], mimes: [] },
        ],
      },
    );
    const names = (paths: string[]) => paletteCommands([plugin], paths, [], now).map((c) => c.command);
    expect(names([])).toEqual([]);
    expect(names(['/a/notes.txt'])).toEqual(['lines.count', 'lines.sort']);
    expect(names(['/a/notes.txt', '/a/readme.md'])).toEqual(['lines.sort']);
    expect(names(['/a/picture.png'])).toEqual([]);
  });

  it('scores a typed match by the match, raised by use, and never lists what does not match', () => {
    expect(paletteScore(0, 100)).toBe(0);
    expect(paletteScore(0.5, 10)).toBeGreaterThan(paletteScore(0.5, 0));
    expect(paletteScore(0.9, 0)).toBeGreaterThan(paletteScore(0.3, 1));
  });
});
