import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { createFakeHost } from '../../src-shared/test/fake-host';

const electron = vi.hoisted(() => ({
  menus: [] as MenuItemConstructorOptions[][],
  about: [] as unknown[],
  packaged: true,
}));
vi.mock('electron', () => ({
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
    setApplicationMenu: (menu: MenuItemConstructorOptions[]) => void electron.menus.push(menu),
  },
  app: {
    get isPackaged() {
      return electron.packaged;
    },
    getVersion: () => '0.1.0',
    setAboutPanelOptions: (options: unknown) => void electron.about.push(options),
  },
}));

const { appMenuTemplate, createAppMenu } = await import('./app-menu');

/** Every item, submenus opened, as "role" or "label". */
const items = (template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
const roles = (template: MenuItemConstructorOptions[]) =>
  items(template)
    .map((item) => item.role)
    .filter(Boolean);
const tops = (template: MenuItemConstructorOptions[]) => template.map((item) => item.label);

const noSettings = () => {};

describe('the application menu', () => {
  it('on macOS: About, Settings, Hide, Quit under the app; Edit with copy and paste; no developer tools once installed', () => {
    const menu = appMenuTemplate({ platform: 'darwin', packaged: true, language: 'en', showSettings: noSettings });
    expect(tops(menu)).toEqual(['Vitruvian', 'Edit', 'View', 'Window']);
    const app = menu[0]!.submenu as MenuItemConstructorOptions[];
    expect(app.filter((item) => item.type !== 'separator').map((item) => item.label)).toEqual([
      'About Vitruvian',
      'Settings…',
      'Hide Vitruvian',
      'Hide Others',
      'Show All',
      'Quit Vitruvian',
    ]);
    expect(roles(menu)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']));
    expect(roles(menu)).not.toContain('toggleDevTools');
    expect(roles(menu)).not.toContain('reload');
    expect(app.find((item) => item.label === 'Settings…')!.accelerator).toBe('CmdOrCtrl+,');
  });

  it('offers reload and the developer tools under npm start only', () => {
    const menu = appMenuTemplate({ platform: 'darwin', packaged: false, language: 'en', showSettings: noSettings });
    expect(roles(menu)).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('on Linux: File with Settings and Quit, Edit, View, Help with About; no Hide', () => {
    const menu = appMenuTemplate({ platform: 'linux', packaged: true, language: 'en', showSettings: noSettings });
    expect(tops(menu)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(roles(menu)).not.toContain('hide');
    expect(roles(menu)).not.toContain('toggleDevTools');
    expect(roles(menu)).toEqual(expect.arrayContaining(['quit', 'about', 'copy', 'paste']));
  });

  it('speaks French when the app does', () => {
    const menu = appMenuTemplate({ platform: 'darwin', packaged: true, language: 'fr-FR', showSettings: noSettings });
    expect(tops(menu)).toEqual(['Vitruvian', 'Édition', 'Présentation', 'Fenêtre']);
    expect(items(menu).map((item) => item.label)).toEqual(expect.arrayContaining(['Réglages…', 'Quitter Vitruvian', 'Coller']));
  });

  it('Settings… shows the window', () => {
    let shown = 0;
    const menu = appMenuTemplate({ platform: 'linux', packaged: true, language: 'en', showSettings: () => void shown++ });
    items(menu).find((item) => item.label === 'Settings…')!.click!({} as never, undefined, {});
    expect(shown).toBe(1);
  });

  it('Command Palette opens the palette, showing its shortcut, after Settings…', () => {
    let opened = 0;
    const palette = { shortcut: 'CommandOrControl+Shift+Space', open: () => void opened++ };
    for (const platform of ['darwin', 'linux'] as const) {
      const menu = appMenuTemplate({ platform, packaged: true, language: 'en', showSettings: noSettings, palette });
      const labels = items(menu).map((item) => item.label);
      expect(labels.indexOf('Command Palette')).toBe(labels.indexOf('Settings…') + 1);
      const item = items(menu).find((entry) => entry.id === 'open-palette')!;
      expect(item).toMatchObject({ label: 'Command Palette', accelerator: 'CommandOrControl+Shift+Space', registerAccelerator: false });
      item.click!({} as never, undefined, {});
    }
    expect(opened).toBe(2);
    const french = appMenuTemplate({ platform: 'darwin', packaged: true, language: 'fr', showSettings: noSettings, palette });
    expect(items(french).find((entry) => entry.id === 'open-palette')!.label).toBe('Palette de commandes');
    expect(items(appMenuTemplate({ platform: 'linux', packaged: true, language: 'en', showSettings: noSettings })).map((item) => item.id)).not.toContain(
      'open-palette',
    );
  });

  it('is put in place in the app language, with the About panel, and follows a language change', async () => {
    const fake = createFakeHost({ info: { language: 'fr', services: 'system', platform: 'darwin', version: '0.1.0' } });
    const menu = createAppMenu({ host: fake.host, showSettings: noSettings, platform: 'linux', iconPath: '/app/assets/appIcon.png' });
    await vi.waitFor(() => expect(tops(electron.menus.at(-1)!)).toEqual(['Fichier', 'Édition', 'Présentation', 'Aide']));
    expect(electron.about).toEqual([
      { applicationName: 'Vitruvian', applicationVersion: '0.1.0', copyright: 'Copyright © Vitruvian contributors', iconPath: '/app/assets/appIcon.png' },
    ]);
    fake.emit({ type: 'language', language: 'en' });
    expect(tops(electron.menus.at(-1)!)).toEqual(['File', 'Edit', 'View', 'Help']);
    menu.dispose();
    expect(fake.listenerCount()).toBe(0);
  });

  it("shows the palette's shortcut the system holds now: changed in the window, the menu follows without a restart", async () => {
    const fake = createFakeHost({ info: { language: 'en', services: 'system', platform: 'linux', version: '0.1.0' } });
    const menu = createAppMenu({
      host: fake.host,
      showSettings: noSettings,
      platform: 'linux',
      palette: { shortcut: 'CommandOrControl+Shift+Space', open: () => {} },
    });
    const paletteItem = () => items(electron.menus.at(-1)!).find((entry) => entry.id === 'open-palette')!;
    await vi.waitFor(() => expect(tops(electron.menus.at(-1)!)).toEqual(['File', 'Edit', 'View', 'Help']));
    expect(paletteItem().accelerator).toBe('CommandOrControl+Shift+Space');
    const palette = { entryId: 'vitruvian', command: 'palette' };
    const built = electron.menus.length;
    // Another command's shortcut changed: the palette's is the same, the menu is not built again.
    fake.emit({
      type: 'commandShortcuts',
      shortcuts: [
        { ...palette, accelerator: 'CommandOrControl+Shift+Space', registered: true },
        { entryId: 'com.acme.words', command: 'count', accelerator: 'Alt+W', registered: true },
      ],
    });
    expect(electron.menus.length).toBe(built);
    fake.emit({ type: 'commandShortcuts', shortcuts: [{ ...palette, accelerator: 'Alt+Space', registered: true }] });
    expect(paletteItem().accelerator).toBe('Alt+Space');
    // Taken by another app: the item stays, with no shortcut shown that would not work.
    fake.emit({ type: 'commandShortcuts', shortcuts: [{ ...palette, accelerator: 'Alt+P', registered: false }] });
    expect(paletteItem().accelerator).toBeUndefined();
    expect(paletteItem().label).toBe('Command Palette');
    menu.dispose();
    expect(fake.listenerCount()).toBe(0);
  });
});
