// The IPC channels between the palette's page and the main process, apart from the HostApi's pair.
// No import here: the preload (a bundle of its own for a sandboxed page) names them too.

/** Page to main (send): close the palette (Escape, or a command done). */
export const paletteHideChannel = 'palette:hide';
/** Main to page: the palette was just shown; clear the search and put the focus in it. */
export const paletteShownChannel = 'palette:shown';
/** Page to main (invoke): the system's dialog to choose files, where no file manager offers its selection. */
export const paletteChooseFilesChannel = 'palette:choose-files';
