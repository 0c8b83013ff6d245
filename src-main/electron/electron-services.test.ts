import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformRefusal } from '../platform/platform';

const electron = vi.hoisted(() => {
  class FakeClipboardItem {
    readonly types: string[];
    constructor(readonly items: Record<string, string | Uint8Array>) {
      this.types = Object.keys(items);
    }
    async getType(type: string) {
      return this.items[type];
    }
  }
  const state = {
    writes: [] as FakeClipboardItem[][],
    contents: [] as FakeClipboardItem[],
    cleared: 0,
    opened: [] as string[],
    beeps: 0,
    notifications: [] as unknown[],
    openFails: false,
    notificationsSupported: true,
    notificationsFail: false,
  };
  return { FakeClipboardItem, state };
});

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const { state, FakeClipboardItem } = electron;
  return {
    ClipboardItem: FakeClipboardItem,
    clipboard: {
      write: async (items: InstanceType<typeof FakeClipboardItem>[]) => {
        state.writes.push(items);
        state.contents = items;
      },
      read: async () => state.contents,
      has: async (type: string) => state.contents.some((item) => item.types.includes(type)),
      readText: async () => String(state.contents.find((item) => item.types.includes('text/plain'))?.items['text/plain'] ?? ''),
      clear: () => {
        state.cleared++;
        state.contents = [];
      },
    },
    shell: {
      openExternal: async (url: string) => {
        if (state.openFails) throw new Error('no app for this link');
        state.opened.push(url);
      },
      beep: () => void state.beeps++,
    },
    Notification: class extends EventEmitter {
      static isSupported = () => state.notificationsSupported;
      constructor(readonly options: unknown) {
        super();
      }
      show() {
        state.notifications.push(this.options);
        // macOS drops an unsigned app's notification: Electron says so with 'failed'.
        if (state.notificationsFail) queueMicrotask(() => this.emit('failed', {}, 'Notifications are not allowed for this application'));
      }
    },
  };
});

const { createElectronServices, sourceFormat, transientFormat } = await import('./electron-services');
const { state, FakeClipboardItem } = electron;

const hudCalls: unknown[][] = [];
const hudNotices: string[][] = [];
const services = createElectronServices({
  appId: 'dev.vitruvian.app',
  hud: {
    show: async (...args) => void hudCalls.push(args),
    notice: async (title, body) => void hudNotices.push([title, body]),
    dispose: () => {},
  },
});

describe('the Electron clipboard', () => {
  it('writes text in ONE ClipboardItem together with org.nspasteboard.source = the app id', async () => {
    state.writes = [];
    await services.clipboardWriteText('deploy #42');
    expect(state.writes).toHaveLength(1);
    expect(state.writes[0]).toHaveLength(1);
    expect(state.writes[0]![0]!.items).toEqual({
      'text/plain': 'deploy #42',
      'electron application/osclipboard;format="org.nspasteboard.source"': 'dev.vitruvian.app',
    });
    expect(sourceFormat).toBe('electron application/osclipboard;format="org.nspasteboard.source"');
  });

  it('reads the text back, and null when the clipboard holds no text', async () => {
    await services.clipboardWriteText('hello');
    expect(await services.clipboardReadText()).toBe('hello');
    state.contents = [new FakeClipboardItem({ 'image/png': new Uint8Array([1, 2]) })];
    expect(await services.clipboardReadText()).toBeNull();
  });

  it('for a paste, marks the text transient, then puts back everything the clipboard held', async () => {
    const image = new FakeClipboardItem({ 'image/png': 'PNG', 'text/html': '<b>x</b>' });
    state.contents = [image];
    const restore = await services.pasteboard.stash();
    await services.pasteboard.writeForPaste('pasted');
    expect(state.contents[0]!.items).toEqual({
      'text/plain': 'pasted',
      [sourceFormat]: 'dev.vitruvian.app',
      [transientFormat]: '',
    });
    await restore();
    expect(state.contents.map((item) => item.items)).toEqual([{ 'image/png': 'PNG', 'text/html': '<b>x</b>' }]);
  });

  it('clears the clipboard again when it was empty before a paste', async () => {
    state.contents = [];
    const cleared = state.cleared;
    const restore = await services.pasteboard.stash();
    await services.pasteboard.writeForPaste('pasted');
    await restore();
    expect(state.cleared).toBe(cleared + 1);
    expect(state.contents).toEqual([]);
  });
});

describe('links, beep, HUD, notifications', () => {
  it('opens http, https and mailto links in the default app, and nothing else', async () => {
    await services.openUrl('https://example.com/a?b=c');
    await services.openUrl('mailto:someone@example.com');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const error = await Promise.resolve(services.openUrl(url)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(PlatformRefusal);
      expect((error as PlatformRefusal).code).toBe(-32004);
    }
    expect(state.opened).toEqual(['https://example.com/a?b=c', 'mailto:someone@example.com']);
  });

  it('refuses with -32004 when no app opens the link', async () => {
    state.openFails = true;
    await expect(services.openUrl('https://example.com')).rejects.toThrow('no app for this link');
    state.openFails = false;
  });

  it('beeps with shell.beep, shows the HUD, posts notifications', async () => {
    await services.beep();
    expect(state.beeps).toBe(1);
    await services.showHud('Copied', 'checkmark');
    expect(hudCalls).toEqual([['Copied', 'checkmark']]);
    services.notify('Deploys stopped', 'It crashed 5 times in 3 minutes');
    expect(state.notifications).toEqual([{ title: 'Deploys stopped', body: 'It crashed 5 times in 3 minutes', silent: true }]);
  });
});

describe('a notification the system does not show', () => {
  afterEach(() => {
    state.notificationsFail = false;
    state.notificationsSupported = true;
    hudNotices.length = 0;
    vi.restoreAllMocks();
  });

  it('is logged when it fails, and one the person must see goes to the HUD instead', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    state.notificationsFail = true;
    services.notify('Clock stopped', 'It crashed 5 times in 3 minutes', 'mustSee');
    services.notify('Passing by', 'nobody must see this');
    await vi.waitFor(() => expect(warnings).toHaveBeenCalledTimes(2));
    expect(String(warnings.mock.calls[0]![0])).toBe('notification "Clock stopped" was not shown: Notifications are not allowed for this application');
    expect(hudNotices).toEqual([['Clock stopped', 'It crashed 5 times in 3 minutes']]);
  });

  it('goes to the HUD when the system has no notifications at all, if the person must see it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    state.notificationsSupported = false;
    const before = state.notifications.length;
    services.notify('Vitruvian needs the Accessibility permission', 'Turn on Vitruvian', 'mustSee');
    services.notify('Passing by', 'lost');
    expect(state.notifications).toHaveLength(before);
    expect(hudNotices).toEqual([['Vitruvian needs the Accessibility permission', 'Turn on Vitruvian']]);
  });

  it('leaves the HUD alone when the notification shows', async () => {
    services.notify('Clock stopped', 'It crashed', 'mustSee');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hudNotices).toEqual([]);
  });
});
