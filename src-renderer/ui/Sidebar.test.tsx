// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

const many = Array.from({ length: 200 }, (_, i) =>
  makeTool({ id: `com.acme.t${String(i).padStart(3, '0')}`, name: { en: `Tool ${String(i).padStart(3, '0')}` } }),
);

describe('the sidebar', () => {
  it('lists 200 tools and narrows them with its filter', async () => {
    await renderApp({ tools: many });
    const list = screen.getByRole('listbox', { name: 'Installed tools' });
    expect(within(list).getAllByRole('option')).toHaveLength(200);
    expect(screen.getByText('200 tools')).toBeDefined();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'tool 19');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Tool 190', 'Tool 191', 'Tool 192', 'Tool 193', 'Tool 194', 'Tool 195', 'Tool 196', 'Tool 197', 'Tool 198', 'Tool 199']);
  });

  it('shows a long name whole in its tooltip', async () => {
    const long = 'A tool with a name far too long for the sidebar to show in one line';
    await renderApp({ tools: [makeTool({ id: 'com.acme.long', name: { en: long } })] });
    expect(screen.getByRole('option', { name: long }).querySelector('.tool-item-name')?.getAttribute('title')).toBe(long);
  });

  it('tells apart entries of the same name by their folders: two refused folders, a tool and a plugin', async () => {
    await renderApp({
      tools: [
        makeTool({ id: 'refused.a', name: { en: 'Rain gauge' }, state: 'refused', folder: '/work/a/rain' }),
        makeTool({ id: 'refused.b', name: { en: 'Rain gauge' }, state: 'refused', folder: '/work/b/rain' }),
        makeTool({ id: 'com.acme.words', name: { en: 'Word count' }, folder: '/samples/word-count' }),
        makePlugin({ id: 'com.acme.skwir-words', name: { en: 'Word count' }, folder: '/samples/skwir-word-count' }),
        makeTool({ id: 'com.acme.alone', name: { en: 'Alone' }, folder: '/samples/alone' }),
      ],
    });
    const shown = (name: string): Record<string, string | null> =>
      Object.fromEntries(
        screen
          .getAllByRole('option', { name })
          .map((option): [string, string | null] => [option.dataset.toolId ?? '', option.querySelector('.tool-item-folder')?.textContent ?? null]),
      );
    expect(shown('Rain gauge')).toEqual({ 'refused.a': 'a/rain', 'refused.b': 'b/rain' });
    expect(shown('Word count')).toEqual({ 'com.acme.words': 'word-count', 'com.acme.skwir-words': 'skwir-word-count' });
    expect(shown('Alone')).toEqual({ 'com.acme.alone': null });
    // A screen reader hears the folder too.
    const [first] = screen.getAllByRole('option', { name: 'Rain gauge' });
    expect(
      first!
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('a/rain');
    expect(screen.getAllByRole('option', { name: 'Rain gauge' })[0]!.querySelector('.tool-item-folder')?.getAttribute('title')).toBe('/work/a/rain');
  });

  it('follows state changes the host sends', async () => {
    const { fake } = await renderApp({ tools: [makeTool({ id: 'com.acme.one', name: { en: 'One' }, state: 'starting' })] });
    const option = screen.getByRole('option', { name: 'One' });
    expect(option.dataset.state).toBe('starting');
    act(() =>
      fake.emit({ type: 'tool', tool: makeTool({ id: 'com.acme.one', name: { en: 'One' }, state: 'failed', stateReason: 'crashed 5 times in 3 minutes' }) }),
    );
    expect(option.dataset.state).toBe('failed');
    expect(option.textContent).toContain('Failed · crashed 5 times in 3 minutes');
  });
});

describe('dropping a folder', () => {
  const drop = (files: File[]) => fireEvent.drop(document.querySelector('.drop-zone')!, { dataTransfer: { files, types: ['Files'] } });

  it('asks for the path in a browser, which cannot know where a dropped folder is', async () => {
    const { fake } = await renderApp();
    act(() => void drop([new File([], 'my-tool')]));
    const dialog = await screen.findByRole('dialog', { name: 'Install a tool' });
    expect(dialog.textContent).toContain('A browser cannot tell the app where a dropped folder is');
    expect(fake.requestsNamed('installFolder')).toEqual([]);
  });

  it('installs the folder at once in the desktop app', async () => {
    const { fake } = await renderApp();
    window.vitruvian = Object.assign({}, fake.host, { pathForFile: (file: File) => `/Users/me/${file.name}` });
    try {
      await act(async () => void drop([new File([], 'my-tool')]));
      expect(fake.requestsNamed('installFolder')).toEqual([['/Users/me/my-tool']]);
      expect((await screen.findByRole('status', { name: 'Install result' })).textContent).toContain('Installed my-tool');
    } finally {
      delete window.vitruvian;
    }
  });

  it('lists plugins beside tools, each marked as a plugin', async () => {
    await renderApp({
      tools: [makeTool({ id: 'com.acme.words', name: { en: 'Word count' } }), makePlugin({ id: 'org.example.words', name: { en: 'Word count' } })],
    });
    const [tool, plugin] = within(screen.getByRole('listbox', { name: 'Installed tools' })).getAllByRole('option');
    // The two share a name: each shows the part of its folder that tells it apart.
    expect(tool!.textContent).toBe('Word countcom.acme.wordsRunning');
    expect(plugin!.textContent).toBe('Word countPluginorg.example.wordsIdle');
    const described = plugin!
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Plugin', 'org.example.words', 'Idle']);
  });
});
