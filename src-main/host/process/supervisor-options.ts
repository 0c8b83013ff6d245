// What a supervised lifetime (supervisor.ts) is given and gives: its limits (docs/design/wire.md),
// the same for a tool, a program plugin and a module plugin's worker and overridable so tests run
// fast; the state change it reports; initialize's verdict; where a request stands.
import type { CommandReasonCode, HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../src-shared/host-api';

export interface SupervisorLimits {
  initializeMs: number;
  commandMs: number;
  /** Each step of the stop sequence: after shutdown, after SIGTERM. */
  stopStepMs: number;
  crashWindowMs: number;
  maxCrashes: number;
  /** Delay before the n-th restart within the window; the last one repeats. */
  restartDelaysMs: readonly number[];
  /** After the program exits, how long its last output may still be read. */
  exitDrainMs: number;
}

export const DEFAULT_LIMITS: SupervisorLimits = {
  initializeMs: 10_000,
  commandMs: 60_000,
  stopStepMs: 2_000,
  crashWindowMs: 180_000,
  maxCrashes: 5,
  restartDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000],
  exitDrainMs: 200,
};

export interface ToolStateChange {
  state: ToolState;
  reason?: string;
  /** The reason as data (see reasons.ts). */
  reasonCode?: StateReasonCode;
}

export interface SupervisorOptions {
  start: 'launch' | 'demand';
  /** A line for the log; the host's own lines carry their code (host-log.ts). */
  onLog: (level: LogLevel, source: LogSource, message: string, code?: HostLogCode) => void;
  limits?: Partial<SupervisorLimits>;
}

/** The answer to initialize, judged by the dialect: refused, or accepted with the program's version for the log. */
export type InitializeVerdict = { refusal: StateReasonCode } | { version: string };

/** Where a request to what runs stands once it failed for want of an answer. */
export type Running<R> = { running: R } | { why: CommandReasonCode };
