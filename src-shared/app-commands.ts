// The app's own command that a global shortcut can open: the palette. Its shortcut is kept with the
// commands' shortcuts, under an entry id no tool or plugin can have (an id needs a dot).
import type { CommandShortcut } from './host-api';

export const APP_ENTRY_ID = 'vitruvian';
export const PALETTE_COMMAND = 'palette';

/** Whether a shortcut is the palette's own, not a command's. */
export const isPaletteShortcut = (entryId: string, command: string): boolean => entryId === APP_ENTRY_ID && command === PALETTE_COMMAND;

/** The palette's shortcut when the system holds it for the app; else none to show. */
export function heldPaletteShortcut(shortcuts: readonly CommandShortcut[]): string | undefined {
  const own = shortcuts.find((shortcut) => isPaletteShortcut(shortcut.entryId, shortcut.command));
  return own?.registered ? own.accelerator : undefined;
}

/**
 * The palette's shortcut until the person picks another. Cmd+Space is Spotlight's and Ctrl+Space
 * (with or without Option) switches input sources on macOS; Option+Space types the no-break space
 * French typists need; Alt+Space opens the window menu on Windows, GNOME and KDE. Cmd+Shift+Space
 * (Ctrl+Shift+Space off macOS) is free on a fresh system, and if another app holds it the person is
 * told so and picks another.
 */
export const defaultPaletteShortcut = 'CommandOrControl+Shift+Space';
