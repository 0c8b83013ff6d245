// The application menu: ours instead of Electron's default, which offers Toggle Developer Tools to
// anyone. About, Settings (the window), Hide and Quit; Edit, so copy and paste work in the window's
// fields (macOS sends those keys through the menu); View with full screen, and reload and the
// developer tools under `npm start` only. In the app's language, and showing the palette's shortcut
// as the system holds it: rebuilt when either changes.
import { Menu, app, type MenuItemConstructorOptions } from 'electron';
import { heldPaletteShortcut } from '../../src-shared/app-commands';
import type { HostApi } from '../../src-shared/host-api';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { desktopWordsFor } from './desktop-words';
import { openPaletteMenuItem } from './palette/palette-menu-item';

export interface AppMenuChoices {
  platform: NodeJS.Platform;
  /** An installed app: no reload, no developer tools. */
  packaged: boolean;
  language: string;
  /** Settings…: the window, where each tool's settings are. */
  showSettings: () => void;
  /** Command Palette: opens it; its global shortcut, when held, shown beside it. */
  palette?: PaletteMenuChoice;
}

export interface PaletteMenuChoice {
  shortcut?: string;
  open(): void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

export function appMenuTemplate({ platform, packaged, language, showSettings, palette }: AppMenuChoices): MenuItemConstructorOptions[] {
  const words = desktopWordsFor(language);
  const { menu } = words;
  const mac = platform === 'darwin';
  const settings: MenuItemConstructorOptions = { label: menu.settings, accelerator: 'CmdOrCtrl+,', click: () => showSettings() };
  const commandPalette = palette ? [openPaletteMenuItem(menu.commandPalette, palette.shortcut, () => palette.open())] : [];
  const quit: MenuItemConstructorOptions = { role: 'quit', label: words.quitApp };
  const edit: MenuItemConstructorOptions = {
    label: menu.edit,
    submenu: [
      { role: 'undo', label: menu.undo },
      { role: 'redo', label: menu.redo },
      separator,
      { role: 'cut', label: menu.cut },
      { role: 'copy', label: menu.copy },
      { role: 'paste', label: menu.paste },
      { role: 'selectAll', label: menu.selectAll },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: menu.view,
    submenu: [
      ...(packaged ? [] : [{ role: 'reload', label: menu.reload } as const, { role: 'toggleDevTools', label: menu.developerTools } as const, separator]),
      { role: 'togglefullscreen', label: menu.fullScreen },
    ],
  };
  if (mac) {
    return [
      {
        label: 'Vitruvian', // macOS shows the app's own name here
        submenu: [
          { role: 'about', label: menu.about },
          separator,
          settings,
          ...commandPalette,
          separator,
          { role: 'hide', label: menu.hide },
          { role: 'hideOthers', label: menu.hideOthers },
          { role: 'unhide', label: menu.showAll },
          separator,
          quit,
        ],
      },
      edit,
      view,
      {
        label: menu.window,
        submenu: [
          { role: 'minimize', label: menu.minimize },
          { role: 'close', label: menu.close },
        ],
      },
    ];
  }
  return [
    { label: menu.file, submenu: [settings, ...commandPalette, separator, quit] },
    edit,
    view,
    { label: menu.help, submenu: [{ role: 'about', label: menu.about }] },
  ];
}

export interface AppMenuOptions {
  host: Pick<HostApi, 'info' | 'subscribe'>;
  showSettings: () => void;
  platform?: NodeJS.Platform;
  /** The window icon, which Linux's About panel shows. */
  iconPath?: string;
  palette?: PaletteMenuChoice;
}

/** Puts our menu in place, in the app's language, and keeps it in that language and up to date with the palette's shortcut. */
export function createAppMenu(options: AppMenuOptions): Disposable {
  const platform = options.platform ?? process.platform;
  let language = 'en';
  let palette = options.palette;
  const build = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(appMenuTemplate({ platform, packaged: app.isPackaged, language, showSettings: options.showSettings, palette })),
    );
  app.setAboutPanelOptions({
    applicationName: 'Vitruvian',
    applicationVersion: app.getVersion(),
    copyright: 'Copyright © Vitruvian contributors',
    ...(platform === 'linux' && options.iconPath ? { iconPath: options.iconPath } : {}),
  });
  let changed = false; // a language event newer than what info() answers
  build();
  void options.host.info().then(
    (info) => {
      if (changed) return;
      language = info.language;
      build();
    },
    () => {},
  );
  const subscription = options.host.subscribe((event) => {
    if (event.type === 'language') {
      changed = true;
      language = event.language;
      build();
    } else if (event.type === 'commandShortcuts' && palette) {
      // The person changed the palette's shortcut (or a command's): the menu shows what is held now.
      const shortcut = heldPaletteShortcut(event.shortcuts);
      if (shortcut === palette.shortcut) return;
      palette = { ...palette, shortcut };
      build();
    }
  });
  return toDisposable(() => subscription.dispose());
}
