// The app menu's item that opens the palette: the way in for a person who does not know the
// shortcut, and for the Electron e2e where no key can be pressed.
import { openPaletteMenuId } from './palette-channels';

/**
 * The app menu's item that opens the palette, showing its shortcut. The global shortcut already
 * brings the key to the app, so the menu does not take it as well.
 */
export const openPaletteMenuItem = (label: string, shortcut: string | undefined, open: () => void): Electron.MenuItemConstructorOptions => ({
  id: openPaletteMenuId,
  label,
  ...(shortcut ? { accelerator: shortcut, registerAccelerator: false } : {}),
  click: () => open(),
});
