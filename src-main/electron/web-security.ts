// What every web page of the app may not do: navigate away, open windows, attach webviews,
// or ask for permissions. Applied to every webContents the moment it is created. The window is
// one page (app://vitruvian/index.html) that never navigates: every navigation a page starts is
// stopped, to another app:// page or to a file:// one alike; only the main process loads pages.
import { session, shell, type Session, type WebContents } from 'electron';

/** Links a page opens (target=_blank, window.open) go to the browser when they are http(s). */
const isBrowserLink = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

export function hardenWebContents(contents: WebContents): void {
  const deny = (event: { preventDefault(): void }) => event.preventDefault();
  contents.on('will-navigate', deny);
  contents.on('will-frame-navigate', deny);
  contents.on('will-redirect', deny);
  contents.on('will-attach-webview', deny);
  contents.setWindowOpenHandler(({ url }) => {
    if (isBrowserLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Every permission is refused, except writing text to the clipboard (the window's copy buttons). */
export const allowedPermissions: readonly string[] = ['clipboard-sanitized-write'];

export function refusePermissions(target: Session = session.defaultSession): void {
  target.setPermissionRequestHandler((_contents, permission, callback) => callback(allowedPermissions.includes(permission)));
  target.setPermissionCheckHandler((_contents, permission) => allowedPermissions.includes(permission));
}
