// Shortcuts that reach Vitruvian from any app: the palette's and those a person gives a command.
// Electron's globalShortcut holds them with the system; this registry knows which command owns
// which shortcut, so that giving a command a new one drops its old one, a shortcut one command
// holds is not given to another, and quitting lets every one of them go.
import { globalShortcut } from 'electron';

/** Who holds a shortcut: a key of ours ("palette", a tool's command) and its name as a person reads it. */
export interface ShortcutOwner {
  key: string;
  label: string;
}

export type ShortcutAnswer = { ok: true } | { ok: false; reason: 'invalid' | 'taken'; message: string };

export interface GlobalShortcuts {
  /**
   * Gives the owner this shortcut, in place of the one it held. When the new one is refused the old
   * one stays, still working.
   */
  register(owner: ShortcutOwner, accelerator: string, action: () => void): ShortcutAnswer;
  /** Lets the owner's shortcut go; false when it held none. */
  unregister(ownerKey: string): boolean;
  /** The shortcut the owner holds, as it was given. */
  shortcutOf(ownerKey: string): string | undefined;
  /** Lets every shortcut of ours go (on quit). */
  dispose(): void;
}

const modifierNames: Record<string, string> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

/**
 * The same shortcut however it is spelled (Cmd+Shift+P, shift+command+p), so that two commands of
 * ours cannot hold it at once. CommandOrControl is the Command key on macOS, Control elsewhere.
 */
export function shortcutIdentity(accelerator: string, platform: NodeJS.Platform = process.platform): string {
  const parts = accelerator.split('+').map((part) => part.trim());
  const key = (parts.pop() ?? '').toLowerCase();
  const modifiers = parts.map((part) => {
    const name = modifierNames[part.toLowerCase()] ?? part;
    return name === 'CommandOrControl' ? (platform === 'darwin' ? 'Command' : 'Control') : name;
  });
  return [...new Set(modifiers)].sort().concat(key).join('+');
}

/**
 * Why an accelerator cannot be a global shortcut before the system is asked, or undefined. A key
 * without Command, Control, Alt or Super would be taken from every app's typing: Shift+A is an "A".
 */
export function shortcutProblem(accelerator: string): string | undefined {
  const parts = accelerator.split('+').map((part) => part.trim());
  if (accelerator.trim() === '' || parts.some((part) => part === '')) return `"${accelerator}" is not a valid shortcut`;
  const modifiers = parts.slice(0, -1).map((part) => modifierNames[part.toLowerCase()]);
  if (modifiers.some((name) => name === undefined)) return `"${accelerator}" is not a valid shortcut`;
  if (!modifiers.some((name) => name !== 'Shift')) {
    return `"${accelerator}" needs Command, Control, Alt or Super besides its key: without one it would take the key from every app`;
  }
  return undefined;
}

interface Held {
  owner: ShortcutOwner;
  accelerator: string;
  identity: string;
  action: () => void;
}

export function createGlobalShortcuts(platform: NodeJS.Platform = process.platform): GlobalShortcuts {
  const held = new Map<string, Held>();

  const letGo = (entry: Held) => {
    try {
      globalShortcut.unregister(entry.accelerator);
    } catch {
      // It was registered, so Electron parsed it; nothing else can be done if the system refuses.
    }
  };

  return {
    register(owner, accelerator, action) {
      const problem = shortcutProblem(accelerator);
      if (problem) return { ok: false, reason: 'invalid', message: problem };
      const identity = shortcutIdentity(accelerator, platform);
      const before = held.get(owner.key);
      if (before?.identity === identity) {
        // The system already delivers this key to us: only what it does changes.
        held.set(owner.key, { ...before, owner, action });
        return { ok: true };
      }
      const holder = [...held.values()].find((entry) => entry.identity === identity);
      if (holder) return { ok: false, reason: 'taken', message: `"${accelerator}" is already the shortcut of ${holder.owner.label}` };
      // Each press runs the action held now, so a later register with the same key needs no new call.
      const press = () => held.get(owner.key)?.action();
      let registered: boolean;
      try {
        registered = globalShortcut.register(accelerator, press);
      } catch {
        // Electron throws for a key name it does not know ("conversion failure").
        return { ok: false, reason: 'invalid', message: `"${accelerator}" is not a valid shortcut` };
      }
      if (!registered) {
        return {
          ok: false,
          reason: 'taken',
          message: `"${accelerator}" is taken by the system or another app: choose another shortcut for ${owner.label}`,
        };
      }
      if (before) letGo(before);
      held.set(owner.key, { owner, accelerator, identity, action });
      return { ok: true };
    },

    unregister(ownerKey) {
      const entry = held.get(ownerKey);
      if (!entry) return false;
      held.delete(ownerKey);
      letGo(entry);
      return true;
    },

    shortcutOf: (ownerKey) => held.get(ownerKey)?.accelerator,

    dispose() {
      for (const entry of held.values()) letGo(entry);
      held.clear();
    },
  };
}

/** What the host's store of command shortcuts asks of the system (its ShortcutKeys). */
export interface CommandShortcutKeys {
  registerShortcut(accelerator: string, pressed: () => void): boolean;
  unregisterShortcut(accelerator: string): void;
}

/**
 * The host's command shortcuts through this registry, so that a command cannot be given the
 * palette's shortcut (the host keeps which command holds which, and says so in its own words).
 */
export function commandShortcutKeys(shortcuts: GlobalShortcuts): CommandShortcutKeys {
  const ownerKey = (accelerator: string) => `command shortcut ${accelerator}`;
  return {
    registerShortcut: (accelerator, pressed) => shortcuts.register({ key: ownerKey(accelerator), label: 'a command' }, accelerator, pressed).ok,
    unregisterShortcut: (accelerator) => void shortcuts.unregister(ownerKey(accelerator)),
  };
}
