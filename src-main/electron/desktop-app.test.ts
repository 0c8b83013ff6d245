// The lifecycle with Electron mocked: single instance, start, dock reopen, and quit waiting for
// every tool to stop before the app exits.
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostOptions } from '../host/host';
import { createFakeHost, makeTool, type FakeHost } from '../../src-shared/test/fake-host';

const fx = vi.hoisted(() => {
  const state = {
    lock: true,
    quits: 0,
    exits: [] as number[],
    root: '',
    windows: [] as { closed: boolean; revealed: number; emit(e: string): void }[],
    hostOptions: [] as unknown[],
    hosts: [] as FakeHost[],
    systemLanguages: ['fr-FR'] as string[],
    trusted: true,
    accessibilityAsks: [] as boolean[],
    notices: [] as string[][],
    disposeCalls: 0,
    releaseDispose: () => {},
    menubars: 0,
    paths: {} as Record<string, string>,
    packaged: false,
    /** What the app was asked, in order, for the calls whose order matters. */
    asked: [] as string[],
    names: [] as string[],
    focused: [] as unknown[],
    switches: {} as Record<string, string>,
    hudOptions: [] as unknown[],
    trayIcons: [] as unknown[],
    appMenus: [] as unknown[],
    dockIcons: [] as string[],
    windowOptions: [] as unknown[],
    /** The global shortcuts the system holds for the app, and what each does. */
    shortcuts: new Map<string, () => void>(),
    /** What was asked of the palette's window: made, shown, toggled, disposed. */
    palette: [] as string[],
  };
  return { state };
});

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: () => (fx.state.asked.push('requestSingleInstanceLock'), fx.state.lock),
    setName: (name: string) => void (fx.state.asked.push(`setName ${name}`), fx.state.names.push(name)),
    focus: (options: unknown) => void fx.state.focused.push(options),
    quit: () => void fx.state.quits++,
    exit: (code: number) => void fx.state.exits.push(code),
    whenReady: () => Promise.resolve(),
    getAppPath: () => fx.state.root,
    getPath: (name: string) => fx.state.paths[name] ?? `${fx.state.root}/${name}`,
    setPath: (name: string, path: string) => void (fx.state.asked.push(`setPath ${name}`), (fx.state.paths[name] = path)),
    getPreferredSystemLanguages: () => fx.state.systemLanguages,
    getLocale: () => 'en-US',
    getAppMetrics: () => [{ pid: 11 }, { pid: 12 }],
    dock: { setIcon: (path: string) => void fx.state.dockIcons.push(path) },
    commandLine: {
      hasSwitch: (name: string) => name in fx.state.switches,
      getSwitchValue: (name: string) => fx.state.switches[name] ?? '',
    },
  });
  Object.defineProperty(app, 'isPackaged', { get: () => fx.state.packaged }); // Object.assign would copy one value
  return {
    app,
    dialog: { showErrorBox: vi.fn() },
    globalShortcut: {
      register: (accelerator: string, pressed: () => void) => (fx.state.shortcuts.set(accelerator, pressed), true),
      unregister: (accelerator: string) => void fx.state.shortcuts.delete(accelerator),
    },
    systemPreferences: {
      isTrustedAccessibilityClient: (prompt: boolean) => (fx.state.accessibilityAsks.push(prompt), fx.state.trusted),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (plain: string) => Buffer.from(plain).reverse(),
      decryptString: (stored: Buffer) => Buffer.from(stored).reverse().toString(),
    },
  };
});

vi.mock('../host/host', () => ({
  createHost: async (options: unknown) => {
    fx.state.hostOptions.push(options);
    const fake = createFakeHost();
    // The host keeps the palette's shortcut with the commands' (host-commands.test.ts); registered here.
    fake.shortcuts = [{ entryId: 'vitruvian', command: 'palette', accelerator: 'CommandOrControl+Shift+Space', registered: true }];
    fx.state.hosts.push(fake);
    return Object.assign(fake.host, {
      loadInPlace: fake.host.installFolder,
      reload: fake.host.installFolder,
      dispose: () => {
        fx.state.disposeCalls++;
        return new Promise<void>((resolve) => (fx.state.releaseDispose = resolve));
      },
    });
  },
}));

vi.mock('./main-window', async () => {
  const { EventEmitter } = await import('node:events');
  return {
    createMainWindow: (options: unknown) => {
      fx.state.windowOptions.push(options);
      const window = Object.assign(new EventEmitter(), {
        closed: false,
        revealed: 0,
        isDestroyed: () => window.closed,
      });
      fx.state.windows.push(window);
      return window;
    },
    revealWindow: (window: { revealed: number }) => void window.revealed++,
  };
});
vi.mock('./menubar', async (original) => ({
  trayIconFor: (await original<typeof import('./menubar')>()).trayIconFor,
  createMenubar: (options: { icon: unknown }) => (fx.state.menubars++, fx.state.trayIcons.push(options.icon), { dispose: () => void fx.state.menubars-- }),
}));
vi.mock('./app-menu', () => ({
  createAppMenu: (options: unknown) => (fx.state.appMenus.push(options), { dispose: () => {} }),
}));
vi.mock('./hud-window', () => ({
  createHud: (options: unknown) => (fx.state.hudOptions.push(options), { show: async () => {}, notice: async () => {}, dispose: () => {} }),
}));
vi.mock('./palette/palette-window', () => ({
  createPaletteWindow: () => {
    fx.state.palette.push('made');
    return {
      show: () => void fx.state.palette.push('show'),
      toggle: () => void fx.state.palette.push('toggle'),
      window: () => undefined,
      dispose: () => void fx.state.palette.push('dispose'),
    };
  },
}));
vi.mock('./renderer-protocol', () => ({
  registerRendererScheme: () => void fx.state.asked.push('registerRendererScheme'),
  serveRendererFolder: () => ({ dispose: () => {} }),
}));
vi.mock('./converted-protocol', () => ({
  serveConvertedFiles: () => ({ dispose: () => {} }),
}));
vi.mock('./web-security', () => ({ hardenWebContents: () => {}, refusePermissions: () => {} }));
vi.mock('./ipc', () => ({ bindHostIpc: () => ({ dispose: () => {} }) }));
vi.mock('./electron-services', () => ({
  createElectronServices: () => ({ pasteboard: {}, notify: (title: string, body: string) => void fx.state.notices.push([title, body]) }),
}));

const { app } = (await import('electron')) as unknown as { app: EventEmitter };
const { closingTheWindowQuits, startDesktopApp } = await import('./desktop-app');

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Started: the window and the menu bar are up (the samples may still be installing). */
const started = () => vi.waitFor(() => expect(fx.state.menubars).toBe(1), { timeout: 10_000 });
const quitEvent = () => {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  app.emit('before-quit', event);
  return event;
};

beforeEach(async () => {
  fx.state.root = await mkdtemp(join(tmpdir(), 'vitruvian-desktop-'));
  Object.assign(fx.state, {
    lock: true,
    quits: 0,
    exits: [],
    windows: [],
    hostOptions: [],
    hosts: [],
    systemLanguages: ['fr-FR'],
    disposeCalls: 0,
    menubars: 0,
    paths: {},
    trusted: true,
    accessibilityAsks: [],
    notices: [],
    packaged: false,
    asked: [],
    names: [],
    focused: [],
    switches: {},
    hudOptions: [],
    trayIcons: [],
    appMenus: [],
    dockIcons: [],
    windowOptions: [],
    shortcuts: new Map(),
    palette: [],
  });
  app.removeAllListeners();
});
/** As the installed app: packaged, with its resources (the samples) beside app.asar. */
const installed = () => {
  fx.state.packaged = true;
  Object.defineProperty(process, 'resourcesPath', { value: join(fx.state.root, 'resources'), configurable: true });
};
const realPlatform = process.platform;
const runningOn = (platform: NodeJS.Platform) => Object.defineProperty(process, 'platform', { value: platform });

afterEach(async () => {
  runningOn(realPlatform);
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  await rm(fx.state.root, { recursive: true, force: true });
});

describe('the desktop app lifecycle', () => {
  it('quits at once when another instance runs, starting nothing', async () => {
    fx.state.lock = false;
    startDesktopApp();
    await settle();
    expect(fx.state.quits).toBe(1);
    expect(fx.state.hostOptions).toEqual([]);
    expect(app.listenerCount('before-quit')).toBe(0);
  });

  it('starts the host with its data under userData and system services, then the window and the menu bar', async () => {
    startDesktopApp();
    await started();
    const options = fx.state.hostOptions[0] as HostOptions;
    expect(options.dataFolder).toBe(join(fx.state.root, 'appData', 'Vitruvian Dev', 'host')); // npm start: see below
    expect(options.services).toBe('system');
    expect(options.language).toBe('fr'); // the system's fr-FR, as the window speaks it
    expect(options.encryptor?.encrypts).toBe(true); // secrets through safeStorage, not plain text
    expect(options.platform.name).toBe(process.platform === 'darwin' ? 'electron-darwin' : `electron-${process.platform}`);
    expect(fx.state.windows).toHaveLength(1);
    expect(fx.state.menubars).toBe(1);
  });

  it('keeps the language picked for the next start, over the system language', async () => {
    fx.state.systemLanguages = ['de-DE'];
    startDesktopApp();
    await started();
    expect((fx.state.hostOptions[0] as HostOptions).language).toBe('en'); // German is not spoken: English
    fx.state.hosts[0]!.emit({ type: 'language', language: 'fr' });
    quitEvent();
    fx.state.releaseDispose();
    await vi.waitFor(() => expect(fx.state.quits).toBe(1));
    expect(JSON.parse(await readFile(join(fx.state.root, 'appData', 'Vitruvian Dev', 'host', 'language.json'), 'utf8'))).toMatchObject({ language: 'fr' });

    app.removeAllListeners();
    startDesktopApp(); // the next launch
    await vi.waitFor(() => expect(fx.state.hostOptions).toHaveLength(2), { timeout: 10_000 });
    expect((fx.state.hostOptions[1] as HostOptions).language).toBe('fr');
  });

  it('on macOS asks for Accessibility with the prompt at the first keystroke, refuses -32003 until it is on, and tells the person once', async () => {
    runningOn('darwin');
    process.env.__CFBundleIdentifier = 'com.apple.Terminal'; // npm start from Terminal: macOS asks for Terminal
    fx.state.trusted = false;
    startDesktopApp();
    await started();
    const { platform } = fx.state.hostOptions[0] as HostOptions;
    expect(fx.state.accessibilityAsks).toEqual([]); // nothing asked before a tool needs it
    const error = await Promise.resolve(platform.paste('hello')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32003, data: { permission: 'accessibility' } });
    await expect(platform.pressMenuItem(['cmd+n'])).rejects.toMatchObject({ code: -32003 });
    expect(fx.state.accessibilityAsks).toEqual([true, false]);

    // The host traces the refusal it answered; the person learns which tool and what to turn on.
    const fake = fx.state.hosts[0]!;
    fake.tools.set('acme.snippets', makeTool({ id: 'acme.snippets', name: { en: 'Snippets', fr: 'Extraits' } }));
    const { code, message, data } = error as { code: number; message: string; data: unknown };
    const text = JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code, message, data } });
    for (const seq of [1, 2]) {
      fake.emit({ type: 'trace', toolId: 'acme.snippets', line: { seq, time: 0, direction: 'toTool', method: 'keystrokes/paste', text } });
    }
    await vi.waitFor(() => expect(fx.state.notices).toHaveLength(1));
    expect(fx.state.notices[0]![1]).toMatch(
      /^Extraits .*Activez Terminal \(le terminal qui a lancé npm start\) dans Réglages Système > Confidentialité et sécurité > Accessibilité/,
    );
    await settle();
    expect(fx.state.notices).toHaveLength(1);
    delete process.env.__CFBundleIdentifier;
  });

  it('names Vitruvian itself in the Accessibility notice once installed', async () => {
    runningOn('darwin');
    installed();
    fx.state.trusted = false;
    fx.state.systemLanguages = ['en-US'];
    startDesktopApp();
    await started();
    const { platform } = fx.state.hostOptions[0] as HostOptions;
    const error = (await Promise.resolve(platform.paste('hello')).catch((e: unknown) => e)) as { code: number; message: string; data: unknown };
    const fake = fx.state.hosts[0]!;
    const text = JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code: error.code, message: error.message, data: error.data } });
    fake.emit({ type: 'trace', toolId: 'acme.snippets', line: { seq: 1, time: 0, direction: 'toTool', method: 'keystrokes/paste', text } });
    await vi.waitFor(() => expect(fx.state.notices).toHaveLength(1));
    expect(fx.state.notices[0]![1]).toContain('Turn on Vitruvian in System Settings > Privacy & Security > Accessibility');
  });

  it('under npm start is "Vitruvian Dev", with its own data folder and lock, set before the lock is taken', async () => {
    startDesktopApp();
    await started();
    expect(fx.state.names).toEqual(['Vitruvian Dev']);
    expect(fx.state.paths.userData).toBe(join(fx.state.root, 'appData', 'Vitruvian Dev'));
    // The single-instance lock lives in the data folder: apart from the installed app's.
    expect(fx.state.asked).toEqual(['registerRendererScheme', 'setName Vitruvian Dev', 'setPath userData', 'requestSingleInstanceLock']);
    expect((fx.state.hostOptions[0] as HostOptions).dataFolder).toBe(join(fx.state.root, 'appData', 'Vitruvian Dev', 'host'));
  });

  it("once installed keeps its own name and Electron's data folder for it", async () => {
    installed();
    startDesktopApp();
    await started();
    expect(fx.state.names).toEqual([]);
    expect(fx.state.asked).toEqual(['registerRendererScheme', 'requestSingleInstanceLock']);
    expect((fx.state.hostOptions[0] as HostOptions).dataFolder).toBe(join(`${fx.state.root}/userData`, 'host'));
  });

  it('keeps its data where VITRUVIAN_USER_DATA says when set (the e2e spec runs on a fresh folder)', async () => {
    process.env.VITRUVIAN_USER_DATA = join(fx.state.root, 'fresh');
    try {
      startDesktopApp();
      await started();
    } finally {
      delete process.env.VITRUVIAN_USER_DATA;
    }
    expect((fx.state.hostOptions[0] as HostOptions).dataFolder).toBe(join(fx.state.root, 'fresh', 'host'));
  });

  it('shows the window again on a dock click or a second launch, opening a new one when it was closed', async () => {
    startDesktopApp();
    await started();
    app.emit('second-instance');
    expect(fx.state.windows[0]!.revealed).toBe(1);
    expect(fx.state.focused).toEqual([]);
    fx.state.windows[0]!.closed = true;
    fx.state.windows[0]!.emit('closed');
    app.emit('activate');
    expect(fx.state.windows).toHaveLength(2);
  });

  it('on macOS brings the app in front from another app when launched a second time', async () => {
    runningOn('darwin');
    startDesktopApp();
    await started();
    app.emit('second-instance');
    expect(fx.state.focused).toEqual([{ steal: true }]);
    expect(fx.state.windows[0]!.revealed).toBe(1);
  });

  it('quits only after every tool has stopped (host.dispose), once, however often quit is asked', async () => {
    startDesktopApp();
    await started();
    const first = quitEvent();
    expect(first.prevented).toBe(true);
    expect(fx.state.disposeCalls).toBe(1);
    expect(fx.state.menubars).toBe(0);
    expect(quitEvent().prevented).toBe(true); // asked again while the tools stop
    await settle();
    expect(fx.state.quits).toBe(0);
    expect(fx.state.disposeCalls).toBe(1);

    fx.state.releaseDispose();
    await vi.waitFor(() => expect(fx.state.quits).toBe(1));
    expect(quitEvent().prevented).toBe(false); // the quit that follows goes through
  });

  it("makes the palette at start, opens it with the host's palette shortcut and from the menu, and lets the shortcuts go on quit", async () => {
    startDesktopApp();
    await started();
    expect(fx.state.palette).toEqual(['made']);
    fx.state.hosts[0]!.emit({ type: 'shortcutPressed', entryId: 'vitruvian', command: 'palette' });
    const menu = fx.state.appMenus[0] as { palette: { shortcut?: string; open(): void } };
    expect(menu.palette.shortcut).toBe('CommandOrControl+Shift+Space');
    menu.palette.open();
    expect(fx.state.palette).toEqual(['made', 'toggle', 'show']);
    const options = fx.state.hostOptions[0] as { shortcutKeys: { registerShortcut(accelerator: string, pressed: () => void): boolean } };
    expect(options.shortcutKeys.registerShortcut('CommandOrControl+Shift+Space', () => undefined)).toBe(true);
    quitEvent();
    expect(fx.state.shortcuts.size).toBe(0);
    expect(fx.state.palette.at(-1)).toBe('dispose');
    fx.state.releaseDispose();
    await vi.waitFor(() => expect(fx.state.quits).toBe(1));
  });

  it("gives the host the person's shortcuts through the palette's registry and the Finder's selection, and shows the palette when one is pressed", async () => {
    startDesktopApp();
    await started();
    const options = fx.state.hostOptions[0] as {
      shortcutKeys: { registerShortcut(accelerator: string, pressed: () => void): boolean };
      fileSelection: { fileSelection(): Promise<unknown> };
    };
    expect(options.shortcutKeys.registerShortcut('CommandOrControl+Alt+K', () => undefined)).toBe(true);
    expect([...fx.state.shortcuts.keys()]).toContain('CommandOrControl+Alt+K');
    expect(typeof options.fileSelection.fileSelection).toBe('function');
    fx.state.hosts[0]!.emit({ type: 'shortcutPressed', entryId: 'acme.snippets', command: 'paste' });
    expect(fx.state.palette).toEqual(['made', 'show']);
    quitEvent();
    fx.state.releaseDispose();
    await vi.waitFor(() => expect(fx.state.quits).toBe(1));
  });

  describe('looks', () => {
    const assets = () => join(fx.state.root, 'dist', 'electron', 'assets');

    it('on macOS: a template image in the menu bar, our menu, and our icon in the Dock under npm start', async () => {
      runningOn('darwin');
      startDesktopApp();
      await started();
      expect(fx.state.trayIcons).toEqual([{ path: join(assets(), 'menubarTemplate.png'), template: true }]);
      expect(fx.state.appMenus).toEqual([expect.objectContaining({ iconPath: join(assets(), 'appIcon.png') })]);
      expect(fx.state.dockIcons).toEqual([join(assets(), 'appIcon.png')]);
      expect(fx.state.windowOptions[0]).not.toHaveProperty('icon', expect.anything());
    });

    it('on Linux: a colored tray icon, our menu, and the app icon on the window', async () => {
      runningOn('linux');
      startDesktopApp();
      await started();
      expect(fx.state.trayIcons).toEqual([{ path: join(assets(), 'trayIcon.png'), template: false }]);
      expect(fx.state.appMenus).toHaveLength(1);
      expect(fx.state.windowOptions[0]).toMatchObject({ icon: join(assets(), 'appIcon.png') });
      expect(fx.state.dockIcons).toEqual([]);
    });

    it('Settings… in the menu shows the window', async () => {
      startDesktopApp();
      await started();
      (fx.state.appMenus[0] as { showSettings(): void }).showSettings();
      expect(fx.state.windows[0]!.revealed).toBe(1);
    });
  });

  describe('on Linux', () => {
    const withEnv = async (env: Record<string, string | undefined>, run: () => Promise<void>) => {
      const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
      Object.assign(process.env, env);
      for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
      try {
        await run();
      } finally {
        for (const [key, value] of Object.entries(before)) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
    };

    it('on native Wayland only sizes the HUD, which the compositor places; through XWayland it places it', async () => {
      runningOn('linux');
      await withEnv({ WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' }, async () => {
        startDesktopApp();
        await started();
        expect(fx.state.hudOptions).toEqual([{ positioned: false }]);
        quitEvent();
        fx.state.releaseDispose();
        await vi.waitFor(() => expect(fx.state.quits).toBe(1));

        app.removeAllListeners();
        fx.state.switches = { 'ozone-platform': 'x11' }; // dev-launch.ts passed it
        startDesktopApp();
        await vi.waitFor(() => expect(fx.state.hudOptions).toHaveLength(2), { timeout: 10_000 });
        expect(fx.state.hudOptions[1]).toEqual({ positioned: true });
      });
    });

    it("says so in its log when it runs without Chromium's sandbox", async () => {
      runningOn('linux');
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      fx.state.switches = { 'no-sandbox': '' };
      startDesktopApp();
      await started();
      expect(warnings.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/^Chromium's sandbox is off \(--no-sandbox\)/));
      warnings.mockRestore();
    });
  });

  describe('closing the main window', () => {
    const closeMainWindow = () => {
      fx.state.windows[0]!.closed = true;
      fx.state.windows[0]!.emit('closed');
    };

    it('quits on Linux, though the HUD window left hidden keeps window-all-closed from coming', async () => {
      runningOn('linux');
      startDesktopApp();
      await started();
      closeMainWindow(); // no window-all-closed: the HUD's window is still there
      expect(fx.state.quits).toBe(1);
    });

    it('keeps the app running in the menu bar on macOS, and the last window closing does not quit it either', async () => {
      runningOn('darwin');
      startDesktopApp();
      await started();
      closeMainWindow();
      app.emit('window-all-closed');
      expect(fx.state.quits).toBe(0);
      app.emit('activate');
      expect(fx.state.windows).toHaveLength(2);
    });

    it('is the decision closingTheWindowQuits makes per platform', () => {
      expect([closingTheWindowQuits('darwin'), closingTheWindowQuits('linux'), closingTheWindowQuits('win32')]).toEqual([false, true, true]);
    });
  });
});
