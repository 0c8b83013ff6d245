// What the Electron preload puts on `window.vitruvian`: the HostApi, plus one extra only a
// desktop window can offer. Declared here, not in HostApi, since no other transport has it.
import type { HostApi } from '../src-shared/host-api';

export type DesktopBridge = HostApi & {
  /** The path of a dropped or chosen file or folder (Electron's webUtils.getPathForFile). */
  pathForFile?(file: File): string;
  /** Hides the palette window (the palette closed in it); absent in the main window. */
  hidePalette?(): void;
};

declare global {
  interface Window {
    vitruvian?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.vitruvian;
}

/** The folder path of a dropped item, when the window can know it (in Electron only). */
export function pathOfDroppedFile(file: File): string | undefined {
  const path = desktopBridge()?.pathForFile?.(file);
  return path ? path : undefined;
}

/**
 * The folder chosen with a directory picker: every file it lists carries its path relative to the
 * parent of the chosen folder, so the folder is the first file's path less that tail plus its top.
 */
export function pathOfChosenFolder(files: FileList | File[]): string | undefined {
  const file = files[0];
  if (!file) return undefined;
  const path = pathOfDroppedFile(file);
  const relative = file.webkitRelativePath;
  if (!path || !relative) return undefined;
  const [top] = relative.split('/');
  const tail = relative.slice((top ?? '').length);
  const tailOnDisk = tail.split('/').join(path.includes('\\') ? '\\' : '/');
  return path.endsWith(tailOnDisk) ? path.slice(0, path.length - tailOnDisk.length) : undefined;
}
