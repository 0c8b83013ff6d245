// Tools that fail on purpose: refusals at initialize, crashes and restarts. Real processes.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllHarnesses, fixture, processAlive, startHarness } from '../fixtures/harness';

afterEach(disposeAllHarnesses);

describe('ToolSupervisor refuses a tool at initialize', () => {
  it('when it never answers initialize within the limit, and ends it; having written nothing, it is told the usual cause', async () => {
    const h = startHarness('silent-tool.sh', { limits: { initializeMs: 500 } });
    await h.tool.start();
    expect(h.tool.state).toBe('failed');
    expect(h.tool.stateReason).toBe(
      "the tool did not answer initialize within 0.5 seconds, and wrote nothing on its output: the usual cause is output that is never flushed (Python's print without flush=True, or any program whose standard output is block-buffered, as it is when it is a pipe)",
    );
    expect(h.tool.stateReasonCode).toEqual({ code: 'initializeTimeout', seconds: 0.5, silent: true });
    expect(h.trace.filter((t) => t.startsWith('toTool'))).toHaveLength(1); // initialize, nothing else
    expect(h.logged('host', 'did not answer initialize')).toBe(true);
    await h.tool.stop();
    expect(h.tool.state).toBe('failed'); // stays failed until restarted by hand
  });

  it('when it picks a protocol version the app did not offer', async () => {
    const h = startHarness('protocol-two-tool.mjs');
    await h.tool.start();
    expect(h.tool.state).toBe('failed');
    expect(h.tool.stateReason).toBe('the tool picked protocol 2, but the app offers only 1');
    expect(h.tool.stateReasonCode).toEqual({ code: 'protocolNotOffered', picked: '2', offered: [1] });
    await h.waitFor(() => h.tool.pid === undefined, 'the process to be gone');
    expect(h.trace.filter((t) => t.startsWith('toTool')).map((t) => t.split(' ')[1])).toEqual(['initialize']);
    expect(h.logged('stderr', 'the app sent')).toBe(false);
  });

  it('when it answers initialize with a failure', async () => {
    const h = startHarness('failing-init-tool.mjs');
    await h.tool.start();
    expect(h.tool.state).toBe('failed');
    expect(h.tool.stateReason).toBe('the tool failed initialize: cannot open my database (-32603)');
    expect(h.tool.stateReasonCode).toEqual({ code: 'initializeFailed', message: 'cannot open my database', errorCode: -32603 });
  });

  it('when its program cannot be started', async () => {
    const h = startHarness('echo-tool.mjs', { execPath: fixture('no-such-program') });
    await h.tool.start();
    expect(h.tool.state).toBe('failed');
    expect(h.tool.stateReason).toMatch(/^could not start .*no-such-program: .*ENOENT/);
    expect(h.tool.stateReasonCode).toEqual({ code: 'couldNotStart', program: fixture('no-such-program'), problem: expect.stringContaining('ENOENT') });
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'unavailable', message: h.tool.stateReason, reasonCode: h.tool.stateReasonCode });
  });
});

describe('ToolSupervisor after a crash', () => {
  it('restarts with growing delays, then stays failed after 5 crashes, until restarted by hand', async () => {
    const h = startHarness('crash-tool.mjs');
    await h.tool.start();
    await h.waitFor(() => h.tool.state === 'failed', 'the tool to fail');
    const crashes = h.states.filter((s) => s.startsWith('crashed'));
    expect(crashes).toHaveLength(4);
    expect(crashes[0]).toBe('crashed: it exited with code 1');
    expect(h.tool.stateReason).toBe('the tool crashed 5 times within 3 minutes (last: it exited with code 1); it stays stopped until you restart it');
    expect(h.tool.stateReasonCode).toEqual({ code: 'crashedTooOften', crashes: 5, seconds: 180, last: { code: 'exited', exitCode: 1 } });
    const delays = h.logs.filter((l) => l.message.includes('restarting in')).map((l) => l.message.split('restarting in ')[1]);
    expect(delays).toEqual(['0.05 seconds', '0.1 seconds', '0.15 seconds', '0.15 seconds']);
    expect(h.logged('stderr', 'crash-tool: crashing now')).toBe(true);

    const before = h.states.length;
    const restarted = h.tool.restart();
    await h.waitFor(() => h.states.slice(before).includes('running'), 'the restart by hand');
    await restarted;
    await h.tool.stop();
  });

  it('counts a tool that exits before answering initialize as a crash', async () => {
    const h = startHarness('crash-tool.mjs', { args: ['--at=start'], limits: { maxCrashes: 2 } });
    await h.tool.start();
    await h.waitFor(() => h.tool.state === 'failed', 'the tool to fail');
    expect(h.tool.stateReason).toContain('exited with code 2');
    expect(h.logged('stderr', 'giving up at start')).toBe(true);
  });

  it('answers a command the tool crashed on with the crash, then restarts it', async () => {
    const h = startHarness('echo-tool.mjs');
    await h.tool.start();
    const firstPid = h.tool.pid;
    expect(await h.tool.runCommand('crash')).toEqual({
      outcome: 'crashed',
      message: 'it exited with code 3 before it answered',
      reasonCode: { code: 'exited', exitCode: 3 },
    });
    await h.waitFor(() => h.tool.state === 'running' && h.tool.pid !== firstPid, 'the restart');
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' });
  });

  it('kills what a crashed tool left running in its process group', async () => {
    const h = startHarness('grandchild-tool.mjs');
    await h.tool.start();
    await h.waitFor(() => h.logged('tool', 'grandchild '), 'the grandchild pid');
    const grandchild = Number(h.logs.find((l) => l.message.startsWith('grandchild '))?.message.split(' ')[1]);
    expect(processAlive(grandchild)).toBe(true);
    process.kill(h.tool.pid as number, 'SIGKILL'); // the tool crashes
    await h.waitFor(() => h.states.some((s) => s.startsWith('crashed')), 'the crash');
    await h.waitFor(() => !processAlive(grandchild), 'the grandchild to be killed', 5_000);
    expect(h.tool.stateReason).toBe('it was ended by SIGKILL');
    expect(h.tool.stateReasonCode).toEqual({ code: 'signal', signal: 'SIGKILL' });
    expect(h.logged('host', 'processes the tool left running were killed')).toBe(true);
  });

  it('does not restart a tool that was stopped while a restart waited', async () => {
    const h = startHarness('crash-tool.mjs', { limits: { restartDelaysMs: [100] } });
    await h.tool.start();
    await h.waitFor(() => h.tool.state === 'crashed', 'the crash');
    await h.tool.stop();
    expect(h.tool.state).toBe('stopped');
    // A timer set now for the same delay fires after the restart's would have (timers of one
    // delay fire in the order they were set); a stop asked then runs after any start it began.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await h.tool.stop();
    expect(h.states.map((state) => state.split(':')[0])).toEqual(['starting', 'running', 'crashed', 'stopped']);
  });
});
