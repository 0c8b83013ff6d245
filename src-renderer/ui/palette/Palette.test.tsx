// @vitest-environment happy-dom
// The command palette over the fake host: opened with Ctrl+K, a dialog with a combobox over a
// listbox, filtered by typing, ranked by use, Enter runs, Escape closes; and the shortcut fields of
// Settings, which take the keys pressed and show the host's refusal in words.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeHost, makePlugin, makeTool } from '../../../src-shared/test/fake-host';
import { createAppStore } from '../../store/app-store';
import { StoreProvider } from '../../store/store-context';
import { PalettePage } from './PalettePage';
import { renderApp } from '../../test/render-app';

beforeAll(() => {
  // The test DOM draws nothing, so it may have no scrolling: cmdk scrolls the chosen item into view.
  if (!('scrollIntoView' in Element.prototype)) Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
});
afterEach(cleanup);

const cmd = (id: string, en: string, fr = en) => ({ id, title: { en, fr }, surfaces: ['window' as const] });
const kit = makeTool({
  id: 'a.kit',
  name: { en: 'Clipboard kit' },
  commands: [cmd('sig', 'Paste my signature'), cmd('greet', 'Copy the greeting')],
  runnable: ['sig'],
});
const counter = makeTool({ id: 'b.count', name: { en: 'Word count' }, commands: [cmd('date', 'Paste today’s date')], runnable: ['date'] });
const lines = makePlugin(
  { id: 'c.lines', name: { en: 'Lines' } },
  { commands: [{ name: 'lines.sort', title: 'Sort lines', extensions: ['txt'], mimes: [] }], capabilities: ['read', 'write'] },
);

const openPalette = async () => {
  await userEvent.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Command palette' });
};

describe('the command palette', () => {
  it('opens with Ctrl+K on a combobox over a listbox, lists every command with its tool, and dims one that cannot run with why', async () => {
    await renderApp({ tools: [kit, counter] });
    const dialog = await openPalette();
    const box = within(dialog).getByRole('combobox', { name: 'Search commands' });
    expect(document.activeElement).toBe(box);
    const list = within(dialog).getByRole('listbox', { name: 'Commands' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Paste my signatureClipboard kit',
      'Copy the greetingClipboard kitCannot run now: the tool says so',
      'Paste today’s dateWord count',
    ]);
    expect(options[1]!.getAttribute('aria-disabled')).toBe('true');
  });

  it('filters by what is typed, from two tools, and runs the chosen one with Enter', async () => {
    const { fake } = await renderApp({ tools: [kit, counter] });
    const dialog = await openPalette();
    await userEvent.keyboard('past');
    const list = within(dialog).getByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.getAttribute('data-entry')),
      ).toEqual(['a.kit', 'b.count']),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(fake.requestsNamed('runCommand')).toEqual([['b.count', 'date']]));
    expect(await within(dialog).findByText('Done')).toBeTruthy();
  });

  it('points the combobox at the row chosen, as the person types and moves (cmdk 1.1.1 names a row one step old)', async () => {
    await renderApp({ tools: [kit, counter] });
    const dialog = await openPalette();
    const box = within(dialog).getByRole('combobox');
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    await waitFor(() => expect(active()?.getAttribute('data-command')).toBe('sig'));
    await userEvent.keyboard('paste today');
    await waitFor(() => expect(active()?.getAttribute('data-command')).toBe('date'));
    await userEvent.keyboard('{Backspace>11/}{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(active()?.getAttribute('aria-selected')).toBe('true'));
    expect(active()?.getAttribute('data-command')).toBe('date');
  });

  it('puts the commands the person runs most first', async () => {
    const { fake } = await renderApp({ tools: [kit, counter] });
    fake.usage = [{ entryId: 'b.count', command: 'date', count: 4, last: Date.now() }];
    const dialog = await openPalette();
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]!.getAttribute('data-command')).toBe('date'));
  });

  it('lists a Skwir command only for a selection it serves, and runs it on the selected files', async () => {
    const { fake } = await renderApp({ tools: [lines] });
    fake.selection = ['/home/me/notes.txt'];
    let dialog = await openPalette();
    expect(await within(dialog).findByText('Plugin commands act on 1 selected file')).toBeTruthy();
    await userEvent.keyboard('sort{Enter}');
    await waitFor(() =>
      expect(fake.requestsNamed('runPluginCommand')).toEqual([['c.lines', expect.any(String), 'lines.sort', undefined, ['/home/me/notes.txt']]]),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    fake.selection = ['/home/me/picture.png'];
    dialog = await openPalette();
    expect(await within(dialog).findByText('No command matches.')).toBeTruthy();
  });

  it('takes files dropped on it where no file manager offers its selection, and runs a Skwir command on them', async () => {
    const { fake } = await renderApp({ tools: [lines] });
    fake.answers.fileSelection = () => ({ ok: false, reason: 'none', problem: 'no file manager here offers its selection' });
    // Electron's preload tells a dropped file's path; a page of the test bed cannot.
    window.vitruvian = { ...fake.host, pathForFile: (dropped: File) => `/home/me/${dropped.name}` };
    try {
      const dialog = await openPalette();
      const zone = await within(dialog).findByText('Drop files here or choose them to see the plugins’ commands for them.');
      const dataTransfer = { files: [new File(['a\nb\n'], 'notes.txt', { type: 'text/plain' })] };
      fireEvent.drop(zone.parentElement!, { dataTransfer });
      expect(await within(dialog).findByText('Plugin commands act on 1 selected file')).toBeTruthy();
      within(dialog).getByRole('combobox').focus();
      await userEvent.keyboard('sort{Enter}');
      await waitFor(() =>
        expect(fake.requestsNamed('runPluginCommand')).toEqual([['c.lines', expect.any(String), 'lines.sort', undefined, ['/home/me/notes.txt']]]),
      );
    } finally {
      delete window.vitruvian;
    }
  });

  it("in the desktop app's palette window, chooses files through the app's dialog, not the page's file input", async () => {
    const { fake } = await renderApp({ tools: [lines] });
    fake.answers.fileSelection = () => ({ ok: false, reason: 'none', problem: 'no file manager here offers its selection' });
    const asked: string[] = [];
    window.vitruvian = { ...fake.host, choosePaletteFiles: async () => (asked.push('dialog'), ['/home/me/a.txt', '/home/me/b.txt']) };
    try {
      const dialog = await openPalette();
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose files' }));
      expect(await within(dialog).findByText('Plugin commands act on 2 selected files')).toBeTruthy();
      expect(asked).toEqual(['dialog']);
      expect(dialog.querySelector('input[type=file]')).toBeNull();
    } finally {
      delete window.vitruvian;
    }
  });

  it('opens to run the command whose global shortcut was pressed', async () => {
    const { fake } = await renderApp({ tools: [kit] });
    act(() => fake.emit({ type: 'shortcutPressed', entryId: 'a.kit', command: 'sig' }));
    await screen.findByRole('dialog', { name: 'Command palette' });
    await waitFor(() => expect(fake.requestsNamed('runCommand')).toEqual([['a.kit', 'sig']]));
  });
});

describe('the shortcut fields of Settings', () => {
  it('take the keys pressed, name a shortcut another app holds, and take it away with Backspace', async () => {
    const { fake } = await renderApp({ tools: [kit] });
    fake.takenShortcuts.add('CommandOrControl+Alt+T');
    await userEvent.click(screen.getByRole('option', { name: /Clipboard kit/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const field = screen.getByLabelText('Shortcut for Paste my signature');
    field.focus();
    await userEvent.keyboard('{Control>}{Alt>}t{/Alt}{/Control}');
    expect(await screen.findByText('CommandOrControl+Alt+T is taken by the system or another app: choose another.')).toBeTruthy();
    await userEvent.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    await waitFor(() => expect(field.getAttribute('data-accelerator')).toBe('CommandOrControl+Shift+S'));
    expect(fake.shortcuts).toEqual([{ entryId: 'a.kit', command: 'sig', accelerator: 'CommandOrControl+Shift+S', registered: true }]);
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(fake.shortcuts).toEqual([]));
    expect(fake.requestsNamed('setCommandShortcut').at(-1)).toEqual(['a.kit', 'sig', null]);
  });
});

describe("the palette's own shortcut", () => {
  it('is set by pressing it beside the language, cannot be taken away, and only opens the palette when pressed', async () => {
    const { fake } = await renderApp({ tools: [kit] });
    const field = screen.getByLabelText('Shortcut to open the command palette');
    field.focus();
    await userEvent.keyboard('{Alt>}{Shift>}p{/Shift}{/Alt}');
    await waitFor(() => expect(field.getAttribute('data-accelerator')).toBe('Alt+Shift+P'));
    expect(fake.requestsNamed('setCommandShortcut').at(-1)).toEqual(['vitruvian', 'palette', 'Alt+Shift+P']);
    expect(within(field.closest('li')!).queryByRole('button', { name: 'Remove' })).toBeNull();
    await userEvent.keyboard('{Backspace}');
    expect(await screen.findByText('The palette keeps a shortcut, or nothing would open it: press another to change it.')).toBeTruthy();
    act(() => fake.emit({ type: 'shortcutPressed', entryId: 'vitruvian', command: 'palette' }));
    await screen.findByRole('dialog', { name: 'Command palette' });
    expect(fake.requestsNamed('runCommand')).toEqual([]);
  });
});

describe('a value shown as a tree', () => {
  it("draws a huge value as the Files tab does: a list's first 200 entries, and how many more there are", async () => {
    const { fake } = await renderApp({ tools: [lines] });
    const huge = { rows: Array.from({ length: 100_000 }, (_, index) => ({ n: index })) };
    fake.answers.runPluginCommand = () => ({ ok: true, ms: 1, cached: false, answer: { answer: 'value', value: huge } });
    fake.selection = ['/home/me/notes.txt'];
    const dialog = await openPalette();
    await within(dialog).findByText('Plugin commands act on 1 selected file');
    await userEvent.keyboard('sort{Enter}');
    const tree = await within(dialog).findByRole('group', { name: 'Value' });
    // The rows' list: its first 200 rows, each with its number.
    expect(tree.querySelectorAll('.value-list > li').length).toBe(200);
    expect(within(tree).getByText('and 99,800 more')).toBeTruthy();
  });
});

describe("the desktop app's palette window", () => {
  it('opens the palette when shown, and asks the window to hide once it closes', async () => {
    const fake = createFakeHost({ tools: [kit] });
    const store = createAppStore(fake.host);
    await store.getState().load();
    const hidden: number[] = [];
    window.vitruvian = { ...fake.host, hidePalette: () => void hidden.push(1) };
    try {
      render(
        <StoreProvider store={store}>
          <PalettePage />
        </StoreProvider>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
      await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
      expect(hidden).toEqual([]);
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(hidden).toEqual([1]);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeTruthy();
      expect(fake.requestsNamed('fileSelection')).toHaveLength(2);
    } finally {
      delete window.vitruvian;
    }
  });
});
