// The window's words about the command palette and the commands' global shortcuts. Kept apart from
// words.ts so each file stays readable; en and fr each give all of them.
import type { ShortcutRefusal } from '../../src-shared/host-api';
import type { PaletteCommand } from '../store/palette-commands';

export interface PaletteWords {
  title: string;
  search: string;
  placeholder: string;
  commands: string;
  noMatch: string;
  noCommands: string;
  /** A command's line: its title, then whose it is. */
  of: (entry: string) => string;
  /** Why a command is dimmed. */
  held: Record<NonNullable<PaletteCommand['held']>, string>;
  /** The files the Skwir commands act on. */
  selection: (count: number) => string;
  readingSelection: string;
  noSelection: string;
  /** No file manager offers its selection here: drop or choose files. */
  dropOrChoose: string;
  chooseFiles: string;
  permission: (problem: string) => string;
  running: string;
  hudSaid: string;
  valueHeading: string;
  openHint: string;
  // The test bed's simulated selection
  selectionField: string;
  selectionSet: string;
  selectionHolds: (count: number) => string;
  // Settings: a shortcut per command
  shortcutsHeading: string;
  shortcutsHelp: string;
  shortcutFor: (command: string) => string;
  pressShortcut: string;
  noShortcut: string;
  removeShortcut: string;
  shortcutSaved: string;
  notRegistered: string;
  /** The label of the palette's own shortcut field. */
  paletteShortcut: string;
  refusal: (refusal: ShortcutRefusal) => string;
}
