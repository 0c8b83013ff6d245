// What a ToolSupervisor is given: the tool's program and folder, the app's callbacks, and the
// limits of docs/design/wire.md (overridable, so tests run fast).
import type { HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../src-shared/host-api';

export const PROTOCOLS_OFFERED = [1] as const;

export interface ToolSupervisorLimits {
  initializeMs: number;
  commandMs: number;
  /** Each step of the stop sequence: after shutdown, after SIGTERM. */
  stopStepMs: number;
  crashWindowMs: number;
  maxCrashes: number;
  /** Delay before the n-th restart within the window; the last one repeats. */
  restartDelaysMs: readonly number[];
  /** After the tool exits, how long its last output may still be read. */
  exitDrainMs: number;
}

export const DEFAULT_LIMITS: ToolSupervisorLimits = {
  initializeMs: 10_000,
  commandMs: 60_000,
  stopStepMs: 2_000,
  crashWindowMs: 180_000,
  maxCrashes: 5,
  restartDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000],
  exitDrainMs: 200,
};

export interface ToolSupervisorOptions {
  toolId: string;
  /** The program, an absolute path already resolved inside the tool's folder. */
  execPath: string;
  args?: readonly string[];
  /** The tool's data folder: its working directory, and `dataFolder` in initialize. */
  cwd: string;
  language: string;
  /** The manifest's command ids, in its order. */
  commandIds: readonly string[];
  start: 'launch' | 'demand';
  /** Every request from the tool (the broker): the answer or a promise of it. Refuse with ResponseError (thrown or rejected). */
  handleRequest(method: string, params: unknown): unknown;
  /** A line for the tool's log; the host's own lines carry their code (host-log.ts). */
  onLog: (level: LogLevel, source: LogSource, message: string, code?: HostLogCode) => void;
  /** Every line both ways; a line to the tool comes with the message it was made from. */
  onTrace?(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object): void;
  limits?: Partial<ToolSupervisorLimits>;
  /** The child's environment; by default the allow-list of child-env.ts. */
  env?: Record<string, string>;
}

export interface ToolStateChange {
  state: ToolState;
  reason?: string;
  /** The reason as data (see reasons.ts). */
  reasonCode?: StateReasonCode;
}
