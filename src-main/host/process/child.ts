// What a supervisor runs, its child (as an OTP supervisor's are called): a program's process
// (program-process.ts) or a module plugin's worker thread (plugins/module/module-worker-link.ts).
// The supervisor keeps the lifetime around it (supervisor.ts); this is all it asks of its child.
// (What the host holds of the supervisor itself is supervised.ts.)
import type { ExitReasonCode } from '../../../src-shared/host-api';

export interface ToolExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopReport {
  exit: ToolExit;
  /** The strongest signal the stop needed; none when it (and its group) left by itself. */
  signal: 'SIGTERM' | 'SIGKILL' | undefined;
}

export interface Child {
  /** Resolves once it ended, however it did (a program: once its last output was read, too). */
  readonly exited: Promise<unknown>;
  /** How it ended, once it did: its exit code, the signal, the trap. */
  readonly ending: ExitReasonCode | undefined;
  /** True once a stop was asked: ending after that is not a crash. */
  readonly stopRequested: boolean;
  /** Its processes, its own first, then the descendants seen so far; none for a worker (it runs in the host's). */
  readonly processes: readonly number[];
  /** The stop: `farewell` first (to a program that answered initialize), then the ladder, each step `stepMs`. */
  stop(options: { farewell?: string; stepMs: number }): Promise<StopReport>;
  /** After a crash: whatever it left running is ended. True if anything was. */
  killLeftovers(): boolean;
}

/** It could not be started at all (a program missing or not executable, a component that does not instantiate). */
export class LaunchError extends Error {
  constructor(
    readonly program: string,
    readonly problem: string,
  ) {
    super(`could not start ${program}: ${problem}`);
    this.name = 'LaunchError';
  }
}
