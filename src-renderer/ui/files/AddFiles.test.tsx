// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PluginAnswer } from '../../../src-shared/plugin-api';
import { createFakeHost, makePlugin } from '../../../src-shared/test/fake-host';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  delete window.vitruvian;
});

const words = makePlugin(
  { id: 'org.example.words', name: { en: 'Words' } },
  { fields: [{ key: 'words', title: 'Words', extensions: [], mimes: [] }], previews: [] },
);
const ok = <T,>(answer: T): PluginAnswer<T> => ({ ok: true, answer, ms: 1, cached: false });

async function openFiles() {
  const app = await renderApp({ tools: [words] });
  app.fake.answers.askField = () => ok({ value: 3 });
  await userEvent.click(screen.getByRole('option', { name: 'Words' }));
  // The desktop app knows where a dropped or picked file is.
  window.vitruvian = Object.assign({}, createFakeHost().host, { pathForFile: (file: File) => `/given/${file.name}` });
  return app;
}

const listed = () =>
  within(screen.getByRole('listbox', { name: 'Files given to the plugin' }))
    .getAllByRole('option')
    .map((option) => option.getAttribute('aria-label'));

/** A dropped folder as a browser hands it: an item whose entry is a folder holding these names. */
function folderItem(name: string, names: string[]) {
  const entry = {
    isDirectory: true,
    isFile: false,
    name,
    createReader: () => ({ readEntries: (done: (entries: { name: string }[]) => void) => done(names.map((n) => ({ name: n }))) }),
  };
  return { kind: 'file', type: '', getAsFile: () => new File([], name), webkitGetAsEntry: () => entry };
}
const fileItem = (file: File) => ({
  kind: 'file',
  type: file.type,
  getAsFile: () => file,
  webkitGetAsEntry: () => ({ isDirectory: false, isFile: true, name: file.name }),
});

describe('giving files to a plugin', () => {
  it('takes files dropped anywhere on its Files tab, even outside the list, and installs nothing', async () => {
    const { fake } = await openFiles();
    const files = [new File(['x'], 'a.txt')];
    // Dropped on the page's header, not on the list.
    fireEvent.drop(screen.getByRole('heading', { level: 1, name: 'Words' }), { dataTransfer: { files, items: files.map(fileItem), types: ['Files'] } });
    await waitFor(() => expect(listed()).toEqual(['a.txt']));
    expect(fake.requestsNamed('judgeFile')).toEqual([['/given/a.txt']]);
    expect(fake.requestsNamed('installFolder')).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a dropped folder without a manifest, saying it is a folder, and offers one with a manifest as an install', async () => {
    await openFiles();
    const photos = folderItem('photos', ['a.jpg', 'b.jpg']);
    const tool = folderItem('my-plugin', ['plugin.py', 'skwir-plugin.toml']);
    fireEvent.drop(document.querySelector('.files-drop')!, { dataTransfer: { files: [], items: [photos, tool], types: ['Files'] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('photos was not added: it is a folder, and a plugin is given files. Drop the files in it instead.');
    const dialog = await screen.findByRole('dialog', { name: 'Install a tool' });
    expect(dialog.textContent).toContain('my-plugin holds a manifest: install it?');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Tool folder').value).toBe('/given/my-plugin');
  });

  it('says at once what is wrong with a path the host refuses, never asking the plugin', async () => {
    const { fake } = await openFiles();
    await userEvent.type(screen.getByLabelText('File path'), 'notes.txt{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^notes\.txt was not added: the path does not start from the root of the disk/);
    expect(fake.requestsNamed('askField')).toEqual([]);
    expect(screen.queryByRole('listbox', { name: 'Files given to the plugin' })).toBeNull();
  });

  it('adds the files chosen with the picker', async () => {
    await openFiles();
    expect(screen.getByRole('button', { name: 'Choose files…' })).toBeDefined();
    const picker = document.querySelector<HTMLInputElement>('.add-files input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File(['a'], 'one.txt'), new File(['b'], 'two.txt')] } });
    await waitFor(() => expect(listed()).toEqual(['one.txt', 'two.txt']));
  });

  it('shows two files of the same name with enough of their folders to tell them apart', async () => {
    await openFiles();
    for (const path of ['/photos/2024/a.jpg', '/photos/2025/a.jpg']) await userEvent.type(screen.getByLabelText('File path'), `${path}{Enter}`);
    await waitFor(() => expect(listed()).toEqual(['2024/a.jpg', '2025/a.jpg']));
  });
});
