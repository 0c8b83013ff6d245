// The stop sequence and the crash cleanup reach what a tool started outside its process group: a
// process in its own session, and a daemon whose parent exited. Real processes throughout.
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childEnvironment } from './child-env';
import { fixture } from '../fixtures/harness';
import { processAlive } from './process-group';
import { readProcessEntries } from './process-tree';
import { ProgramProcess } from './program-process';

const STEP_MS = 400;
const running: ProgramProcess[] = [];
/** What the fixtures left, with start times, so a failed test can end them and nothing else. */
const strays: { pid: number; startTime: string }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((tool) => tool.kill()));
  for (const { pid, startTime } of strays.splice(0)) {
    if (readProcessEntries([pid]).get(pid)?.startTime === startTime) process.kill(pid, 'SIGKILL');
  }
});

async function launch(name: string, args: string[] = []) {
  const logs: string[] = [];
  const tool = await ProgramProcess.launch({
    execPath: fixture(name),
    args,
    cwd: tmpdir(),
    env: childEnvironment(),
    peer: {},
    onStderrLine: () => undefined,
    exitDrainMs: 200,
    treeSampleMs: 100,
  });
  running.push(tool);
  tool.peer.onNotice('log', (params) => logs.push((params as { message: string }).message));
  await tool.peer.request('initialize', { protocols: [1], language: 'en', dataFolder: tmpdir() }, { timeoutMs: 8_000 });
  /** The numbers of the log line that starts with `prefix`, once it came. */
  const logged = async (prefix: string): Promise<number[]> => {
    await vi.waitFor(() => expect(logs.some((line) => line.startsWith(prefix))).toBe(true), { timeout: 10_000, interval: 20 });
    return (logs.find((line) => line.startsWith(prefix)) as string).match(/\d+/g)?.map(Number) ?? [];
  };
  return { tool, logged };
}

/** The process as it is now; kept as a stray for the cleanup. */
function look(pid: number) {
  const entry = readProcessEntries([pid]).get(pid);
  expect(entry, `process ${pid}`).toBeDefined();
  strays.push({ pid, startTime: entry!.startTime });
  return entry!;
}

const ended = (pid: number) => vi.waitFor(() => expect(processAlive(pid)).toBe(false), { timeout: 5_000, interval: 20 });

describe.skipIf(process.platform === 'win32')('ProgramProcess and what left its process group', () => {
  it('ends a process the tool started in its own session, though the tool exited cleanly', async () => {
    const { tool, logged } = await launch('setsid-tool.mjs');
    const [left] = (await logged('left ')) as [number];
    expect(look(left).groupId).not.toBe(tool.pid); // a signal to the group would miss it
    const report = await tool.stop({ farewell: 'shutdown', stepMs: STEP_MS });
    expect(report).toEqual({ exit: { code: 0, signal: null }, signal: 'SIGTERM' });
    expect(processAlive(left)).toBe(false);
  });

  it('kills it when it ignores SIGTERM', async () => {
    const { tool, logged } = await launch('setsid-tool.mjs', ['--trap']);
    const [left] = (await logged('left ')) as [number];
    look(left);
    const report = await tool.stop({ farewell: 'shutdown', stepMs: STEP_MS });
    expect(report.signal).toBe('SIGKILL');
    expect(processAlive(left)).toBe(false);
  });

  it('ends a daemon whose intermediate parent exited before the stop', async () => {
    const { tool, logged } = await launch('daemon-tool.mjs');
    const [daemon, intermediate] = (await logged('daemon ')) as [number, number];
    look(daemon);
    // The periodic sample sees the daemon while its parent still runs...
    await vi.waitFor(() => expect(tool.tree.descendants()).toContain(daemon), { timeout: 10_000, interval: 20 });
    tool.peer.notify('orphan');
    await logged('orphaned');
    await ended(intermediate);
    // ...and nothing at stop time would lead to it any more.
    const now = look(daemon);
    expect(now.parentPid).not.toBe(intermediate);
    expect(now.groupId).not.toBe(tool.pid);
    await tool.stop({ farewell: 'shutdown', stepMs: STEP_MS });
    expect(processAlive(daemon)).toBe(false);
  });

  it('kills what a crashed tool left in another session', async () => {
    const { tool, logged } = await launch('setsid-tool.mjs', ['--trap']);
    const [left] = (await logged('left ')) as [number];
    look(left);
    await vi.waitFor(() => expect(tool.tree.descendants()).toContain(left), { timeout: 10_000, interval: 20 });
    process.kill(tool.pid, 'SIGKILL'); // the crash
    await tool.exited;
    expect(tool.killLeftovers()).toBe(true);
    await ended(left);
    expect(tool.killLeftovers()).toBe(false); // nothing left
  });

  it('kill() ends the tool and what it started at once, in its group or not', async () => {
    const { tool, logged } = await launch('setsid-tool.mjs', ['--trap']);
    const [left] = (await logged('left ')) as [number];
    look(left);
    await tool.kill();
    await tool.exited;
    await ended(left);
    expect(tool.exit?.signal).toBe('SIGKILL');
  });

  it('signals nothing when the tool and all it started exit by themselves', async () => {
    const { tool } = await launch('echo-tool.mjs');
    const report = await tool.stop({ farewell: 'shutdown', stepMs: STEP_MS });
    expect(report).toEqual({ exit: { code: 0, signal: null }, signal: undefined });
  });
});
