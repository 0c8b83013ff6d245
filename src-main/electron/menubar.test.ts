import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';

const electron = vi.hoisted(() => ({
  menus: [] as MenuItemConstructorOptions[][],
  trays: [] as { destroyed: boolean; image: unknown }[],
  images: [] as { path: string; template: boolean }[],
}));
vi.mock('electron', () => ({
  nativeImage: {
    createFromPath: (path: string) => {
      const image = { path, template: false, setTemplateImage: (on: boolean) => void (image.template = on) };
      electron.images.push(image);
      return image;
    },
  },
  Menu: { buildFromTemplate: (template: MenuItemConstructorOptions[]) => template },
  Tray: class {
    destroyed = false;
    constructor(readonly image: unknown) {
      electron.trays.push(this);
    }
    setToolTip() {}
    setContextMenu(menu: MenuItemConstructorOptions[]) {
      electron.menus.push(menu);
    }
    destroy() {
      this.destroyed = true;
    }
  },
}));

const { createMenubar, menubarTemplate, outcomeNotice, trayIconFor } = await import('./menubar');

const deploys = makeTool({
  id: 'com.acme.deploys',
  name: { en: 'Deploys', fr: 'Déploiements' },
  commands: [
    { id: 'copyLatest', title: { en: 'Copy latest deploy', fr: 'Copier le dernier' }, surfaces: ['window', 'menubar'] },
    { id: 'settings', title: { en: 'Window only' }, surfaces: ['window'] },
    { id: 'rollback', title: { en: 'Roll back' }, surfaces: ['menubar'] },
  ],
  runnable: ['copyLatest', 'settings'],
});
const crashed = makeTool({
  id: 'com.acme.clock',
  name: { en: 'Clock' },
  state: 'failed',
  commands: [{ id: 'now', title: { en: 'Copy the time' }, surfaces: ['menubar'] }],
  runnable: ['now'],
});
const windowOnly = makeTool({ id: 'com.acme.quiet', commands: [{ id: 'a', title: { en: 'A' }, surfaces: ['window'] }] });

const noActions = { runCommand: () => {}, showWindow: () => {}, quit: () => {} };
const labels = (template: MenuItemConstructorOptions[]) =>
  template.map((item) => (item.type === 'separator' ? '---' : `${item.label}${item.enabled === false ? ' (off)' : ''}`));

describe('menubarTemplate', () => {
  it('lists the menubar commands under their tool, by tool name, enabled while runnable', () => {
    expect(labels(menubarTemplate([deploys, crashed, windowOnly], 'en', noActions))).toEqual([
      'Clock (off)',
      'Copy the time (off)',
      '---',
      'Deploys (off)',
      'Copy latest deploy',
      'Roll back (off)',
      '---',
      'Show Vitruvian',
      'Quit Vitruvian',
    ]);
  });

  it('speaks the language in use', () => {
    expect(labels(menubarTemplate([deploys], 'fr-CA', noActions)).slice(0, 2)).toEqual(['Déploiements (off)', 'Copier le dernier']);
  });

  it('says its own words in French when the app speaks French, English for a language it does not speak', () => {
    expect(labels(menubarTemplate([deploys], 'fr', noActions)).slice(-2)).toEqual(['Afficher Vitruvian', 'Quitter Vitruvian']);
    expect(labels(menubarTemplate([windowOnly], 'fr-FR', noActions))[0]).toBe('Aucune commande dans la barre des menus (off)');
    expect(labels(menubarTemplate([windowOnly], 'de', noActions))).toEqual(['No menu bar commands (off)', '---', 'Show Vitruvian', 'Quit Vitruvian']);
  });

  it('says so when no tool has a menu bar command', () => {
    expect(labels(menubarTemplate([windowOnly], 'en', noActions))).toEqual(['No menu bar commands (off)', '---', 'Show Vitruvian', 'Quit Vitruvian']);
  });
});

describe('outcomeNotice', () => {
  it('is silent when the command ran, and says why when it did not', () => {
    expect(outcomeNotice({ outcome: 'done' }, 'Copy')).toBeUndefined();
    expect(outcomeNotice({ outcome: 'refused', message: 'nothing to copy' }, 'Copy')).toBe('Copy did not run: nothing to copy');
    expect(outcomeNotice({ outcome: 'timeout' }, 'Copy')).toContain('60 seconds');
  });

  it('speaks French when the app does', () => {
    expect(outcomeNotice({ outcome: 'refused', message: 'rien à copier' }, 'Copier', 'fr')).toBe('Copier n’a pas été fait\u202f: rien à copier');
    expect(outcomeNotice({ outcome: 'timeout' }, 'Copier', 'fr')).toBe('Copier n’a pas répondu en 60 secondes.');
  });
});

describe('createMenubar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a template image in the macOS menu bar, and a colored icon in a Linux tray (no template there)', () => {
    const options = { host: createFakeHost().host, showWindow: () => {}, quit: () => {}, notify: () => {} };
    createMenubar({ ...options, icon: trayIconFor('darwin', '/app/assets') }).dispose();
    expect(electron.images.at(-1)).toMatchObject({ path: '/app/assets/menubarTemplate.png', template: true });
    expect(electron.trays.at(-1)!.image).toBe(electron.images.at(-1));
    createMenubar({ ...options, icon: trayIconFor('linux', '/app/assets') }).dispose();
    expect(electron.images.at(-1)).toMatchObject({ path: '/app/assets/trayIcon.png', template: false });
  });

  it('builds the menu, runs a clicked command, tells the person when it did not run, rebuilds on tool changes', async () => {
    vi.useFakeTimers();
    const fake = createFakeHost({ tools: [deploys] });
    fake.answers.runCommand = () => ({ outcome: 'refused', message: 'no deploy yet' });
    const notices: string[][] = [];
    const actions = { shown: 0, quit: 0 };
    const menubar = createMenubar({
      host: fake.host,
      icon: trayIconFor('darwin', '/app/assets'),
      showWindow: () => void actions.shown++,
      quit: () => void actions.quit++,
      notify: (title, body, weight) => void notices.push([title, body, weight!]),
    });
    await vi.advanceTimersByTimeAsync(150);
    const menu = electron.menus.at(-1)!;
    expect(labels(menu)).toContain('Copy latest deploy');

    menu.find((item) => item.label === 'Copy latest deploy')!.click!({} as never, undefined, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.requestsNamed('runCommand')).toEqual([['com.acme.deploys', 'copyLatest']]);
    expect(notices).toEqual([['Deploys', 'Copy latest deploy did not run: no deploy yet', 'mustSee']]);

    menu.find((item) => item.label === 'Show Vitruvian')!.click!({} as never, undefined, {});
    menu.find((item) => item.label === 'Quit Vitruvian')!.click!({} as never, undefined, {});
    expect(actions).toEqual({ shown: 1, quit: 1 });

    fake.tools.set(crashed.id, crashed);
    fake.emit({ type: 'tool', tool: crashed });
    fake.emit({ type: 'log', toolId: 'x', line: { seq: 1, time: 0, level: 'info', source: 'tool', message: 'm' } });
    await vi.advanceTimersByTimeAsync(150);
    expect(labels(electron.menus.at(-1)!)).toContain('Clock (off)');

    fake.emit({ type: 'language', language: 'fr' });
    await vi.advanceTimersByTimeAsync(150);
    const french = electron.menus.at(-1)!;
    expect(labels(french)).toEqual(expect.arrayContaining(['Déploiements (off)', 'Copier le dernier', 'Afficher Vitruvian', 'Quitter Vitruvian']));
    french.find((item) => item.label === 'Copier le dernier')!.click!({} as never, undefined, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(notices.at(-1)).toEqual(['Déploiements', 'Copier le dernier n’a pas été fait\u202f: no deploy yet', 'mustSee']);

    menubar.dispose();
    expect(electron.trays.at(-1)!.destroyed).toBe(true);
    expect(fake.listenerCount()).toBe(0);
  });
});
