// The two notices a tool sends the app itself, whatever its `uses`: commands/state (which
// commands can run now) and log (a line for its log).
import type { LogLevel, LogSource } from '../../../src-shared/host-api';
import { logNotice } from '../records/log-notice';
import { describe } from '../wire/message-shape';
import type { Peer } from '../wire/peer';

export interface ToolNoticesListener {
  onRunnable(runnable: readonly string[]): void;
  onLog: (level: LogLevel, source: LogSource, message: string) => void;
}

export class ToolNotices {
  private _runnable: readonly string[];

  constructor(
    private readonly commandIds: readonly string[],
    private readonly listener: ToolNoticesListener,
  ) {
    this._runnable = [...commandIds];
  }

  get runnable(): readonly string[] {
    return this._runnable;
  }

  /** A new process: all commands are runnable until its first commands/state. */
  reset(): void {
    this.setRunnable([...this.commandIds]);
  }

  attach(peer: Peer): void {
    peer.onNotice('commands/state', (params) => this.commandsState(params));
    peer.onNotice('log', (params) => logNotice(params, this.listener.onLog));
  }

  private commandsState(params: unknown): void {
    const runnable = (params as { runnable?: unknown } | undefined)?.runnable;
    if (!Array.isArray(runnable) || !runnable.every((id) => typeof id === 'string')) {
      this.problem(`commands/state needs "runnable", a list of command ids, not ${describe(runnable)}; ignored`);
      return;
    }
    const unknown = runnable.filter((id) => !this.commandIds.includes(id));
    if (unknown.length > 0) {
      this.problem(`commands/state names commands the manifest does not declare: ${unknown.map((id) => describe(id)).join(', ')}`);
    }
    this.setRunnable(this.commandIds.filter((id) => runnable.includes(id)));
  }

  private setRunnable(runnable: readonly string[]): void {
    if (runnable.length === this._runnable.length && runnable.every((id, i) => id === this._runnable[i])) return;
    this._runnable = runnable;
    this.listener.onRunnable(runnable);
  }

  private problem(message: string): void {
    this.listener.onLog('warn', 'protocol', message);
  }
}
