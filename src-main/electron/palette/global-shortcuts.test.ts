import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The system's side of globalShortcut: what it holds for us, and what other apps hold. */
const system = vi.hoisted(() => ({
  ours: new Map<string, () => void>(),
  heldByOthers: new Set<string>(),
  calls: [] as string[],
}));
vi.mock('electron', () => ({
  globalShortcut: {
    register(accelerator: string, press: () => void) {
      system.calls.push(`register ${accelerator}`);
      // Electron's own parser refuses a key it does not know by throwing.
      if (/Nonsense/.test(accelerator)) throw new Error(`conversion failure from ${accelerator}`);
      if (system.heldByOthers.has(accelerator) || system.ours.has(accelerator)) return false;
      system.ours.set(accelerator, press);
      return true;
    },
    unregister(accelerator: string) {
      system.calls.push(`unregister ${accelerator}`);
      system.ours.delete(accelerator);
    },
  },
}));

const { commandShortcutKeys, createGlobalShortcuts, shortcutIdentity, shortcutProblem } = await import('./global-shortcuts');
const { defaultPaletteShortcut } = await import('./palette-shortcut');

const palette = { key: 'palette', label: 'the palette' };
const copy = { key: 'com.acme.kit/copy', label: 'Copy the greeting (Clipboard kit)' };
const press = (accelerator: string) => system.ours.get(accelerator)!();

beforeEach(() => {
  system.ours.clear();
  system.heldByOthers.clear();
  system.calls.length = 0;
});

describe('the global shortcuts', () => {
  it('registers a shortcut with the system, runs its action on each press, and lets it go', () => {
    const shortcuts = createGlobalShortcuts('darwin');
    const opened = vi.fn();
    expect(shortcuts.register(palette, defaultPaletteShortcut, opened)).toEqual({ ok: true });
    expect(system.ours.has('CommandOrControl+Shift+Space')).toBe(true);
    press('CommandOrControl+Shift+Space');
    press('CommandOrControl+Shift+Space');
    expect(opened).toHaveBeenCalledTimes(2);
    expect(shortcuts.shortcutOf('palette')).toBe('CommandOrControl+Shift+Space');
    expect(shortcuts.unregister('palette')).toBe(true);
    expect(system.ours.size).toBe(0);
    expect(shortcuts.shortcutOf('palette')).toBeUndefined();
    expect(shortcuts.unregister('palette')).toBe(false);
  });

  it('names a shortcut the system or another app holds as taken, and registers nothing', () => {
    system.heldByOthers.add('Command+Space');
    const shortcuts = createGlobalShortcuts('darwin');
    expect(shortcuts.register(palette, 'Command+Space', () => {})).toEqual({
      ok: false,
      reason: 'taken',
      message: '"Command+Space" is taken by the system or another app: choose another shortcut for the palette',
    });
    expect(shortcuts.shortcutOf('palette')).toBeUndefined();
  });

  it('refuses an accelerator Electron cannot read, and one without a modifier, saying it is not a valid shortcut', () => {
    const shortcuts = createGlobalShortcuts('linux');
    expect(shortcuts.register(copy, 'Control+Nonsense', () => {})).toEqual({
      ok: false,
      reason: 'invalid',
      message: '"Control+Nonsense" is not a valid shortcut',
    });
    expect(shortcuts.register(copy, 'Ctrl++', () => {})).toMatchObject({ ok: false, reason: 'invalid', message: '"Ctrl++" is not a valid shortcut' });
    expect(shortcuts.register(copy, 'Hyper+K', () => {})).toMatchObject({ reason: 'invalid' });
    const bare = shortcuts.register(copy, 'Shift+A', () => {});
    expect(bare).toMatchObject({ ok: false, reason: 'invalid' });
    expect(bare.ok === false && bare.message).toMatch(/"Shift\+A" needs Command, Control, Alt or Super/);
    // Only the one Electron had to parse reached the system.
    expect(system.calls).toEqual(['register Control+Nonsense']);
    expect(shortcuts.shortcutOf(copy.key)).toBeUndefined();
  });

  it("replaces a command's shortcut: the new one registered, the old one let go", () => {
    const shortcuts = createGlobalShortcuts('darwin');
    const action = vi.fn();
    shortcuts.register(copy, 'Command+Shift+C', action);
    expect(shortcuts.register(copy, 'Alt+Shift+C', action)).toEqual({ ok: true });
    expect([...system.ours.keys()]).toEqual(['Alt+Shift+C']);
    press('Alt+Shift+C');
    expect(action).toHaveBeenCalledTimes(1);
    expect(shortcuts.shortcutOf(copy.key)).toBe('Alt+Shift+C');
  });

  it('keeps the old shortcut working when the new one is taken', () => {
    system.heldByOthers.add('Alt+Space');
    const shortcuts = createGlobalShortcuts('darwin');
    const opened = vi.fn();
    shortcuts.register(palette, defaultPaletteShortcut, opened);
    expect(shortcuts.register(palette, 'Alt+Space', opened)).toMatchObject({ ok: false, reason: 'taken' });
    expect([...system.ours.keys()]).toEqual([defaultPaletteShortcut]);
    press(defaultPaletteShortcut);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(shortcuts.shortcutOf('palette')).toBe(defaultPaletteShortcut);
  });

  it('registering the same shortcut again, however spelled, only changes what it does', () => {
    const shortcuts = createGlobalShortcuts('darwin');
    const first = vi.fn();
    const second = vi.fn();
    shortcuts.register(palette, 'CmdOrCtrl+Shift+Space', first);
    expect(shortcuts.register(palette, 'shift+command+space', second)).toEqual({ ok: true });
    expect(system.calls).toEqual(['register CmdOrCtrl+Shift+Space']);
    press('CmdOrCtrl+Shift+Space');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('does not give one command the shortcut another command of ours holds, naming that command', () => {
    const shortcuts = createGlobalShortcuts('darwin');
    shortcuts.register(copy, 'Command+Shift+Space', () => {});
    expect(shortcuts.register(palette, defaultPaletteShortcut, () => {})).toEqual({
      ok: false,
      reason: 'taken',
      message: '"CommandOrControl+Shift+Space" is already the shortcut of Copy the greeting (Clipboard kit)',
    });
    expect(system.calls).toEqual(['register Command+Shift+Space']);
  });

  it('lets every shortcut of ours go on quit', () => {
    const shortcuts = createGlobalShortcuts('linux');
    shortcuts.register(palette, defaultPaletteShortcut, () => {});
    shortcuts.register(copy, 'Ctrl+Alt+C', () => {});
    shortcuts.dispose();
    expect(system.ours.size).toBe(0);
    expect(shortcuts.shortcutOf('palette')).toBeUndefined();
  });
});

describe("the host's command shortcuts", () => {
  it("register through the registry, so none can take the palette's shortcut, and let go by their accelerator", () => {
    const shortcuts = createGlobalShortcuts('darwin');
    shortcuts.register(palette, defaultPaletteShortcut, () => {});
    const keys = commandShortcutKeys(shortcuts);
    expect(keys.registerShortcut('Command+Shift+Space', () => {})).toBe(false);
    const pressed = vi.fn();
    expect(keys.registerShortcut('Command+Alt+K', pressed)).toBe(true);
    press('Command+Alt+K');
    expect(pressed).toHaveBeenCalledTimes(1);
    keys.unregisterShortcut('Command+Alt+K');
    expect([...system.ours.keys()]).toEqual([defaultPaletteShortcut]);
  });
});

describe('shortcut spelling', () => {
  it('takes CommandOrControl as Command on macOS and Control elsewhere', () => {
    expect(shortcutIdentity('CmdOrCtrl+Shift+K', 'darwin')).toBe(shortcutIdentity('Shift+Cmd+k', 'darwin'));
    expect(shortcutIdentity('CmdOrCtrl+Shift+K', 'linux')).toBe(shortcutIdentity('Control+Shift+K', 'linux'));
    expect(shortcutIdentity('CmdOrCtrl+Shift+K', 'linux')).not.toBe(shortcutIdentity('Command+Shift+K', 'linux'));
    expect(shortcutIdentity('Option+Space', 'darwin')).toBe(shortcutIdentity('Alt+Space', 'darwin'));
  });

  it('finds the default palette shortcut acceptable', () => {
    expect(shortcutProblem(defaultPaletteShortcut)).toBeUndefined();
    expect(shortcutProblem('')).toBe('"" is not a valid shortcut');
  });
});
