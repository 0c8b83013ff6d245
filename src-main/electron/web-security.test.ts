import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';

const electron = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('electron', () => ({
  shell: { openExternal: async (url: string) => void electron.opened.push(url) },
  session: {},
}));

const { hardenWebContents, refusePermissions } = await import('./web-security');

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
  });
  hardenWebContents(contents as unknown as WebContents);
  const attempt = (name: string, url = 'https://evil.example') => {
    let prevented = false;
    emitter.emit(name, { preventDefault: () => (prevented = true), url });
    return prevented;
  };
  return { attempt, open: (url: string) => openHandler!({ url }) };
}

describe('hardenWebContents', () => {
  it('stops every navigation, redirect and webview a page attempts', () => {
    const { attempt } = fakeContents();
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(attempt(event), event).toBe(true);
    }
  });

  it("stops navigation to the app's own pages and to file:// alike: the window is one page", () => {
    const { attempt } = fakeContents();
    for (const url of [
      'app://vitruvian/index.html',
      'app://vitruvian/other.html',
      'file:///Applications/Vitruvian.app/Contents/Resources/app.asar/dist/renderer/index.html',
    ]) {
      expect(attempt('will-navigate', url), url).toBe(true);
      expect(attempt('will-frame-navigate', url), url).toBe(true);
    }
  });

  it('opens no window; http(s) links go to the browser, anything else nowhere', () => {
    const { open } = fakeContents();
    electron.opened.length = 0;
    expect(open('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('smb://server/share')).toEqual({ action: 'deny' });
    expect(open('app://vitruvian/index.html')).toEqual({ action: 'deny' });
    expect(electron.opened).toEqual(['https://example.com/docs']);
  });
});

describe('refusePermissions', () => {
  it('refuses every permission but writing text to the clipboard', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: ((c: unknown, p: string) => boolean) | undefined;
    refusePermissions({
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    } as unknown as Session);
    const granted = (permission: string) => {
      let answer: boolean | undefined;
      request!(null, permission, (value) => (answer = value));
      return answer;
    };
    expect(granted('media')).toBe(false);
    expect(granted('notifications')).toBe(false);
    expect(granted('openExternal')).toBe(false);
    expect(granted('clipboard-read')).toBe(false);
    expect(granted('clipboard-sanitized-write')).toBe(true);
    expect(check!(null, 'geolocation')).toBe(false);
  });
});
