// The tool's side of a conformance session (protocol 1): the simulated services answer its
// requests, its commands/state notices are kept, and its stop is protocol 1's (shutdown, then the
// end of its input) within the run's limit.
import { join } from 'node:path';
import type { Manifest } from '../../src-shared/protocol/types';
import { messageProblems } from '../../src-shared/protocol/check-message';
import type { ConformanceLimits } from './limits';
import { ConformanceSession, type Launched, type ShutdownOutcome } from './session';
import { SimulatedServices } from './simulated-services';
import { WireRecord, type ReceivedLine } from './wire-record';

export interface CommandsStateNotice {
  params: unknown;
  line?: ReceivedLine;
}

const NOTICES_KEPT = 1_000;

export class ToolSession extends ConformanceSession<SimulatedServices> {
  readonly commandsStates: CommandsStateNotice[] = [];

  private constructor(
    launched: Launched<SimulatedServices>,
    readonly manifest: Manifest,
    readonly limits: ConformanceLimits,
  ) {
    super(launched);
    this.onNotice('commands/state', (params) => {
      if (this.commandsStates.length < NOTICES_KEPT) {
        this.commandsStates.push({ params, ...(this.record.current ? { line: this.record.current } : {}) });
      }
    });
  }

  /** Starts the tool's program as the host does; rejects with LaunchFailure when it cannot start at all. */
  static async start(manifest: Manifest, execPath: string, limits: ConformanceLimits): Promise<ToolSession> {
    const record = new WireRecord({ judge: messageProblems });
    const launched = await ConformanceSession.launch({
      execPath,
      args: manifest.runtime.args ?? [],
      record,
      answering: (folder) => new SimulatedServices(manifest, join(folder, 'app'), record),
    });
    return new ToolSession(launched, manifest, limits);
  }

  get services(): SimulatedServices {
    return this.answering;
  }

  /** Protocol 1's stop: shutdown, the end of the tool's input, a wait of the run's limit; then signals. */
  shutdown(): Promise<ShutdownOutcome> {
    return this.stop({ farewell: 'shutdown', stepMs: this.limits.shutdownMs });
  }
}
