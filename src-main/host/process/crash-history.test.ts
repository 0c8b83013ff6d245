import { describe, expect, it } from 'vitest';
import { CrashHistory } from './crash-history';

const policy = { maxCrashes: 5, windowMs: 180_000, restartDelaysMs: [1000, 2000, 4000] };

describe('CrashHistory', () => {
  it('restarts after a growing delay, and gives up at the 5th crash within 3 minutes', () => {
    const history = new CrashHistory(policy);
    const verdicts = [0, 10_000, 20_000, 30_000, 40_000].map((t) => history.record(t));
    expect(verdicts).toEqual([
      { restart: true, delayMs: 1000 },
      { restart: true, delayMs: 2000 },
      { restart: true, delayMs: 4000 },
      { restart: true, delayMs: 4000 },
      { restart: false, crashes: 5 },
    ]);
  });

  it('forgets crashes older than the window, and all of them on reset', () => {
    const history = new CrashHistory(policy);
    for (const t of [0, 1000, 2000, 3000]) history.record(t);
    expect(history.record(182_500)).toEqual({ restart: true, delayMs: 2000 }); // only 3000 still counts
    history.reset();
    expect(history.record(183_000)).toEqual({ restart: true, delayMs: 1000 });
  });
});
