// The desktop services answered through Electron: the clipboard (Electron's async, main-process
// API; text written in one ClipboardItem with the org.nspasteboard.source marker so clipboard
// histories file it as Vitruvian's), links in the browser, the HUD, the alert sound, notifications.
import { clipboard, ClipboardItem, Notification, shell } from 'electron';
import { notAvailable } from '../platform/platform';
import type { DesktopServices } from '../platform/compose';
import type { Pasteboard } from '../platform/darwin';
import type { Hud } from './hud-window';

/** A raw pasteboard type, in Electron's custom clipboard format syntax. */
export const rawFormat = (name: string): string => `electron application/osclipboard;format="${name}"`;
/** nspasteboard.org: the bundle id of the app that wrote the clipboard. */
export const sourceFormat = rawFormat('org.nspasteboard.source');
/** nspasteboard.org: the content is only passing through (a paste); histories skip it. */
export const transientFormat = rawFormat('org.nspasteboard.TransientType');

export interface ElectronServices extends DesktopServices {
  /** The clipboard as darwin's paste needs it. */
  readonly pasteboard: Pasteboard;
  /** A system notification, when the OS offers them; silently nothing otherwise. */
  notify(title: string, body: string): void;
}

export interface ElectronServicesOptions {
  /** The app's bundle id, written as the clipboard's source. */
  appId: string;
  hud: Hud;
}

const linkSchemes = ['http:', 'https:', 'mailto:'];

export function createElectronServices(options: ElectronServicesOptions): ElectronServices {
  const textItem = (text: string, transient: boolean) =>
    new ClipboardItem({
      'text/plain': text,
      [sourceFormat]: options.appId,
      ...(transient ? { [transientFormat]: '' } : {}),
    });

  return {
    async clipboardReadText() {
      if (!(await clipboard.has('text/plain'))) return null;
      return clipboard.readText();
    },

    async clipboardWriteText(text) {
      await clipboard.write([textItem(text, false)]);
    },

    async openUrl(url) {
      // The broker lets only these through; checked again here since this is where a link leaves the app.
      let scheme: string;
      try {
        scheme = new URL(url).protocol;
      } catch {
        throw notAvailable(`open a link: ${JSON.stringify(url)} is not a URL`);
      }
      if (!linkSchemes.includes(scheme)) throw notAvailable(`open a link: ${scheme} links are not opened`);
      try {
        await shell.openExternal(url, { activate: true });
      } catch (error) {
        throw notAvailable(`open a link: ${(error as Error).message}`);
      }
    },

    showHud: (text, symbol) => options.hud.show(text, symbol),

    async beep() {
      shell.beep();
    },

    pasteboard: {
      async stash() {
        const items = await clipboard.read();
        // Read every payload now: the clipboard is about to change.
        const kept = await Promise.all(
          items.map(async (item) => {
            const payloads = await Promise.all(item.types.map(async (type) => [type, await item.getType(type)] as const));
            return new ClipboardItem(Object.fromEntries(payloads));
          }),
        );
        return async () => {
          if (kept.length === 0) clipboard.clear();
          else await clipboard.write(kept);
        };
      },
      async writeForPaste(text) {
        await clipboard.write([textItem(text, true)]);
      },
    },

    notify(title, body) {
      if (!Notification.isSupported()) return;
      new Notification({ title, body, silent: true }).show();
    },
  };
}
