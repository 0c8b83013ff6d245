// The entries' commands as the person uses them: how often and how lately each ran (the palette's
// ranking) and the global shortcut each was given, both kept in the data folder and dropped with
// their tool or plugin.
import type { CommandShortcut, CommandUse, ShortcutVerdict } from '../../src-shared/host-api';
import type { EntryList } from './entries/entry-list';
import { CommandShortcuts, type ShortcutKeys } from './records/command-shortcuts';
import { CommandUsage } from './records/command-usage';

export class EntryCommands {
  private readonly usage: CommandUsage;
  private readonly shortcuts: CommandShortcuts;

  constructor(
    dataFolder: string,
    keys: ShortcutKeys,
    private readonly entries: EntryList,
    pressed: (entryId: string, command: string) => void,
  ) {
    this.usage = new CommandUsage(dataFolder);
    this.shortcuts = new CommandShortcuts(dataFolder, keys, (id) => this.commandsOf(id), pressed);
  }

  async load(): Promise<void> {
    await this.usage.load();
    await this.shortcuts.load();
  }

  usageList(): CommandUse[] {
    return this.usage.list();
  }

  shortcutList(): CommandShortcut[] {
    return this.shortcuts.list();
  }

  setShortcut(entryId: string, command: string, accelerator: string | null): Promise<ShortcutVerdict> {
    return this.shortcuts.set(entryId, command, accelerator);
  }

  /**
   * A run of a command the entry declares counts for the palette's ranking at once; the command does
   * not wait for the disk, and a failed write loses only that count.
   */
  noteUse(entryId: string, command: string): void {
    if (this.commandsOf(entryId)?.includes(command)) void this.usage.record(entryId, command).catch(() => undefined);
  }

  /** The entry was uninstalled: its counts and its shortcuts go with it. */
  async forget(entryId: string): Promise<void> {
    await this.usage.forget(entryId);
    await this.shortcuts.forget(entryId);
  }

  /** Shortcuts let go of, and the counts written. */
  async close(): Promise<void> {
    await this.shortcuts.close();
    await this.usage.saved();
  }

  /** The commands an entry declares (a tool's ids, a plugin's names), or undefined when none is installed under it. */
  private commandsOf(id: string): readonly string[] | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const summary = entry.summary();
    if (summary.kind === 'tool') return summary.commands.map((command) => command.id);
    return summary.plugin.commands.map((command) => command.name);
  }
}
