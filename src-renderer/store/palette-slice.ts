// The command palette: open or closed, what it knows when it opens (how the person uses commands,
// the files they selected), the command it ran last, and the global shortcuts given in Settings.
import type { CommandShortcut, CommandUse, FileSelection, Result, ShortcutVerdict } from '../../src-shared/host-api';
import type { SliceCreator } from './app-store';
import { paletteKey, type PaletteCommand } from './palette-commands';
import { problemOf } from './problem';

/** The command the palette ran, whose answer it shows until it closes. */
export interface PaletteRun {
  key: string;
  kind: 'tool' | 'plugin';
  entryId: string;
  command: string;
  /** The last service call seen when it started: the HUD texts after it are the command's. */
  afterServiceCall: number;
}

export interface PaletteState {
  paletteOpen: boolean;
  /** When it opened (ms since the epoch): how lately a command ran is judged from then. */
  paletteOpenedAt: number;
  paletteUsage: CommandUse[];
  /** The files selected outside the app when the palette opened; undefined while it is read. */
  paletteSelection?: FileSelection;
  /** Files dropped on the palette or chosen, where no file manager offers its selection. */
  paletteFiles: string[];
  paletteRun?: PaletteRun;
  /** A shortcut pressed: run once the palette has what it needs. */
  palettePending?: { entryId: string; command: string };
  commandShortcuts: CommandShortcut[];
}

export interface PaletteActions {
  openPalette: () => Promise<void>;
  closePalette: () => void;
  togglePalette: () => void;
  runFromPalette: (command: PaletteCommand) => Promise<void>;
  /** The files the palette's Skwir commands act on now. */
  setPaletteFiles: (paths: string[]) => void;
  shortcutPressed: (entryId: string, command: string) => Promise<void>;
  loadCommandShortcuts: () => Promise<void>;
  setCommandShortcut: (entryId: string, command: string, accelerator: string | null) => Promise<ShortcutVerdict>;
  setSimulatedSelection: (paths: string[]) => Promise<Result>;
}

export type PaletteSlice = PaletteState & PaletteActions;

export const initialPaletteState: PaletteState = { paletteOpen: false, paletteOpenedAt: 0, paletteUsage: [], paletteFiles: [], commandShortcuts: [] };

export const createPaletteSlice: SliceCreator<PaletteSlice> = (set, get, host) => ({
  ...initialPaletteState,

  async openPalette() {
    set({ paletteOpen: true, paletteOpenedAt: Date.now(), paletteRun: undefined, paletteSelection: undefined });
    const [usage, selection] = await Promise.all([
      host.commandUsage().catch((): CommandUse[] => []),
      host.fileSelection().catch((error: unknown): FileSelection => ({ ok: false, reason: 'failed', problem: problemOf(error) })),
    ]);
    if (!get().paletteOpen) return;
    set({ paletteUsage: usage, paletteSelection: selection, paletteFiles: selection.ok ? selection.paths : get().paletteFiles });
  },

  closePalette() {
    set({ paletteOpen: false, paletteRun: undefined, palettePending: undefined });
  },

  togglePalette() {
    if (get().paletteOpen) get().closePalette();
    else void get().openPalette();
  },

  async runFromPalette(command) {
    if (command.held) return;
    const afterServiceCall = get().serviceCalls.at(-1)?.seq ?? 0;
    set({
      palettePending: undefined,
      paletteRun: { key: command.key, kind: command.kind, entryId: command.entryId, command: command.command, afterServiceCall },
    });
    if (command.kind === 'tool') await get().runCommand(command.entryId, command.command);
    // Without properties to fill, the args are {} for an object schema and absent without a schema.
    else await get().runPluginCommand(command.entryId, command.command, command.args ? {} : undefined, get().paletteFiles);
    const usage = await host.commandUsage().catch(() => undefined);
    if (usage) set({ paletteUsage: usage });
  },

  setPaletteFiles(paths) {
    set({ paletteFiles: [...paths] });
  },

  async shortcutPressed(entryId, command) {
    set({ palettePending: { entryId, command } });
    await get().openPalette();
  },

  async loadCommandShortcuts() {
    const shortcuts = await host.commandShortcuts().catch(() => undefined);
    if (shortcuts) set({ commandShortcuts: shortcuts });
  },

  async setCommandShortcut(entryId, command, accelerator) {
    const verdict = await host
      .setCommandShortcut(entryId, command, accelerator)
      .catch((error: unknown): ShortcutVerdict => ({ ok: false, problem: problemOf(error), refusal: { code: 'invalid', accelerator: accelerator ?? '' } }));
    await get().loadCommandShortcuts();
    return verdict;
  },

  setSimulatedSelection(paths) {
    return host.setSimulatedSelection(paths).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
  },
});

export const paletteSelectors = {
  shortcutOf: (entryId: string, command: string) => (s: PaletteState) =>
    s.commandShortcuts.find((shortcut) => paletteKey(shortcut.entryId, shortcut.command) === paletteKey(entryId, command)),
};
