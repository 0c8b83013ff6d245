// The list of entries the host holds, by id: what takes a place in it, and what leaves it, is told
// to the window. list-changes.ts changes it, one change at a time.
import { resolve } from 'node:path';
import type { CommandReasonCode, HostEvent, Result } from '../../../src-shared/host-api';
import { readProcessEntries } from '../process/process-tree';
import { notInstalled, reasonText } from '../process/reasons';
import type { HostedPlugin } from './hosted-plugin';
import type { HostedRefusal } from './hosted-refusal';
import type { HostedTool } from './hosted-tool';

/** What the host holds for each entry of its list: a tool, a Skwir plugin, or a folder refused at its first load. */
export type Hosted = HostedTool | HostedPlugin | HostedRefusal;

/** Why an id names no plugin to ask, as a call that was never sent ends. */
export interface NoPlugin {
  outcome: 'unavailable';
  message: string;
  reasonCode?: CommandReasonCode;
}

export class EntryList {
  private readonly entries = new Map<string, Hosted>();

  constructor(private readonly tell: (event: HostEvent) => void) {}

  get(id: string): Hosted | undefined {
    return this.entries.get(id);
  }
  has(id: string): boolean {
    return this.entries.has(id);
  }
  all(): Hosted[] {
    return [...this.entries.values()];
  }

  /** The plugin an id names, or why there is none to ask: nothing by that id, a refused folder, a tool. */
  plugin(id: string): HostedPlugin | NoPlugin {
    const entry = this.entries.get(id);
    if (!entry) {
      const why = { code: 'notInstalled', toolId: id } as const;
      return { outcome: 'unavailable', message: reasonText(why, 'plugin'), reasonCode: why };
    }
    if (entry.kind === 'refused') return { outcome: 'unavailable', message: entry.stateReason, reasonCode: entry.stateReasonCode };
    if (entry.kind === 'tool') return { outcome: 'unavailable', message: `"${id}" is a tool, not a Skwir plugin` };
    return entry;
  }

  /** Gives an entry its place, and tells the window of it and of every change to it. */
  hold(entry: Hosted): void {
    entry.onDidChange(() => this.tell({ type: 'tool', tool: entry.summary() }));
    this.entries.set(entry.id, entry);
    this.tell({ type: 'tool', tool: entry.summary() });
  }

  /** Lets go of what held a place, keeping its log and trace for what comes next. */
  async unhold(entry: Hosted): Promise<void> {
    await entry.dispose();
    this.entries.delete(entry.id);
  }

  /** Stops an entry and takes it off the list; its log file is kept or removed. */
  async drop(id: string, log: 'close' | 'remove'): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    await entry.dispose();
    entry.trace.dispose();
    await (log === 'remove' ? entry.log.remove() : entry.log.dispose());
    this.entries.delete(id);
    this.tell({ type: 'toolRemoved', toolId: id });
  }

  /** What stands for a folder loaded in place that was refused at its first load and never valid since. */
  refusedAt(folder: string): Hosted | undefined {
    const wanted = resolve(folder);
    return this.all().find((entry) => entry.refusedFolder?.folder === wanted);
  }

  /** The entry a process belongs to: the entry's own, a descendant seen, or one in its process group. */
  ownerOf(pid: number): string | undefined {
    const group = readProcessEntries([pid]).get(pid)?.groupId;
    for (const entry of this.entries.values()) {
      const [leader, ...descendants] = entry.processes;
      if (leader !== undefined && (pid === leader || group === leader || descendants.includes(pid))) return entry.id;
    }
    return undefined;
  }

  /** Does something to the entry an id names, when there is one. */
  async act(id: string, act: (entry: Hosted) => unknown): Promise<Result> {
    const entry = this.entries.get(id);
    if (!entry) return notInstalled(id);
    await act(entry);
    return { ok: true };
  }

  /** Starts the entry an id names (`act`), answered by whether it runs after, and why not. A refused entry is not started. */
  async untilRunning(id: string, act: (entry: Hosted) => Promise<void>): Promise<Result> {
    const entry = this.entries.get(id);
    if (!entry) return notInstalled(id);
    if (entry.state === 'refused')
      return {
        ok: false,
        problem: entry.stateReason ?? 'the tool was refused',
        problemCode: entry.stateReasonCode ?? { code: 'refused', problem: 'unknown problem' },
      };
    await act(entry);
    if (entry.state === 'running') return { ok: true };
    return {
      ok: false,
      problem: entry.stateReason ?? `the tool is ${entry.state}`,
      problemCode: entry.stateReasonCode ?? { code: 'notStarted', state: entry.state },
    };
  }
}
