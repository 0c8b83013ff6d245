import { describe, expect, it } from 'vitest';
import { desktopWordsFor } from './desktop-words';
import { holderName, permissionHolder } from './permission-holder';

describe('who macOS asks the permissions for', () => {
  it('is the installed app itself', () => {
    const holder = permissionHolder(true, 'Vitruvian', { __CFBundleIdentifier: 'com.apple.Terminal' });
    expect(holder).toEqual({ kind: 'app', name: 'Vitruvian' });
    expect(holderName(holder, desktopWordsFor('en'))).toBe('Vitruvian');
  });

  it('under npm start, is the terminal that ran it, by its bundle id, else by TERM_PROGRAM', () => {
    expect(permissionHolder(false, 'Vitruvian', { __CFBundleIdentifier: 'com.apple.Terminal', TERM_PROGRAM: 'Apple_Terminal' })).toEqual({
      kind: 'terminal',
      name: 'Terminal',
    });
    expect(permissionHolder(false, 'Vitruvian', { __CFBundleIdentifier: 'com.microsoft.VSCode', TERM_PROGRAM: 'tmux' }).name).toBe('Visual Studio Code');
    expect(permissionHolder(false, 'Vitruvian', { TERM_PROGRAM: 'iTerm.app' }).name).toBe('iTerm');
    expect(permissionHolder(false, 'Vitruvian', { TERM_PROGRAM: 'some-new-terminal' })).toEqual({ kind: 'terminal', name: undefined });
  });

  it('is named so the person finds the entry, in the app language', () => {
    expect(holderName({ kind: 'terminal', name: 'Terminal' }, desktopWordsFor('en'))).toBe('Terminal (the terminal that ran npm start)');
    expect(holderName({ kind: 'terminal', name: undefined }, desktopWordsFor('en'))).toBe('the terminal app that ran npm start');
    expect(holderName({ kind: 'terminal', name: 'Ghostty' }, desktopWordsFor('fr'))).toBe('Ghostty (le terminal qui a lancé npm start)');
  });
});
