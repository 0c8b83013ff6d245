// The menu bar (Tray) menu: every command whose surfaces include "menubar", under its tool's name,
// enabled while the tool can run it; then Show Vitruvian and Quit. Rebuilt when tools or the
// language change; its own words (desktop-words.ts) follow the app's language.
import { join } from 'node:path';
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import { pickText } from '../../src-shared/text';
import { DisposableStore, toDisposable, type Disposable } from '../../src-shared/lifecycle';
import type { CommandOutcome, EntrySummary, HostCoreApi, ToolSummary } from '../../src-shared/host-api';
import { DEFAULT_LIMITS } from '../host/process/supervisor-options';
import { desktopWordsFor } from './desktop-words';
import type { Notify } from './electron-services';

export interface MenubarActions {
  runCommand(tool: ToolSummary, commandId: string): void;
  showWindow(): void;
  quit(): void;
}

/** States in which a tool takes a command: running, or not started yet (demand start). */
const takesCommands: readonly ToolSummary['state'][] = ['running', 'idle'];

export function menubarTemplate(entries: readonly EntrySummary[], language: string, actions: MenubarActions): MenuItemConstructorOptions[] {
  const sections: MenuItemConstructorOptions[][] = [];
  const tools = entries.filter((entry) => entry.kind !== 'plugin');
  const byName = tools.sort((a, b) => pickText(a.name, language).localeCompare(pickText(b.name, language)));
  for (const tool of byName) {
    const commands = tool.commands.filter((command) => command.surfaces.includes('menubar'));
    if (commands.length === 0) continue;
    const ready = takesCommands.includes(tool.state);
    sections.push([
      { label: pickText(tool.name, language), enabled: false },
      ...commands.map((command) => ({
        id: `${tool.id}/${command.id}`,
        label: pickText(command.title, language),
        enabled: ready && tool.runnable.includes(command.id),
        click: () => actions.runCommand(tool, command.id),
      })),
    ]);
  }
  const words = desktopWordsFor(language);
  const template: MenuItemConstructorOptions[] = [];
  for (const section of sections) template.push(...section, { type: 'separator' });
  if (sections.length === 0) template.push({ label: words.noMenubarCommands, enabled: false }, { type: 'separator' });
  template.push({ label: words.showApp, click: () => actions.showWindow() }, { label: words.quitApp, click: () => actions.quit() });
  return template;
}

/** What a person reads when a command from the menu bar did not run; undefined when it ran. */
export function outcomeNotice(outcome: CommandOutcome, commandTitle: string, language = 'en'): string | undefined {
  const words = desktopWordsFor(language);
  switch (outcome.outcome) {
    case 'done':
      return undefined;
    case 'timeout':
      return words.commandTimedOut(commandTitle, Math.round(DEFAULT_LIMITS.commandMs / 1000));
    default:
      return words.commandDidNotRun(commandTitle, outcome.message);
  }
}

export interface TrayIcon {
  /** The 1x PNG; Electron finds its @2x sibling. */
  path: string;
  /** A macOS template image: black on nothing, which macOS tints for the menu bar. */
  template: boolean;
}

/**
 * The icon for the tray: the template on macOS; elsewhere there is no template (a black mark would
 * vanish on a dark panel), so a blue disc with a white mark that reads on dark and light panels.
 */
export const trayIconFor = (platform: NodeJS.Platform, assetsFolder: string): TrayIcon =>
  platform === 'darwin' ? { path: join(assetsFolder, 'menubarTemplate.png'), template: true } : { path: join(assetsFolder, 'trayIcon.png'), template: false };

export interface MenubarOptions {
  host: HostCoreApi;
  icon: TrayIcon;
  showWindow: () => void;
  quit: () => void;
  /** Tells the person a command they picked did not run: they wait for it, so it must be seen. */
  notify: Notify;
  /** How long tool changes gather before the menu is rebuilt (default 100 ms). */
  settleMs?: number;
}

export function createMenubar(options: MenubarOptions): Disposable {
  const store = new DisposableStore();
  const icon = nativeImage.createFromPath(options.icon.path);
  if (options.icon.template) icon.setTemplateImage(true);
  const tray = new Tray(icon);
  store.add(toDisposable(() => tray.destroy()));
  tray.setToolTip('Vitruvian');

  let language = 'en';
  let disposed = false;
  const actions: MenubarActions = {
    runCommand: (tool, commandId) => {
      const title = pickText(tool.commands.find((c) => c.id === commandId)?.title, language) || commandId;
      options.host.runCommand(tool.id, commandId).then(
        (outcome) => {
          const notice = outcomeNotice(outcome, title, language);
          if (notice) options.notify(pickText(tool.name, language), notice, 'mustSee');
        },
        (error: unknown) =>
          options.notify(pickText(tool.name, language), desktopWordsFor(language).commandDidNotRun(title, (error as Error).message), 'mustSee'),
      );
    },
    showWindow: options.showWindow,
    quit: options.quit,
  };

  const rebuild = async () => {
    const tools = await options.host.listTools();
    if (disposed) return;
    tray.setContextMenu(Menu.buildFromTemplate(menubarTemplate(tools, language, actions)));
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scheduleRebuild = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void rebuild().catch((error: unknown) => console.error('menu bar: could not list the tools', error));
    }, options.settleMs ?? 100);
  };
  store.add(
    options.host.subscribe((event) => {
      if (event.type === 'language') language = event.language;
      if (event.type === 'tool' || event.type === 'toolRemoved' || event.type === 'language') scheduleRebuild();
    }),
  );
  store.add(toDisposable(() => timer && clearTimeout(timer)));
  void options.host.info().then(
    (info) => {
      language = info.language;
      scheduleRebuild();
    },
    () => scheduleRebuild(),
  );

  return toDisposable(() => {
    disposed = true;
    store.dispose();
  });
}
