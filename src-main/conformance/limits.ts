// The time limits of the conformance run. The defaults are the protocol's and the app's; tests
// pass smaller ones so a tool that never answers does not cost ten seconds.

export interface ConformanceLimits {
  /** initialize must be answered within this (the protocol: 10 s). */
  initializeMs: number;
  /** Each command/run must be answered within this (the app: 60 s). */
  commandMs: number;
  /** After shutdown and the end of its input the tool exits within this (the protocol: 2 s). */
  shutdownMs: number;
  /** Any other request of the run (the unknown-method probes) is answered within this. */
  answerMs: number;
}

export const defaultLimits: Readonly<ConformanceLimits> = Object.freeze({
  initializeMs: 10_000,
  commandMs: 60_000,
  shutdownMs: 2_000,
  answerMs: 10_000,
});
