// What the main process says to a person itself, outside the window: the menu bar menu, the
// application menu and the notifications, in the app's language (the window has its own
// dictionary, in src-renderer/words).
import { appLanguageOf, type AppLanguage } from './app-language';

export interface DesktopWords {
  noMenubarCommands: string;
  showApp: string;
  quitApp: string;
  commandTimedOut(command: string, seconds: number): string;
  commandDidNotRun(command: string, why: string): string;
  /** A notification's title when a tool stopped for good. */
  toolStopped(tool: string): string;
  /** Its body when the host gave no reason. */
  toolStoppedNoReason: string;
  /** The notification when a tool was refused keystrokes for want of the Accessibility permission. */
  accessibilityTitle: string;
  accessibilityBody(tool: string, app: string): string;
  /** Under `npm start`, the app macOS asks permissions for: the terminal, by its name when known. */
  developmentTerminal(name: string | undefined): string;
  /** Why the Finder's selection could not be read, shown in the palette after its own heading. */
  finder: {
    /** The Automation permission refused: where to grant it, and to whom (`app`). */
    refused(app: string): string;
    notRunning: string;
    noAnswer(seconds: number): string;
    /** osascript itself failed; `detail` is its own message, as it came. */
    failed(detail: string): string;
  };
  /** The application menu. */
  menu: {
    about: string;
    settings: string;
    /** Opens the command palette (its global shortcut shown beside it). */
    commandPalette: string;
    hide: string;
    hideOthers: string;
    showAll: string;
    file: string;
    edit: string;
    undo: string;
    redo: string;
    cut: string;
    copy: string;
    paste: string;
    selectAll: string;
    view: string;
    reload: string;
    developerTools: string;
    fullScreen: string;
    window: string;
    minimize: string;
    close: string;
    help: string;
  };
}

const en: DesktopWords = {
  noMenubarCommands: 'No menu bar commands',
  showApp: 'Show Vitruvian',
  quitApp: 'Quit Vitruvian',
  commandTimedOut: (command, seconds) => `${command} did not answer within ${seconds} seconds.`,
  commandDidNotRun: (command, why) => `${command} did not run: ${why}`,
  toolStopped: (tool) => `${tool} stopped`,
  toolStoppedNoReason: 'It stopped and will not restart on its own.',
  accessibilityTitle: 'Vitruvian needs the Accessibility permission',
  accessibilityBody: (tool, app) =>
    `${tool} could not press keys in the app in front. Turn on ${app} in System Settings > Privacy & Security > Accessibility, then try again.`,
  developmentTerminal: (name) => (name ? `${name} (the terminal that ran npm start)` : 'the terminal app that ran npm start'),
  finder: {
    refused: (app) => `Vitruvian may not control the Finder. Turn on Finder under ${app} in System Settings > Privacy & Security > Automation.`,
    notRunning: 'the Finder is not running.',
    noAnswer: (seconds) => `the Finder did not answer within ${seconds} seconds (was macOS still asking whether Vitruvian may control it?).`,
    failed: (detail) => `the Finder's selection could not be read: ${detail}`,
  },
  menu: {
    about: 'About Vitruvian',
    settings: 'Settings…',
    commandPalette: 'Command Palette',
    hide: 'Hide Vitruvian',
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    file: 'File',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    view: 'View',
    reload: 'Reload',
    developerTools: 'Toggle Developer Tools',
    fullScreen: 'Toggle Full Screen',
    window: 'Window',
    minimize: 'Minimize',
    close: 'Close Window',
    help: 'Help',
  },
};

// As in the window's French: a narrow no-break space (U+202F) before : ; ? ! and inside « ».
const fr: DesktopWords = {
  noMenubarCommands: 'Aucune commande dans la barre des menus',
  showApp: 'Afficher Vitruvian',
  quitApp: 'Quitter Vitruvian',
  commandTimedOut: (command, seconds) => `${command} n’a pas répondu en ${seconds} secondes.`,
  commandDidNotRun: (command, why) => `${command} n’a pas été fait\u202f: ${why}`,
  toolStopped: (tool) => `${tool} s’est arrêté`,
  toolStoppedNoReason: 'Il s’est arrêté et ne redémarrera pas de lui-même.',
  accessibilityTitle: 'Vitruvian a besoin de l’autorisation Accessibilité',
  accessibilityBody: (tool, app) =>
    `${tool} n’a pas pu appuyer sur des touches dans l’app au premier plan. Activez ${app} dans Réglages Système > Confidentialité et sécurité > Accessibilité, puis réessayez.`,
  developmentTerminal: (name) => (name ? `${name} (le terminal qui a lancé npm start)` : 'l’app de terminal qui a lancé npm start'),
  finder: {
    refused: (app) =>
      `Vitruvian n’a pas le droit de piloter le Finder. Activez Finder sous ${app} dans Réglages Système > Confidentialité et sécurité > Automatisation.`,
    notRunning: 'le Finder n’est pas ouvert.',
    noAnswer: (seconds) => `le Finder n’a pas répondu en ${seconds} secondes (macOS demandait-il encore si Vitruvian peut le piloter\u202f?).`,
    failed: (detail) => `la sélection du Finder n’a pas pu être lue\u202f: ${detail}`,
  },
  menu: {
    about: 'À propos de Vitruvian',
    settings: 'Réglages…',
    commandPalette: 'Palette de commandes',
    hide: 'Masquer Vitruvian',
    hideOthers: 'Masquer les autres',
    showAll: 'Tout afficher',
    file: 'Fichier',
    edit: 'Édition',
    undo: 'Annuler',
    redo: 'Rétablir',
    cut: 'Couper',
    copy: 'Copier',
    paste: 'Coller',
    selectAll: 'Tout sélectionner',
    view: 'Présentation',
    reload: 'Recharger',
    developerTools: 'Outils de développement',
    fullScreen: 'Plein écran',
    window: 'Fenêtre',
    minimize: 'Réduire',
    close: 'Fermer la fenêtre',
    help: 'Aide',
  },
};

export const desktopWordsByLanguage: Record<AppLanguage, DesktopWords> = { en, fr };

/** The words for a language tag: fr-CA speaks French, an unknown language English. */
export const desktopWordsFor = (language: string): DesktopWords => desktopWordsByLanguage[appLanguageOf(language)];
