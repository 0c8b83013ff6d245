// The palette's default shortcut, in a module of its own without Electron: the Electron e2e, which
// runs in Node, presses it.

/**
 * The palette's shortcut until the person picks another. Cmd+Space is Spotlight's and Ctrl+Space
 * (with or without Option) switches input sources on macOS; Option+Space types the no-break space
 * French typists need; Alt+Space opens the window menu on Windows, GNOME and KDE. Cmd+Shift+Space
 * (Ctrl+Shift+Space off macOS) is free on a fresh system, and if another app holds it the person is
 * told so and picks another.
 */
export const defaultPaletteShortcut = 'CommandOrControl+Shift+Space';
