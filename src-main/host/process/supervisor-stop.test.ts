// The stop sequence against tools that do not stop nicely. Real processes; every pid is checked
// gone afterwards, grandchildren included.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllHarnesses, processAlive, startHarness } from '../fixtures/harness';

afterEach(disposeAllHarnesses);

describe('ToolSupervisor.stop', () => {
  it('ends a tool that ignores shutdown and traps SIGTERM with SIGKILL, and warns', async () => {
    const h = startHarness('stubborn-tool.mjs');
    await h.tool.start();
    const pid = h.tool.pid as number;
    await h.tool.stop();
    expect(processAlive(pid)).toBe(false);
    expect(h.tool.state).toBe('stopped');
    expect(h.logged('tool', 'shutdown ignored')).toBe(true);
    expect(h.logged('tool', 'SIGTERM ignored')).toBe(true);
    expect(h.logs).toContainEqual({
      level: 'warn',
      source: 'host',
      message: 'the tool did not stop by itself within 0.4 seconds: it needed SIGKILL',
    });
  });

  it('ends a grandchild the tool left behind, even when the tool itself exited cleanly', async () => {
    const h = startHarness('grandchild-tool.mjs');
    await h.tool.start();
    await h.waitFor(() => h.logged('tool', 'grandchild '), 'the grandchild pid');
    const grandchild = Number(h.logs.find((l) => l.message.startsWith('grandchild '))?.message.split(' ')[1]);
    const pid = h.tool.pid as number;
    expect(processAlive(grandchild)).toBe(true);
    await h.tool.stop();
    expect(processAlive(pid)).toBe(false);
    expect(processAlive(grandchild)).toBe(false);
    expect(h.logged('host', 'it needed SIGKILL')).toBe(true); // the grandchild traps SIGTERM
  });

  it('reads what a tool writes after its input closed, and stops it without a warning', async () => {
    const h = startHarness('after-close-tool.mjs');
    await h.tool.start();
    await h.tool.stop();
    expect(h.logs.filter((l) => l.source === 'tool').map((l) => l.message)).toEqual([
      'shutdown received',
      'after close 1',
      'after close 2',
      'after close 3',
      'after close 4',
      'after close 5',
    ]);
    expect(h.logs.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(h.states).toEqual(['starting', 'running', 'stopping', 'stopped']);
  });

  it('warns when the tool exits non-zero on stop', async () => {
    const h = startHarness('after-close-tool.mjs', { args: ['--code=4'] });
    await h.tool.start();
    await h.tool.stop();
    expect(h.logs).toContainEqual({ level: 'warn', source: 'host', message: 'the tool exited with code 4 when stopped' });
  });

  it('stops a tool that has not answered initialize yet, sending it nothing more', async () => {
    const h = startHarness('silent-tool.sh');
    const started = h.tool.start();
    await h.waitFor(() => h.tool.pid !== undefined, 'the spawn');
    const pid = h.tool.pid as number;
    await h.tool.stop();
    await started;
    expect(h.tool.state).toBe('stopped');
    expect(processAlive(pid)).toBe(false);
    expect(h.trace.filter((t) => t.startsWith('toTool')).map((t) => t.split(' ')[1])).toEqual(['initialize']);
  });

  it('ends a tool that closed its stdout but kept running, as a crash', async () => {
    const h = startHarness('closes-stdout-tool.mjs', { limits: { maxCrashes: 1 } });
    await h.tool.start();
    const pid = h.tool.pid as number;
    await h.waitFor(() => h.tool.state === 'failed', 'the tool to be ended');
    expect(processAlive(pid)).toBe(false);
    expect(h.logged('host', 'closed its end of the link')).toBe(true);
  });
});

describe('ToolSupervisor.stop racing a start', () => {
  it('ends a tool stopped in the same moment it was started', async () => {
    const h = startHarness('echo-tool.mjs');
    const started = h.tool.start();
    await h.tool.stop();
    await started;
    expect(h.tool.state).toBe('stopped');
    expect(h.tool.pid).toBeUndefined();
    // Starts and stops run in one queue, in the order asked: once a stop asked after them is done,
    // whatever the start could have left behind has had its turn.
    await h.tool.stop();
    expect(h.trace).toEqual([]); // the start, cut short in its turn, spawned nothing and sent nothing
    expect(h.states).toEqual(['stopped']);
  });

  it('restarts a tool that is still starting', async () => {
    const h = startHarness('echo-tool.mjs');
    const started = h.tool.start();
    await h.tool.restart();
    await started;
    expect(h.tool.state).toBe('running');
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' });
  });
});
