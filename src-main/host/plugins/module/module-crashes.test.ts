// A module plugin whose component crashes, as a real component (fixtures/module-plugin.wat, `trap`:
// an `unreachable`) crashes it: a trap leaves its instance unusable, so its worker is ended and
// another started after the tools' growing delays, and the fifth crash within 3 minutes leaves the
// plugin failed until it is restarted by hand, as a program plugin that exits on every call is.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllModules, startModule } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

const TRAPPED = 'the plugin trapped: wasm `unreachable` instruction executed';

describe('a module plugin whose component traps', () => {
  it("is restarted with the tools' backoff, and stays failed after the fifth crash within 3 minutes until restarted by hand", async () => {
    const h = await startModule({ limits: { restartDelaysMs: [50, 100, 150] } });
    for (let crash = 1; crash <= 5; crash++) expect(await h.field('trap'), `crash ${crash}`).toMatchObject({ outcome: 'failed', message: TRAPPED });
    expect(h.plugin.state).toBe('failed');
    expect(h.plugin.stateReasonCode).toEqual({ code: 'crashedTooOften', crashes: 5, seconds: 180, last: { code: 'trapped' } });
    expect(h.plugin.stateReason).toBe('the plugin crashed 5 times within 3 minutes (last: it trapped); it stays stopped until you restart it');
    const crashed = 'crashed: it trapped';
    expect(h.states).toEqual([
      ...['starting', 'running', crashed],
      ...['starting', 'running', crashed],
      ...['starting', 'running', crashed],
      ...['starting', 'running', crashed],
      ...['starting', 'running', `failed: ${h.plugin.stateReason}`],
    ]);
    const restarts = h.logs.filter((line) => line.message.startsWith('the plugin crashed: it trapped; restarting in')).map((line) => line.message);
    expect(restarts).toEqual([
      'the plugin crashed: it trapped; restarting in 0.05 seconds',
      'the plugin crashed: it trapped; restarting in 0.1 seconds',
      'the plugin crashed: it trapped; restarting in 0.15 seconds',
      'the plugin crashed: it trapped; restarting in 0.15 seconds',
    ]);
    // Each crash ended its worker: each call ran in a worker of its own.
    expect(h.logs.filter((line) => line.message.startsWith('started (a worker thread running plugin.wasm'))).toHaveLength(5);

    // Failed, a call starts no worker and says why.
    expect(await h.field('answer')).toMatchObject({ outcome: 'unavailable', reasonCode: { code: 'crashedTooOften' } });
    expect(h.logs.filter((line) => line.message.startsWith('started (a worker thread'))).toHaveLength(5);

    await h.plugin.restart();
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
    // The past crashes were forgotten: one more trap is one crash, restarted after the first delay.
    expect(await h.field('trap')).toMatchObject({ outcome: 'failed', message: TRAPPED });
    expect(h.logs.at(-1)?.message).toBe('the plugin crashed: it trapped; restarting in 0.05 seconds');
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
  });
});
