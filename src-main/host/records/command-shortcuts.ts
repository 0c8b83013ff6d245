// The global shortcuts the person gave commands, kept in the app's data folder and registered with
// the OS through ShortcutKeys (Electron's globalShortcut in the app; recorded only in the test bed).
// A shortcut the system or another app holds is refused as taken; they are dropped with their entry.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { acceleratorProblem } from '../../../src-shared/accelerator';
import type { CommandShortcut, ShortcutRefusal, ShortcutVerdict } from '../../../src-shared/host-api';
import type { MaybePromise } from '../../../src-shared/maybe-promise';
import { writeFileAtomic } from '../files/own-files';
import { KeptFile } from './kept-file';

/** Where shortcuts are registered: false from registerShortcut when the system or another app holds it. */
export interface ShortcutKeys {
  registerShortcut(accelerator: string, pressed: () => void): MaybePromise<boolean>;
  unregisterShortcut(accelerator: string): MaybePromise<void>;
}

/** What the store asks of the list of entries: the commands an entry has, or undefined when it is not installed. */
export type CommandsOf = (entryId: string) => readonly string[] | undefined;

type Kept = Omit<CommandShortcut, 'registered'>;

const isKept = (value: unknown): value is Kept => {
  if (typeof value !== 'object' || value === null) return false;
  const kept = value as Record<string, unknown>;
  return typeof kept.entryId === 'string' && typeof kept.command === 'string' && typeof kept.accelerator === 'string' && !acceleratorProblem(kept.accelerator);
};

const refused = (problem: string, refusal: ShortcutRefusal): ShortcutVerdict => ({ ok: false, problem, refusal });

export class CommandShortcuts {
  private shortcuts: CommandShortcut[] = [];
  private readonly file: KeptFile;
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    dataFolder: string,
    private readonly keys: ShortcutKeys,
    private readonly commandsOf: CommandsOf,
    private readonly pressed: (entryId: string, command: string) => void,
  ) {
    this.file = new KeptFile(join(dataFolder, 'command-shortcuts.json'), { read: readFile, write: writeFileAtomic });
  }

  /**
   * Reads the kept shortcuts and registers each. One the OS refuses now stays kept, shown as not
   * registered, so the person sees it was theirs and can choose another.
   */
  load(): Promise<void> {
    return this.change(async () => {
      const seen = new Set<string>();
      for (const kept of (await this.file.load()).filter(isKept)) {
        if (seen.has(kept.accelerator)) continue;
        seen.add(kept.accelerator);
        this.shortcuts = this.shortcuts.filter((s) => !(s.entryId === kept.entryId && s.command === kept.command));
        this.shortcuts.push({ ...kept, registered: await this.register(kept) });
      }
    });
  }

  list(): CommandShortcut[] {
    return this.shortcuts.map((shortcut) => ({ ...shortcut }));
  }

  /** Gives a command a shortcut, or takes it away (null). */
  set(entryId: string, command: string, accelerator: string | null): Promise<ShortcutVerdict> {
    return this.change(async () => {
      const commands = this.commandsOf(entryId);
      if (!commands) return refused(`"${entryId}" is not installed`, { code: 'notInstalled', entryId });
      if (!commands.includes(command)) return refused(`"${entryId}" has no command "${command}"`, { code: 'unknownCommand', command });
      const before = this.shortcuts.find((s) => s.entryId === entryId && s.command === command);
      if (accelerator === null) {
        if (before) await this.drop(before);
        await this.save();
        return { ok: true };
      }
      const problem = acceleratorProblem(accelerator);
      if (problem) return refused(`${JSON.stringify(accelerator)} is not a shortcut: ${problem}`, { code: 'invalid', accelerator });
      if (before?.accelerator === accelerator && before.registered) return { ok: true };
      const holder = this.shortcuts.find((s) => s.accelerator === accelerator && s !== before);
      if (holder) {
        const refusal = { code: 'usedByCommand', accelerator, entryId: holder.entryId, command: holder.command } as const;
        return refused(`${accelerator} is already the shortcut of "${holder.command}" of "${holder.entryId}"`, refusal);
      }
      // The new one is registered before the old one goes, so a taken shortcut leaves the old in place.
      if (before?.accelerator !== accelerator && !(await this.register({ entryId, command, accelerator }))) {
        return refused(`${accelerator} is taken by the system or another app`, { code: 'taken', accelerator });
      }
      if (before) {
        this.shortcuts = this.shortcuts.filter((s) => s !== before);
        if (before.registered && before.accelerator !== accelerator) await this.keys.unregisterShortcut(before.accelerator);
      }
      const registered = before?.accelerator === accelerator ? await this.register({ entryId, command, accelerator }) : true;
      if (!registered) return refused(`${accelerator} is taken by the system or another app`, { code: 'taken', accelerator });
      this.shortcuts.push({ entryId, command, accelerator, registered });
      await this.save();
      return { ok: true };
    });
  }

  /** Drops every shortcut of an entry (uninstalled), unregistered at once. */
  forget(entryId: string): Promise<void> {
    return this.change(async () => {
      for (const shortcut of this.shortcuts.filter((s) => s.entryId === entryId)) await this.drop(shortcut);
      await this.save();
    });
  }

  /** Unregisters every shortcut (the app is quitting); what is kept on disk stays. */
  close(): Promise<void> {
    return this.change(async () => {
      for (const shortcut of this.shortcuts) if (shortcut.registered) await this.keys.unregisterShortcut(shortcut.accelerator);
    });
  }

  private async register({ entryId, command, accelerator }: Kept): Promise<boolean> {
    try {
      return await this.keys.registerShortcut(accelerator, () => this.pressed(entryId, command));
    } catch {
      // The OS's refusal to take a shortcut is the same for the person as its being held.
      return false;
    }
  }

  private async drop(shortcut: CommandShortcut): Promise<void> {
    this.shortcuts = this.shortcuts.filter((s) => s !== shortcut);
    if (shortcut.registered) await this.keys.unregisterShortcut(shortcut.accelerator);
  }

  private save(): Promise<void> {
    return this.file.save(() => this.shortcuts.map(({ entryId, command, accelerator }) => ({ entryId, command, accelerator })));
  }

  private change<T>(work: () => Promise<T>): Promise<T> {
    const next = this.changes.then(work);
    this.changes = next.catch(() => undefined);
    return next;
  }
}
