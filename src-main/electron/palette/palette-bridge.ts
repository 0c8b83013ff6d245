// What the preload adds to window.vitruvian for the palette's page: close the palette, hear that it
// was opened again, and choose files where no file manager offers its selection. The preload is a
// bundle of its own for a sandboxed page, so this takes the page's ipcRenderer rather than importing it.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { paletteChooseFilesChannel, paletteHideChannel, paletteShownChannel } from './palette-channels';

export interface PaletteBridge {
  /** Closes the palette (Escape, or once a command is done). */
  hidePalette(): void;
  /** Called each time the palette is shown; the function returned stops it. */
  onPaletteShown(listener: () => void): () => void;
  /** The system's dialog to choose files; the chosen paths, none when cancelled. */
  choosePaletteFiles(): Promise<string[]>;
}

export function paletteBridge(ipc: Pick<IpcRenderer, 'send' | 'invoke' | 'on' | 'removeListener'>): PaletteBridge {
  return {
    hidePalette: () => ipc.send(paletteHideChannel),
    onPaletteShown(listener) {
      // The event is not handed on: it carries the sender, which a page has no use for.
      const heard = (_event: IpcRendererEvent) => listener();
      ipc.on(paletteShownChannel, heard);
      return () => void ipc.removeListener(paletteShownChannel, heard);
    },
    async choosePaletteFiles() {
      const paths: unknown = await ipc.invoke(paletteChooseFilesChannel);
      return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
    },
  };
}
