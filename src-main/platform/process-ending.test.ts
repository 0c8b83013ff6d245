import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { readProcessEntries } from '../host/process/process-tree';
import { runCommand, type RunCommand } from './command-runner';
import { endProcess, processOwner, type ProcessEndingOptions } from './process-ending';
import { PlatformRefusal } from './platform';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
    else child.once('exit', (code, signal) => resolve(signal ?? code));
  });

const started = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
};

const options = (overrides: Partial<ProcessEndingOptions> = {}): ProcessEndingOptions => ({
  run: runCommand,
  protectedPids: () => [process.pid],
  currentUid: process.getuid!(),
  firstUserUid: 1000,
  endAsAdministrator: async () => {
    throw new Error('no other user here');
  },
  ...overrides,
});

describe('endProcess (real processes)', () => {
  it("ends one of the person's own processes with SIGTERM", async () => {
    const child = started('sleep', ['30']);
    await endProcess(child.pid!, options());
    expect(await exited(child)).toBe('SIGTERM');
  });

  it('sends SIGKILL when the process ignores SIGTERM for the whole grace period', async () => {
    const child = spawn('python3', ['-c', 'import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print("ready", flush=True); time.sleep(30)'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(child);
    // Wait until Python has installed its handler, or SIGTERM would end it at once.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    await endProcess(child.pid!, options({ graceMs: 300 }));
    expect(await exited(child)).toBe('SIGKILL');
  });

  it('finds who owns a process, and null for one that does not exist', async () => {
    const child = started('sleep', ['30']);
    expect(await processOwner(runCommand, child.pid!)).toBe(process.getuid!());
    expect(await processOwner(runCommand, 2 ** 22 + 12345)).toBeNull();
  });

  it('refuses, with -32004 and the pid in data, the host itself, pid 1, a low pid and a pid that does not exist', async () => {
    for (const [pid, words] of [
      [process.pid, 'Vitruvian itself'],
      [1, 'system process'],
      [42, 'system process'],
      [2 ** 22 + 12345, 'does not exist'],
    ] as const) {
      const error = await endProcess(pid, options()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PlatformRefusal);
      expect((error as PlatformRefusal).code).toBe(-32004);
      expect((error as PlatformRefusal).data).toEqual({ pid });
      expect((error as PlatformRefusal).message).toContain(words);
    }
    const error = await endProcess(-3, options()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as PlatformRefusal).message).toContain('pid -3 is not a process id');
  });

  it('signals nothing when the pid names another process by the time it would be signalled (a pid reused)', async () => {
    const child = started('sleep', ['30']);
    const real = readProcessEntries([child.pid!]).get(child.pid!)!.startTime;
    let reads = 0;
    // The first look sees the process checked; the look right before the signal sees a newer one.
    const startTimeOf = () => (++reads === 1 ? real : `${real}0`);
    const error = (await endProcess(child.pid!, options({ startTimeOf })).then(
      () => undefined,
      (e: unknown) => e,
    )) as PlatformRefusal;
    expect([error.code, error.data]).toEqual([-32004, { pid: child.pid }]);
    expect(error.message).toBe(`process ${child.pid}: ended meanwhile, and its pid now names another process; nothing was sent to it`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(child.exitCode === null && child.signalCode === null).toBe(true);
  });

  it('sends no SIGKILL when the pid was reused during the grace period', async () => {
    const child = spawn('python3', ['-c', 'import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print("ready", flush=True); time.sleep(30)'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(child);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const real = readProcessEntries([child.pid!]).get(child.pid!)!.startTime;
    let reads = 0;
    const startTimeOf = () => (++reads <= 2 ? real : `${real}0`); // checked, then before SIGTERM; not before SIGKILL
    const error = (await endProcess(child.pid!, options({ graceMs: 300, startTimeOf })).then(
      () => undefined,
      (e: unknown) => e,
    )) as PlatformRefusal;
    expect(error.message).toContain('now names another process');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(child.exitCode === null && child.signalCode === null).toBe(true);
  });

  it('sends nothing to a process that ended between the check and the signal', async () => {
    const child = started('sleep', ['30']);
    const sent: (NodeJS.Signals | 0)[] = [];
    const run: RunCommand = async (file, args, runOptions) => {
      const answer = await runCommand(file, args, runOptions);
      if (file === 'ps') {
        child.kill('SIGKILL');
        await exited(child); // reaped: its pid is free
      }
      return answer;
    };
    await endProcess(child.pid!, options({ run, signal: (pid, signal) => void sent.push(signal) }));
    expect(sent.filter((signal) => signal !== 0)).toEqual([]);
  });
});
