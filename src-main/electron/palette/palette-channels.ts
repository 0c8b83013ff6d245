// The names by which the palette is reached: its page, its IPC channels apart from the HostApi's
// pair, its item in the app menu. Without Electron: the preload (a bundle of its own for a
// sandboxed page) and the Electron e2e (run in Node) name them too.
import { rendererPage } from '../renderer-origin';

/** The renderer's page showing only the palette (the window reads ?palette in its address). */
export const palettePage = `${rendererPage}?palette`;

/** The id of the app menu's item that opens the palette; the Electron e2e clicks it by this id. */
export const openPaletteMenuId = 'open-palette';

/** Page to main (send): close the palette (Escape, or a command done). */
export const paletteHideChannel = 'palette:hide';
/** Main to page: the palette was just shown; clear the search and put the focus in it. */
export const paletteShownChannel = 'palette:shown';
/** Page to main (invoke): the system's dialog to choose files, where no file manager offers its selection. */
export const paletteChooseFilesChannel = 'palette:choose-files';
