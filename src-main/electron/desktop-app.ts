// The desktop app's lifecycle: one instance (`npm start` apart from the installed app); on ready,
// the host (data under userData, secrets through safeStorage), the window, the menu bar menu, the
// palette's window and its global shortcut, the samples on first run; the dock icon or a second launch brings the window forward; quitting stops
// every tool by the stop sequence (host.dispose) before the app exits.
import { join } from 'node:path';
import { app, dialog, systemPreferences, type BrowserWindow } from 'electron';
import { createHost, type Host } from '../host/host';
import { composePlatform } from '../platform/compose';
import { createDarwinServices } from '../platform/darwin';
import { createLinuxPlatform } from '../platform/linux';
import type { Platform } from '../platform/platform';
import { DisposableStore } from '../../src-shared/lifecycle';
import { accessibilityCheck, noticeAccessibilityRefusal } from './accessibility';
import { createAppMenu } from './app-menu';
import { appId, developmentName, productName } from './app-identity';
import { keepLanguage, languageFile, startLanguage, type LanguageKeeper } from './app-language';
import { createElectronServices, type ElectronServices } from './electron-services';
import { noticeFailedTools } from './failure-notices';
import { installSamplesOnFirstRun } from './first-run';
import { createHud } from './hud-window';
import { bindHostIpc } from './ipc';
import { createMainWindow, revealWindow } from './main-window';
import { onNativeWayland } from './linux-display';
import { createMenubar, trayIconFor } from './menubar';
import { commandShortcutKeys, createGlobalShortcuts } from './palette/global-shortcuts';
import { readFinderSelection } from './palette/finder-selection';
import { heldPaletteShortcut, isPaletteShortcut } from '../../src-shared/app-commands';
import type { CommandShortcut } from '../../src-shared/host-api';
import { createPaletteWindow } from './palette/palette-window';
import { permissionHolder } from './permission-holder';
import { registerRendererScheme, serveRendererFolder } from './renderer-protocol';
import { serveConvertedFiles } from './converted-protocol';
import { safeStorageSecrets } from './secret-store';
import { hardenWebContents, refusePermissions } from './web-security';

/** Where the app finds its parts: inside app.asar when packaged, the repository in development. */
export function desktopPaths() {
  const root = app.getAppPath();
  const dataFolder = join(app.getPath('userData'), 'host');
  return {
    rendererFolder: join(root, 'dist', 'renderer'),
    preload: join(root, 'dist', 'electron', 'preload.cjs'),
    assets: join(root, 'dist', 'electron', 'assets'),
    samplesFolder: app.isPackaged ? join(process.resourcesPath, 'tools-sample') : join(root, 'tools-sample'),
    dataFolder,
    firstRunMarker: join(app.getPath('userData'), 'first-run.json'),
    /** The language the person picked, used at the next start. */
    languageFile: languageFile(dataFolder),
  };
}

/** The longest quit waits for the tools; the stop sequence itself takes at most about 4 s. */
export const quitWaitLimitMs = 30_000;

function desktopPlatform(services: ElectronServices): Platform {
  // The app's own processes (main, GPU, renderers, utilities) and its tools' host (this process).
  const protectedPids = () => [process.pid, ...app.getAppMetrics().map((metric) => metric.pid)];
  if (process.platform === 'darwin') {
    const darwin = createDarwinServices({
      // The first keystroke of a session asks macOS to prompt (and list the app); later ones only look.
      isAccessibilityTrusted: accessibilityCheck((prompt) => systemPreferences.isTrustedAccessibilityClient(prompt)),
      pasteboard: services.pasteboard,
      protectedPids,
    });
    return composePlatform('electron-darwin', services, darwin);
  }
  return composePlatform(`electron-${process.platform}`, services, createLinuxPlatform({ protectedPids }));
}

/**
 * On macOS the app lives on in the menu bar and the Dock when its window closes; elsewhere closing
 * the main window quits, whatever other window (the HUD's) is still open.
 */
export const closingTheWindowQuits = (platform: NodeJS.Platform = process.platform): boolean => platform !== 'darwin';

/** The system's languages, most preferred first. */
const systemLanguages = (): string[] => {
  const preferred = app.getPreferredSystemLanguages();
  return preferred.length > 0 ? preferred : [app.getLocale() || 'en'];
};

class DesktopSession {
  private readonly store = new DisposableStore();
  private host: Host | undefined;
  private window: BrowserWindow | undefined;
  private language = 'en';
  private languageKept: LanguageKeeper | undefined;
  private readonly paths = desktopPaths();

  async start(): Promise<void> {
    refusePermissions();
    this.store.add(serveRendererFolder(this.paths.rendererFolder));
    if (process.platform === 'linux' && app.commandLine.hasSwitch('no-sandbox')) {
      // dev-launch.ts or the AppImage's AppRun passed it: this system keeps the sandbox from starting.
      console.warn("Chromium's sandbox is off (--no-sandbox): this Linux restricts user namespaces; see docs/desktop.md to turn it back on");
    }
    // On native Wayland the compositor places windows: the HUD is only sized (linux-display.ts).
    const positioned = !onNativeWayland(process.platform, process.env, app.commandLine.getSwitchValue('ozone-platform'));
    const hud = this.store.add(createHud({ positioned }));
    const shortcuts = this.store.add(createGlobalShortcuts());
    const services = createElectronServices({ appId, hud });
    this.language = await startLanguage(this.paths.languageFile, systemLanguages());
    const holder = permissionHolder(app.isPackaged, productName);
    const host = await createHost({
      dataFolder: this.paths.dataFolder,
      platform: desktopPlatform(services),
      services: 'system',
      language: this.language,
      encryptor: safeStorageSecrets(),
      // The person's command shortcuts go through the palette's registry, so none can take its own.
      shortcutKeys: commandShortcutKeys(shortcuts),
      fileSelection: { fileSelection: () => readFinderSelection({ holder, language: this.language }) },
    });
    this.host = host;
    this.store.add(serveConvertedFiles(host.converted));
    this.languageKept = this.store.add(keepLanguage(host, this.paths.languageFile));
    this.store.add(
      host.subscribe((event) => {
        if (event.type === 'language') this.language = event.language;
      }),
    );
    // Made now, its page loading in the background: each opening then only shows it.
    const palette = this.store.add(createPaletteWindow({ preload: this.paths.preload, positioned }));
    this.store.add(bindHostIpc({ host, window: () => this.window, palette: () => palette.window() }));
    // The palette's own shortcut (kept by the host with the commands', the person's choice) toggles
    // it; a command's opens it, and its page runs the command and shows its answer.
    this.store.add(
      host.subscribe((event) => {
        if (event.type !== 'shortcutPressed') return;
        if (isPaletteShortcut(event.entryId, event.command)) palette.toggle();
        else palette.show();
      }),
    );
    this.openWindow();
    const paletteShortcut = this.paletteShortcut(await host.commandShortcuts());
    this.store.add(
      createAppMenu({
        host,
        showSettings: () => this.showWindow(),
        iconPath: this.appIcon,
        palette: { shortcut: paletteShortcut, open: () => palette.show() },
      }),
    );
    // Under npm start macOS would show Electron's icon in the Dock; the installed app has its own.
    if (process.platform === 'darwin' && !app.isPackaged) app.dock?.setIcon(this.appIcon);
    this.store.add(
      createMenubar({
        host,
        icon: trayIconFor(process.platform, this.paths.assets),
        showWindow: () => this.showWindow(),
        quit: () => app.quit(),
        notify: services.notify,
      }),
    );
    this.store.add(noticeFailedTools(host, services.notify, () => this.language));
    if (process.platform === 'darwin') {
      this.store.add(noticeAccessibilityRefusal({ host, notify: services.notify, language: () => this.language, holder }));
    }
    try {
      const report = await installSamplesOnFirstRun({ host, samplesFolder: this.paths.samplesFolder, markerFile: this.paths.firstRunMarker });
      for (const problem of report?.problems ?? []) console.warn(`sample tool not installed: ${problem}`);
      for (const { sample, reason } of report?.skipped ?? []) {
        console.warn(`sample tool ${sample} not installed for now (tried again at the next start): ${reason}`);
      }
    } catch (error) {
      console.warn('the sample tools could not be installed', error);
    }
  }

  showWindow(): void {
    if (!this.host) return; // not started yet: the window opens when it is
    if (!this.window || this.window.isDestroyed()) this.openWindow();
    else revealWindow(this.window);
  }

  /** Stops taking requests, then stops every tool by the stop sequence. */
  async stop(): Promise<void> {
    this.store.dispose();
    const host = this.host;
    this.host = undefined;
    if (!host) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`quit: the tools did not all stop within ${quitWaitLimitMs} ms; quitting anyway`);
        resolve();
      }, quitWaitLimitMs);
    });
    try {
      await Promise.race([host.dispose(), limit]);
      await this.languageKept?.written(); // long done by now, unless the disk is very slow
    } finally {
      clearTimeout(timer);
    }
  }

  /** The palette's shortcut when the system gave it, for the menu; else why not, in the log (the window's sidebar picks another). */
  private paletteShortcut(shortcuts: readonly CommandShortcut[]): string | undefined {
    const held = heldPaletteShortcut(shortcuts);
    if (held) return held;
    const own = shortcuts.find((shortcut) => isPaletteShortcut(shortcut.entryId, shortcut.command));
    console.warn(`the palette has no global shortcut: ${own ? `${own.accelerator} is taken by the system or another app` : 'none is kept'}`);
    return undefined;
  }

  private get appIcon(): string {
    return join(this.paths.assets, 'appIcon.png');
  }

  private openWindow(): void {
    // Linux shows a window's own icon (macOS shows the app's).
    const window = createMainWindow({ preload: this.paths.preload, icon: process.platform === 'darwin' ? undefined : this.appIcon });
    window.on('closed', () => {
      if (this.window === window) this.window = undefined;
      // Not window-all-closed: the HUD's hidden window outlives the main one, so that never fires.
      if (closingTheWindowQuits()) app.quit();
    });
    this.window = window;
  }
}

/** Set by the Electron e2e spec: a fresh data folder per run (and its own single-instance lock). */
export const userDataVariable = 'VITRUVIAN_USER_DATA';

/**
 * `npm start` runs as "Vitruvian Dev" with its own data folder. Electron names an unpackaged app
 * after package.json, the installed app's name: both would share one folder, so one set of tools
 * and preferences, and one single-instance lock (it lives in that folder), which made `npm start`
 * quit at once beside a running Vitruvian.
 */
export function keepDevelopmentApart(): void {
  if (app.isPackaged) return;
  app.setName(developmentName);
  app.setPath('userData', join(app.getPath('appData'), developmentName));
}

export function startDesktopApp(): void {
  registerRendererScheme(); // Electron takes it only before ready
  keepDevelopmentApart();
  const userData = process.env[userDataVariable];
  if (userData) app.setPath('userData', userData);
  if (!app.requestSingleInstanceLock()) {
    app.quit(); // the running instance shows its window (second-instance below)
    return;
  }
  const session = new DesktopSession();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', () => {
    // The person launched the app again and expects it in front, whatever app is active now.
    if (process.platform === 'darwin') app.focus({ steal: true });
    session.showWindow();
  });
  app.on('activate', () => session.showWindow()); // the dock icon was clicked
  // Listened to so Electron never quits by itself when the last window closes: quitting follows the
  // main window (see closingTheWindowQuits), not every window, which includes the HUD's.
  app.on('window-all-closed', () => {});

  let quitting: 'no' | 'stopping' | 'stopped' = 'no';
  app.on('before-quit', (event) => {
    if (quitting === 'stopped') return;
    event.preventDefault();
    if (quitting === 'stopping') return;
    quitting = 'stopping';
    void session
      .stop()
      .catch((error: unknown) => console.error('quit: stopping the tools failed', error))
      .finally(() => {
        quitting = 'stopped';
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app
    .whenReady()
    .then(() => session.start())
    .catch(async (error: unknown) => {
      dialog.showErrorBox('Vitruvian could not start', error instanceof Error ? error.message : String(error));
      await session.stop().catch(() => {});
      app.exit(1);
    });
}
