// When a crashed tool is started again: after a growing delay, and not at all once it crashed
// too often within the window (docs/design/wire.md: 5 crashes within 3 minutes).

export interface CrashPolicy {
  maxCrashes: number;
  windowMs: number;
  /** Delay before the n-th restart within the window (index n-1); the last one repeats. */
  restartDelaysMs: readonly number[];
}

export type CrashVerdict = { restart: true; delayMs: number } | { restart: false; crashes: number };

export class CrashHistory {
  private times: number[] = [];

  constructor(private readonly policy: CrashPolicy) {}

  record(now = Date.now()): CrashVerdict {
    this.times = this.times.filter((time) => now - time < this.policy.windowMs);
    this.times.push(now);
    const crashes = this.times.length;
    if (crashes >= this.policy.maxCrashes) return { restart: false, crashes };
    const delays = this.policy.restartDelaysMs;
    return { restart: true, delayMs: delays[Math.min(crashes, delays.length) - 1] ?? 0 };
  }

  reset(): void {
    this.times = [];
  }
}
