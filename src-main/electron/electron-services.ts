// The desktop services answered through Electron: the clipboard (Electron's async, main-process
// API; text written in one ClipboardItem with the org.nspasteboard.source marker so clipboard
// histories file it as Vitruvian's), links in the browser, the HUD, the alert sound, notifications
// (which macOS drops for an unsigned app: a notice the person must see then goes to the HUD).
import { clipboard, ClipboardItem, Notification, shell } from 'electron';
import { paramsProblems } from '../../src-shared/protocol/check-message';
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

/**
 * How much a notice matters: a passing one may be lost with the system's notifications; one the
 * person must see (a tool stopped, a permission to switch on) is shown on the HUD instead.
 */
export type NoticeWeight = 'passing' | 'mustSee';

/** A system notification; when it cannot be shown, the reason is logged. */
export type Notify = (title: string, body: string, weight?: NoticeWeight) => void;

export interface ElectronServices extends DesktopServices {
  /** The clipboard as darwin's paste needs it. */
  readonly pasteboard: Pasteboard;
  notify: Notify;
}

export interface ElectronServicesOptions {
  /** The app's bundle id, written as the clipboard's source. */
  appId: string;
  hud: Hud;
}

/** Notifications still on screen, kept from the garbage collector until they close or fail. */
const liveNotificationsAtMost = 50;

export function createElectronServices(options: ElectronServicesOptions): ElectronServices {
  const live = new Set<Notification>();
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
      // The broker lets only what open/url's schema allows through; checked again against the same
      // schema here, since this is where a link leaves the app.
      const problems = paramsProblems('open/url', { url });
      if (problems.length > 0) throw notAvailable(`open a link: ${problems.join('; ')}`);
      if (!URL.canParse(url)) throw notAvailable(`open a link: ${JSON.stringify(url)} is not a URL`);
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

    async trashFile(path) {
      try {
        await shell.trashItem(path);
      } catch (error) {
        throw notAvailable(`move ${path} to the trash: ${(error as Error).message}`);
      }
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

    notify(title, body, weight = 'passing') {
      const notShown = (why: string) => {
        console.warn(`notification ${JSON.stringify(title)} was not shown: ${why}`);
        if (weight !== 'mustSee') return;
        options.hud.notice(title, body).catch((error: unknown) => console.error('the HUD could not show the notice either', error));
      };
      if (!Notification.isSupported()) return notShown('this system offers no notifications');
      const notification = new Notification({ title, body, silent: true });
      const forget = () => live.delete(notification);
      // macOS refuses the notifications of an app that is not signed, or whose notifications are off.
      notification.once('failed', (_event, error) => {
        forget();
        notShown(error);
      });
      notification.once('close', forget);
      live.add(notification);
      if (live.size > liveNotificationsAtMost) live.delete(live.values().next().value!);
      notification.show();
    },
  };
}
