// One Platform made of two halves: the desktop services (clipboard, links, HUD, beep, trash), which the
// Electron app answers through Electron, and the OS services (keystrokes, ending processes),
// which darwin.ts answers with System Events and linux.ts with xdotool.
import type { Platform } from './platform';

export type DesktopServices = Pick<Platform, 'clipboardReadText' | 'clipboardWriteText' | 'openUrl' | 'showHud' | 'beep' | 'trashFile'>;
export type OsServices = Pick<Platform, 'paste' | 'pressMenuItem' | 'terminateProcess'>;

export function composePlatform(name: string, desktop: DesktopServices, os: OsServices): Platform {
  return {
    name,
    clipboardReadText: () => desktop.clipboardReadText(),
    clipboardWriteText: (text) => desktop.clipboardWriteText(text),
    openUrl: (url) => desktop.openUrl(url),
    showHud: (text, symbol) => desktop.showHud(text, symbol),
    beep: () => desktop.beep(),
    trashFile: (path) => desktop.trashFile(path),
    paste: (text) => os.paste(text),
    pressMenuItem: (keys) => os.pressMenuItem(keys),
    terminateProcess: (pid) => os.terminateProcess(pid),
  };
}
