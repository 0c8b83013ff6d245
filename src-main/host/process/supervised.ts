// What the host holds of anything it runs, whatever runs it (a tool's supervisor, a program plugin's,
// a module plugin's worker): its state and why, its processes, and its lifetime. The hosted entries
// hold one each, and know nothing more of it but what their kind asks.
import type { StateReasonCode, ToolState } from '../../../src-shared/host-api';
import type { Event } from '../../../src-shared/lifecycle';
import type { ToolStateChange } from './supervisor-options';

export interface Supervised {
  readonly state: ToolState;
  readonly stateReason: string | undefined;
  readonly stateReasonCode: StateReasonCode | undefined;
  /** Its process first, then the descendants seen; none when it runs in the host's own. */
  readonly processes: readonly number[];
  readonly onDidChangeState: Event<ToolStateChange>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** The stop sequence; resolves when nothing of it runs any more. `idle`: it ends idle, not stopped. */
  stop(options?: { idle?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}
