import { describe, expect, it } from 'vitest';
import { acceleratorOf, acceleratorProblem, acceleratorText } from './accelerator';

const press = (code: string, key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('global shortcuts as Electron takes them', () => {
  it('takes a key with a modifier, or a function key alone', () => {
    for (const text of ['CommandOrControl+K', 'Alt+Shift+Space', 'Super+F1', 'F12', 'Control+Alt+/', 'CommandOrControl+Plus'])
      expect(acceleratorProblem(text)).toBeUndefined();
  });

  it('refuses a lone key, Shift alone, a modifier named twice, and a word that is no key, naming what is wrong', () => {
    expect(acceleratorProblem('K')).toBe('a global shortcut needs Command, Control, Alt or Super, or a function key');
    expect(acceleratorProblem('Shift+K')).toBe('a global shortcut needs Command, Control, Alt or Super, or a function key');
    expect(acceleratorProblem('Alt+Alt+K')).toBe('Alt is named twice');
    expect(acceleratorProblem('Alt+Kay')).toBe('"Kay" is not a key (a letter, a digit, F1 to F24, or a named key such as Space)');
    expect(acceleratorProblem('Hyper+K')).toMatch(/^"Hyper" is not a modifier/);
    expect(acceleratorProblem('')).toBeDefined();
  });

  it('makes one from a key press, by the key’s place so Shift and Alt do not change it', () => {
    expect(acceleratorOf(press('KeyK', 'k', { ctrlKey: true }), false)).toBe('CommandOrControl+K');
    expect(acceleratorOf(press('KeyK', 'k', { metaKey: true, shiftKey: true }), true)).toBe('CommandOrControl+Shift+K');
    expect(acceleratorOf(press('Digit2', '@', { altKey: true, shiftKey: true }), false)).toBe('Alt+Shift+2');
    expect(acceleratorOf(press('ControlLeft', 'Control', { ctrlKey: true }), false)).toBeUndefined();
    expect(acceleratorOf(press('F5', 'F5'), false)).toBe('F5');
  });

  it('writes one as a person reads it on each system', () => {
    expect(acceleratorText('CommandOrControl+Shift+K', true)).toBe('⌘⇧K');
    expect(acceleratorText('CommandOrControl+Shift+K', false)).toBe('Ctrl+Shift+K');
  });
});
