// The process tree a tool's stop relies on: the parsers of both platforms' tables, and the record
// against real processes, including ones that are not descendants and must never be signalled.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processAlive } from './process-group';
import { parseProcStat, parsePsTable, ProcessTree, readProcessEntries, type ProcessEntry } from './process-tree';

const linux = process.platform === 'linux';
const started: ChildProcess[] = [];

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  started.push(child);
  return child;
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

const entry = (pid: number, parentPid: number, startTime: string): ProcessEntry => ({ pid, parentPid, groupId: pid, startTime, zombie: false });

describe('parseProcStat', () => {
  it('reads parent, group, state and start time, whatever the command name holds', () => {
    const rest = 'S 9019 9018 31010 0 -1 4194304 101 0 0 0 0 0 0 0 20 0 1 0 322426 3133440 387 18446744073709551615';
    expect(parseProcStat(9021, `9021 (my tool) (x) ${rest}`)).toEqual({ pid: 9021, parentPid: 9019, groupId: 9018, startTime: '322426', zombie: false });
    expect(parseProcStat(9021, `9021 (z) ${rest.replace(/^S/, 'Z')}`)?.zombie).toBe(true);
    expect(parseProcStat(9021, '9021 (cut short) S 1 2')).toBeUndefined();
  });
});

describe('parsePsTable', () => {
  it('reads the macOS ps columns, the start time with its spaces', () => {
    const out = [
      '    1     0     1 Ss   Mon Nov 30 03:36:06 2026',
      '  812     1   812 S    Tue Dec  1 10:00:59 2026',
      '  990   812   812 Z+   Tue Dec  1 10:01:00 2026',
      'garbage',
      '',
    ].join('\n');
    expect(parsePsTable(out)).toEqual([
      { pid: 1, parentPid: 0, groupId: 1, startTime: 'Mon Nov 30 03:36:06 2026', zombie: false },
      { pid: 812, parentPid: 1, groupId: 812, startTime: 'Tue Dec  1 10:00:59 2026', zombie: false },
      { pid: 990, parentPid: 812, groupId: 812, startTime: 'Tue Dec  1 10:01:00 2026', zombie: true },
    ]);
  });
});

describe('ProcessTree.record', () => {
  it('follows children of recorded descendants after their parent ended', () => {
    const tree = new ProcessTree(100);
    tree.record([entry(100, 1, 'r'), entry(101, 100, 'a'), entry(500, 1, 'x')]);
    expect(tree.descendants()).toEqual([101]);
    // 100 exited: 101 is reparented to init and starts 102; 500 is unrelated.
    tree.record([entry(101, 1, 'a'), entry(102, 101, 'b'), entry(501, 500, 'y')]);
    expect(tree.descendants().sort()).toEqual([101, 102]);
  });

  it('forgets a descendant whose pid now names another process, and does not follow it', () => {
    const tree = new ProcessTree(100);
    tree.record([entry(100, 1, 'r'), entry(101, 100, 'a')]);
    tree.record([entry(101, 1, 'recycled'), entry(102, 101, 'b')]);
    expect(tree.descendants()).toEqual([]);
  });

  it('does not adopt the children of a process that took the root pid over', () => {
    const tree = new ProcessTree(100);
    tree.record([entry(100, 1, 'r')]);
    tree.record([entry(100, 1, 'another'), entry(101, 100, 'a')]);
    expect(tree.descendants()).toEqual([]);
    const late = new ProcessTree(200); // the root was gone at the first sample
    late.record([entry(300, 1, 'x')]);
    late.record([entry(200, 1, 'r'), entry(201, 200, 'a')]);
    expect(late.descendants()).toEqual([]);
  });
});

describe.skipIf(!linux && process.platform !== 'darwin')('ProcessTree against real processes', () => {
  it('records and signals the descendants of the root, and nothing else', async () => {
    const stranger = start('sleep', ['1000']); // started by us, not by the root
    const root = start('/bin/sh', ['-c', 'sleep 1000 & sleep 1000 & wait']);
    const tree = new ProcessTree(root.pid as number);
    await vi.waitFor(
      async () => {
        await tree.sample();
        expect(tree.descendants()).toHaveLength(2);
      },
      { timeout: 10_000, interval: 50 },
    );
    const children = tree.descendants();
    expect(children).not.toContain(stranger.pid);
    expect(children).not.toContain(root.pid);
    expect(tree.anyAlive()).toBe(true);
    expect(tree.signal('SIGTERM')).toBe(2);
    await vi.waitFor(() => expect(children.filter(processAlive)).toEqual([]), { timeout: 10_000 });
    expect(tree.anyAlive()).toBe(false);
    expect(processAlive(stranger.pid as number)).toBe(true);
  });

  it.skipIf(!linux)('learns the root start time at once, from the root alone', async () => {
    const root = start('sleep', ['1000']);
    const pid = root.pid as number;
    await vi.waitFor(() => expect(readProcessEntries([pid]).get(pid)).toBeDefined());
    const real = readProcessEntries([pid]).get(pid)!.startTime;
    const tree = new ProcessTree(pid);
    tree.noteRoot();
    // A table where the root pid names another process: its children are not the tool's.
    tree.record([entry(pid, 1, 'another process'), entry(100_000_001, pid, 'c')]);
    expect(tree.descendants()).toEqual([]);
    tree.record([entry(pid, 1, real), entry(100_000_001, pid, 'c')]);
    expect(tree.descendants()).toEqual([100_000_001]);
  });

  it('never signals a recorded pid that now names another process', async () => {
    const stranger = start('sleep', ['1000']);
    const pid = stranger.pid as number;
    await vi.waitFor(() => expect(readProcessEntries([pid]).get(pid)).toBeDefined());
    const tree = new ProcessTree(100_000_000); // no such root: the table below is made up
    tree.record([entry(100_000_000, 1, 'r'), entry(pid, 100_000_000, 'started long ago')]);
    expect(tree.descendants()).toEqual([pid]);
    if (linux) expect(tree.anyAlive()).toBe(false); // macOS asks only kill(pid, 0) there
    expect(tree.signal('SIGKILL')).toBe(0);
    expect(processAlive(pid)).toBe(true);
    expect(tree.descendants()).toEqual([]);
  });
});
