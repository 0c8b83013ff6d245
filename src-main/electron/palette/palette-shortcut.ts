// The palette's default shortcut, for the Electron side and its e2e (which runs in Node and presses
// it); the host keeps it with the commands' shortcuts (src-shared/app-commands.ts).
export { defaultPaletteShortcut } from '../../../src-shared/app-commands';
