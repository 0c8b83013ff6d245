// How often and how lately the person ran each command, kept in the app's data folder so the palette
// puts what they reach for first, across restarts. Dropped with its tool or plugin.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandUse } from '../../../src-shared/host-api';
import { writeFileAtomic } from '../files/own-files';
import { KeptFile } from './kept-file';

/** Most commands remembered: past it the longest unused are forgotten, so the file stays small. */
export const USAGE_KEPT = 2_000;

const isUse = (value: unknown): value is CommandUse => {
  if (typeof value !== 'object' || value === null) return false;
  const use = value as Record<string, unknown>;
  return (
    typeof use.entryId === 'string' &&
    typeof use.command === 'string' &&
    Number.isSafeInteger(use.count) &&
    (use.count as number) > 0 &&
    typeof use.last === 'number' &&
    Number.isFinite(use.last)
  );
};

const keyOf = (entryId: string, command: string) => `${entryId}\u0000${command}`;

export class CommandUsage {
  private readonly uses = new Map<string, CommandUse>();
  private readonly file: KeptFile;

  constructor(dataFolder: string) {
    this.file = new KeptFile(join(dataFolder, 'command-usage.json'), { read: readFile, write: writeFileAtomic });
  }

  /** Reads what was kept; a file that is missing or not ours to read leaves the usage empty. */
  async load(): Promise<void> {
    for (const use of (await this.file.load()).filter(isUse)) this.uses.set(keyOf(use.entryId, use.command), { ...use });
  }

  list(): CommandUse[] {
    return [...this.uses.values()].map((use) => ({ ...use }));
  }

  /** One run more of a command, now; answered once it is on disk. */
  record(entryId: string, command: string, now = Date.now()): Promise<void> {
    const key = keyOf(entryId, command);
    const before = this.uses.get(key);
    this.uses.delete(key);
    // Kept in the order of their last run, so the first is the longest unused.
    this.uses.set(key, { entryId, command, count: (before?.count ?? 0) + 1, last: now });
    for (const old of this.uses.keys()) {
      if (this.uses.size <= USAGE_KEPT) break;
      this.uses.delete(old);
    }
    return this.save();
  }

  /** Forgets every command of an entry (uninstalled). */
  forget(entryId: string): Promise<void> {
    for (const [key, use] of this.uses) if (use.entryId === entryId) this.uses.delete(key);
    return this.save();
  }

  /** Resolves once every change so far is on disk (or failed to be). */
  saved(): Promise<void> {
    return this.file.saved();
  }

  private save(): Promise<void> {
    return this.file.save(() => this.list());
  }
}
