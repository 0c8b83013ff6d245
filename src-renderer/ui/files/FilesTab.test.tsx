// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InspectRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedInspection } from '../../../src-shared/skwir/answers';
import { createFakeHost, makePlugin, type FakeHost } from '../../../src-shared/test/fake-host';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  delete window.vitruvian;
});

const hex = makePlugin(
  { id: 'org.example.hex', name: { en: 'Hex' } },
  {
    fields: [
      { key: 'size', title: 'Size', extensions: [], mimes: [] },
      { key: 'tags', title: 'Tags', extensions: ['txt'], mimes: [] },
    ],
    previews: [
      { extensions: ['ppm'], mimes: [], converts: true, pages: false, thumbnails: true },
      { extensions: [], mimes: [], converts: false, pages: false, thumbnails: false },
    ],
    commands: [
      {
        name: 'count',
        title: 'Count words',
        extensions: ['txt'],
        mimes: [],
        args: {
          type: 'object',
          required: ['level'],
          properties: { lines: { type: 'boolean', description: 'Count lines too' }, level: { type: 'integer', minimum: 1 } },
        },
      },
      { name: 'copy', title: 'Copy summary', extensions: ['txt'], mimes: [] },
      { name: 'tidy', title: 'Tidy', extensions: [], mimes: [] },
    ],
    capabilities: ['read', 'write'],
  },
);

const ok = <T,>(answer: T, cached = false): PluginAnswer<T> => ({ ok: true, answer, ms: 12, cached });
const row = (offset: number) =>
  ({
    cells: [offset.toString(16).padStart(16, '0'), '61 62', 'ab'],
    bytes: null,
    depth: 0,
    branch: false,
    target: null,
  }) as unknown as CheckedInspection['rows'][number];

function hexPage(request: InspectRequest): CheckedInspection {
  const start = request.query ? 0x20 : (request.offset ?? 0);
  return {
    kind: 'hex',
    title: `Hex at ${start}`,
    text: [],
    columns: ['Offset', 'Bytes', 'Characters'],
    rows: [row(start), row(start + 16), row(start + 32)],
    previous: start > 0 ? Math.max(0, start - 48) : null,
    next: start + 48,
    position: request.query ? 0x30 : start,
    length: null,
    notice: request.query ? `Found ${request.query} at 0x30` : '',
    details: [{ label: 'Size', value: '96 bytes' }],
  };
}

async function openFiles(fake?: (host: FakeHost) => void) {
  const app = await renderApp({ tools: [hex] });
  app.fake.answers.askField = (_p, _c, path, key) => ok({ value: key === 'size' ? 12 : ['a', 'b', null as unknown as string] });
  app.fake.answers.askThumbnail = () => ok({ png: 'iVBORw0KGgoAAAANSUhEUg==' });
  app.fake.answers.inspect = (_p, _c, _path, request) => ok(hexPage(request));
  app.fake.answers.cancelCall = () => ({ ok: true });
  fake?.(app.fake);
  await userEvent.click(screen.getByRole('option', { name: 'Hex' }));
  return app;
}

async function addPath(path: string) {
  await userEvent.type(screen.getByLabelText('File path'), `${path}{Enter}`);
}

describe('a plugin’s Files tab', () => {
  it('is the plugin’s first tab, and it has no Commands tab of a tool’s', async () => {
    await openFiles();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Files', 'Settings', 'Log', 'Messages']);
    expect(screen.getByRole('tab', { name: 'Files' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('option', { name: 'Hex' })).getByText('Plugin')).toBeDefined();
  });

  it('lists files added by path with each serving field and the thumbnail', async () => {
    const { fake } = await openFiles();
    await addPath('/docs/notes.txt');
    await addPath('/pics/cat.ppm');
    const list = screen.getByRole('listbox', { name: 'Files given to the plugin' });
    const notes = within(list).getByRole('option', { name: 'notes.txt' });
    await waitFor(() => expect(notes.textContent).toContain('Size: 12'));
    expect(notes.textContent).toContain('Tags: a, b, ');
    const cat = within(list).getByRole('option', { name: 'cat.ppm' });
    await waitFor(() =>
      expect(within(cat).getByRole('img', { name: 'Thumbnail of cat.ppm' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgoAAAANSUhEUg=='),
    );
    expect(cat.textContent).not.toContain('Tags');
    expect(fake.requestsNamed('askField')).toHaveLength(3);
    expect(fake.requestsNamed('askThumbnail').map((args) => args[2])).toEqual(['/pics/cat.ppm']);
  });

  it('takes dropped files by the paths the desktop app knows, without installing anything', async () => {
    const { fake } = await openFiles();
    window.vitruvian = Object.assign({}, createFakeHost().host, { pathForFile: (file: File) => `/dropped/${file.name}` });
    const files = [new File(['x'], 'a.txt'), new File(['y'], 'b.txt')];
    fireEvent.drop(document.querySelector('.files-drop')!, { dataTransfer: { files, types: ['Files'] } });
    const list = await screen.findByRole('listbox', { name: 'Files given to the plugin' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.getAttribute('aria-label')),
      ).toEqual(['a.txt', 'b.txt']),
    );
    expect(fake.requestsNamed('askField').map((args) => args[2])).toContain('/dropped/b.txt');
    expect(fake.requestsNamed('installFolder')).toEqual([]);
  });

  it('chooses several files with Ctrl- and Shift-click and offers the commands that serve them all', async () => {
    await openFiles();
    const user = userEvent.setup();
    for (const path of ['/d/a.txt', '/d/b.txt', '/d/c.bin']) await addPath(path);
    const list = screen.getByRole('listbox', { name: 'Files given to the plugin' });
    const option = (name: string) => within(list).getByRole('option', { name });
    const chosen = () =>
      within(list)
        .getAllByRole('option', { selected: true })
        .map((o) => o.getAttribute('aria-label'));
    await user.click(option('a.txt'));
    await user.keyboard('{Control>}');
    await user.click(option('b.txt'));
    await user.keyboard('{/Control}');
    expect(chosen()).toEqual(['a.txt', 'b.txt']);
    const commands = screen.getByRole('region', { name: 'Commands' });
    expect(commands.textContent).toContain('Commands for 2 chosen files');
    expect(
      within(commands)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Count words', 'Copy summary', 'Tidy']);
    await user.keyboard('{Shift>}');
    await user.click(option('c.bin'));
    await user.keyboard('{/Shift}');
    expect(chosen()).toEqual(['b.txt', 'c.bin']);
    expect(
      within(screen.getByRole('region', { name: 'Commands' }))
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Tidy']);
    // The keys: down moves and chooses one, Space toggles, Ctrl-A chooses all.
    option('c.bin').focus();
    await user.keyboard('{ArrowUp}');
    expect(chosen()).toEqual(['b.txt']);
    expect(document.activeElement).toBe(option('b.txt'));
    await user.keyboard('{ArrowUp}{Shift>}{ArrowDown}{/Shift}');
    expect(chosen()).toEqual(['a.txt', 'b.txt']);
    await user.keyboard(' ');
    expect(chosen()).toEqual(['a.txt']);
    await user.keyboard('{Control>}a{/Control}');
    expect(chosen()).toEqual(['a.txt', 'b.txt', 'c.bin']);
  });

  it('shows hex pages, pages through them, searches from where it is and marks what was found', async () => {
    const { fake } = await openFiles();
    await addPath('/d/data.bin');
    const preview = await screen.findByRole('region', { name: 'Preview of data.bin' });
    await within(preview).findByRole('heading', { name: 'Hex at 0' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Offset', 'Bytes', 'Characters']);
    expect(within(preview).getByRole('complementary', { name: 'Details' }).textContent).toContain('96 bytes');
    expect(within(preview).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(within(preview).getByRole('button', { name: 'Next' }));
    await within(preview).findByRole('heading', { name: 'Hex at 48' });
    await userEvent.type(within(preview).getByRole('searchbox', { name: 'Find in the file' }), 'ab{Enter}');
    await waitFor(() => expect(within(preview).getByRole('status').textContent).toBe('Found ab at 0x30'));
    expect(preview.querySelector('[data-found]')?.textContent).toContain('0000000000000030');
    await userEvent.click(within(preview).getByRole('button', { name: 'Find' }));
    await userEvent.click(within(preview).getByRole('button', { name: 'Source' }));
    await waitFor(() => expect(within(preview).getByRole('button', { name: 'Source' }).getAttribute('aria-pressed')).toBe('true'));
    expect(fake.requestsNamed('inspect').map((args) => args[3])).toEqual([
      {},
      { offset: 48 },
      { offset: 48, query: 'ab' },
      { offset: 0x31, query: 'ab' },
      { offset: 0x31, source: true },
    ]);
  });

  it('marks the bytes a search found in both columns, across a row’s end, moves the mark with the next find and clears it on Not found', async () => {
    // "abcdefabcdef", 4 bytes a row, searched as the hex sample does: from the offset on, answering the length found.
    const text = 'abcdefabcdef';
    const rowAt = (offset: number) => {
      const bytes = [...text.slice(offset, offset + 4)];
      return { ...row(offset), cells: [offset.toString(16).padStart(8, '0'), bytes.map((c) => c.charCodeAt(0).toString(16)).join(' '), bytes.join('')] };
    };
    const searched = (request: InspectRequest): CheckedInspection => {
      const asked = request.offset ?? 0;
      const at = request.query ? text.indexOf(request.query, asked) : -1;
      const position = at === -1 ? asked : at;
      const start = position - (position % 4);
      return {
        ...hexPage(request),
        rows: [start, start + 4, start + 8].filter((offset) => offset < text.length).map(rowAt),
        position,
        length: request.query ? (at === -1 ? 0 : request.query.length) : null,
        notice: request.query ? (at === -1 ? `Not found after ${asked}` : `Found at ${at}`) : '',
      };
    };
    await openFiles((fake) => (fake.answers.inspect = (_p, _c, _path, request) => ok(searched(request))));
    await addPath('/d/letters.bin');
    const preview = await screen.findByRole('region', { name: 'Preview of letters.bin' });
    await within(preview).findByRole('heading', { name: 'Hex at 0' });
    const marked = () => [...preview.querySelectorAll('mark')].map((mark) => `${mark.closest('tr')!.cells[0]!.textContent}: ${mark.textContent}`);
    const search = within(preview).getByRole('searchbox', { name: 'Find in the file' });

    await userEvent.type(search, 'bc{Enter}');
    await waitFor(() => expect(within(preview).getByRole('status').textContent).toBe('Found at 1'));
    expect(marked()).toEqual(['00000000: 62 63', '00000000: bc']);
    expect(preview.querySelector('tr[data-found]')).toBeNull();
    // Find again: from just after, across the end of a row.
    await userEvent.click(within(preview).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(within(preview).getByRole('status').textContent).toBe('Found at 7'));
    expect(marked()).toEqual(['00000004: 62', '00000004: b', '00000008: 63', '00000008: c']);
    await userEvent.click(within(preview).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(within(preview).getByRole('status').textContent).toBe('Not found after 8'));
    expect(marked()).toEqual([]);
    expect(preview.querySelector('[data-found]')).toBeNull();
  });

  it('opens a row’s target, folds a branch, and shows a failure where the page would be', async () => {
    const tree: CheckedInspection = {
      kind: 'table',
      title: 'Archive',
      text: [],
      columns: ['Name', 'Size'],
      previous: null,
      next: null,
      position: 0,
      length: null,
      notice: '',
      details: [],
      rows: [
        { cells: ['docs'], bytes: null, depth: 0, branch: true, target: null },
        { cells: ['a.txt', '3'], bytes: 3, depth: 1, branch: false, target: { member: 'docs/a.txt' } },
        { cells: ['b.txt', '4'], bytes: 4, depth: 1, branch: false, target: null },
        { cells: ['top.txt', '1'], bytes: 1, depth: 0, branch: false, target: null },
      ] as unknown as CheckedInspection['rows'],
    };
    await openFiles((fake) => {
      fake.answers.inspect = (_p, _c, _path, request) =>
        request.target ? { ok: false, outcome: 'failed', malformed: true, message: 'result.rows[0].cells: missing' } : ok(tree);
    });
    await addPath('/d/archive.zip');
    const preview = await screen.findByRole('region', { name: 'Preview of archive.zip' });
    await within(preview).findByRole('heading', { name: 'Archive' });
    const fold = within(preview).getByRole('button', { name: 'Rows inside' });
    await userEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(
      within(preview)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameSize', '▸docs', 'top.txt1']);
    await userEvent.click(fold);
    await userEvent.click(within(preview).getByRole('button', { name: 'a.txt' }));
    await waitFor(() =>
      expect(within(preview).getByRole('alert').textContent).toBe('The plugin’s answer is not as the protocol says: result.rows[0].cells: missing'),
    );
    await userEvent.click(within(preview).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(within(preview).queryByRole('alert')).toBeNull());
  });

  it('shows progress and Cancel for a call slower than 300 ms, and its outcome as cancelled', async () => {
    let cancel: (() => void) | undefined;
    const { fake } = await openFiles((host) => {
      host.answers.inspect = () => new Promise((resolve) => (cancel = () => resolve({ ok: false, outcome: 'cancelled', message: 'cancelled' })));
      host.answers.cancelCall = () => (cancel?.(), { ok: true });
    });
    await addPath('/d/slow.bin');
    const preview = await screen.findByRole('region', { name: 'Preview of slow.bin' });
    expect(within(preview).queryByRole('progressbar')).toBeNull();
    const progress = await within(preview).findByRole('progressbar', { name: 'Asking the plugin…' });
    expect(progress).toBeDefined();
    await userEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    const callId = fake.requestsNamed('inspect')[0]![1];
    expect(fake.requestsNamed('cancelCall')).toEqual([[callId]]);
    await waitFor(() => expect(within(preview).getByRole('alert').textContent).toBe('Cancelled'));
  });

  it('says under the list which file is still asked after 300 ms, with its Cancel; the row holds nothing to press', async () => {
    const waiting: (() => void)[] = [];
    const { fake } = await openFiles((host) => {
      host.answers.askField = () => new Promise((resolve) => waiting.push(() => resolve({ ok: false, outcome: 'cancelled', message: 'cancelled' })));
      host.answers.cancelCall = () => (waiting.forEach((end) => end()), { ok: true });
    });
    await addPath('/d/slow.bin');
    const list = screen.getByRole('listbox', { name: 'Files given to the plugin' });
    const row = within(list).getByRole('option', { name: 'slow.bin' });
    const progress = await screen.findByRole('progressbar', { name: 'Asking the plugin about slow.bin…' });
    expect(list.contains(progress)).toBe(false);
    expect(row.querySelector('progress')).not.toBeNull();
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(within(row).queryAllByRole('checkbox')).toEqual([]);
    await userEvent.click(within(progress.parentElement!).getByRole('button', { name: 'Cancel' }));
    expect(fake.requestsNamed('cancelCall')).toHaveLength(fake.requestsNamed('askField').length);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(row.querySelector('progress')).toBeNull();
  });

  it('adds a file to the chosen or takes it away with a click on its check mark', async () => {
    await openFiles();
    for (const path of ['/d/a.txt', '/d/b.txt']) await addPath(path);
    const list = screen.getByRole('listbox', { name: 'Files given to the plugin' });
    const chosen = () =>
      within(list)
        .queryAllByRole('option', { selected: true })
        .map((o) => o.getAttribute('aria-label'));
    const mark = (name: string) => within(list).getByRole('option', { name }).querySelector<HTMLElement>('.file-check')!;
    await userEvent.click(within(list).getByRole('option', { name: 'a.txt' }));
    await userEvent.click(mark('b.txt'));
    expect(chosen()).toEqual(['a.txt', 'b.txt']);
    await userEvent.click(mark('a.txt'));
    expect(chosen()).toEqual(['b.txt']);
  });

  it('runs a command with its args form: required marked, problems under the field, the value as names and values', async () => {
    const { fake } = await openFiles((host) => {
      host.answers.runPluginCommand = (_p, _c, _command, args) => ok({ answer: 'value', value: { total: 3, args } });
    });
    await addPath('/d/a.txt');
    const group = screen.getByRole('group', { name: 'Count words' });
    await userEvent.click(within(group).getByRole('button', { name: 'Count words' }));
    expect(within(group).getByLabelText(/level/).getAttribute('aria-required')).toBe('true');
    expect(within(group).getByText('(required)')).toBeDefined();
    await userEvent.click(within(group).getByLabelText('Count lines too'));
    await userEvent.click(within(group).getByRole('button', { name: 'Run' }));
    expect(within(group).getByText('Fill this in.')).toBeDefined();
    expect(fake.requestsNamed('runPluginCommand')).toEqual([]);
    await userEvent.type(within(group).getByLabelText(/level/), '0');
    await userEvent.click(within(group).getByRole('button', { name: 'Run' }));
    expect(within(group).getByText('Enter 1 or more.')).toBeDefined();
    await userEvent.clear(within(group).getByLabelText(/level/));
    await userEvent.type(within(group).getByLabelText(/level/), '2{Enter}');
    await waitFor(() => expect(within(group).getByLabelText('Value').textContent).toBe('total: 3args: lines: Yeslevel: 2'));
    expect(fake.requestsNamed('runPluginCommand')[0]!.slice(2)).toEqual(['count', { lines: true, level: 2 }, ['/d/a.txt']]);
  });

  it('says what the plugin said of a text answer the host put on the clipboard, and shows the text when it could not', async () => {
    let onClipboard = true;
    await openFiles((host) => {
      host.answers.runPluginCommand = () =>
        ok(
          onClipboard
            ? { answer: 'text', text: 'a.txt: 3 words\n', said: 'Copied the count of 1 file', onClipboard: true }
            : { answer: 'text', text: 'a.txt: 3 words\n', onClipboard: false, clipboardProblem: 'the clipboard is held by another app' },
        );
    });
    await addPath('/d/a.txt');
    const group = screen.getByRole('group', { name: 'Copy summary' });
    await userEvent.click(within(group).getByRole('button', { name: 'Copy summary' }));
    await waitFor(() => expect(within(group).getByRole('status').textContent).toBe('Copied the count of 1 file · Put on the clipboard'));
    onClipboard = false;
    await userEvent.click(within(group).getByRole('button', { name: 'Copy summary' }));
    await waitFor(() =>
      expect(within(group).getByRole('status').textContent).toBe(
        'The text could not be put on the clipboard (the clipboard is held by another app). Here it is:',
      ),
    );
    expect(group.querySelector('pre')?.textContent).toBe('a.txt: 3 words\n');
  });

  it('shows a plan in words and applies it once the person confirms, with each step’s outcome', async () => {
    const { fake } = await openFiles((host) => {
      host.answers.runPluginCommand = (_p, _c, _command, _args, paths) =>
        ok({
          answer: 'plan',
          title: 'Tidy up',
          note: 'Old files go away.',
          planId: 'plan-1',
          files: paths,
          steps: [
            { op: 'rename', file: 1, name: 'a.bak' },
            { op: 'mkdir', path: '/d/old' },
            { op: 'move', file: 2, to: '/d/old' },
            { op: 'copy', file: 2, to: '/d/copies' },
            { op: 'trash', file: 1 },
          ],
        });
      host.answers.applyPlan = () => ({
        ok: false,
        problem: 'the trash refused',
        steps: [
          { step: { op: 'rename', file: 1, name: 'a.bak' }, words: '', status: 'recorded' },
          { step: { op: 'mkdir', path: '/d/old' }, words: '', status: 'done' },
          { step: { op: 'move', file: 2, to: '/d/old' }, words: '', status: 'done' },
          { step: { op: 'copy', file: 2, to: '/d/copies' }, words: '', status: 'failed', problem: '/d/copies/b.bin exists already' },
          { step: { op: 'trash', file: 1 }, words: '', status: 'notRun' },
        ],
      });
    });
    await addPath('/d/a.txt');
    await addPath('/d/b.bin');
    await userEvent.click(screen.getByRole('button', { name: 'Choose all' }));
    const group = screen.getByRole('group', { name: 'Tidy' });
    await userEvent.click(within(group).getByRole('button', { name: 'Tidy' }));
    const steps = await within(group).findByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename a.txt to a.bak', 'Make the folder /d/old', 'Move b.bin into /d/old', 'Copy b.bin into /d/copies', 'Move a.txt to the trash']);
    expect(group.textContent).toContain('Old files go away.');
    await userEvent.click(within(group).getByRole('button', { name: 'Apply…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Apply “Tidy up”?' });
    expect(dialog.textContent).toContain('2 files change. 1 folder is made.');
    expect(dialog.textContent).toContain('The services are simulated');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.requestsNamed('applyPlan')).toEqual([]);
    await userEvent.click(within(group).getByRole('button', { name: 'Apply…' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Apply' }));
    expect(fake.requestsNamed('applyPlan')).toEqual([['plan-1']]);
    await waitFor(() => expect(group.textContent).toContain('Not all of it was applied: the trash refused'));
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-status')),
    ).toEqual(['recorded', 'done', 'done', 'failed', 'notRun']);
    expect(steps.textContent).toContain('Recorded in the services panel (simulated)');
    expect(steps.textContent).toContain('Failed: /d/copies/b.bin exists already');
  });

  it('offers no Apply for a plan of a plugin not granted write', async () => {
    const reader = makePlugin({ id: 'org.example.reader', name: { en: 'Reader' } }, { commands: [{ name: 'tidy', title: 'Tidy', extensions: [], mimes: [] }] });
    const { fake } = await renderApp({ tools: [reader] });
    fake.answers.runPluginCommand = () => ok({ answer: 'plan', title: 'T', note: null, planId: 'p', files: ['/a'], steps: [{ op: 'trash', file: 1 }] });
    await userEvent.click(screen.getByRole('option', { name: 'Reader' }));
    await addPath('/a');
    await userEvent.click(screen.getByRole('button', { name: 'Tidy' }));
    await screen.findByText('The plugin is not granted write, so this plan cannot be applied.');
    expect(screen.queryByRole('button', { name: 'Apply…' })).toBeNull();
  });

  it('shows a conversion’s failure in the plugin’s words, and a cached one as such', async () => {
    const { store } = await openFiles((host) => {
      host.answers.convert = (_p, _c, path) =>
        path.endsWith('bad.ppm')
          ? { ok: false, outcome: 'failed', message: 'not a Netpbm file: it starts "hell"' }
          : ok({ name: 'cat.png', bytes: 3, token: 'cat' }, true);
    });
    await addPath('/d/bad.ppm');
    const preview = await screen.findByRole('region', { name: 'Preview of bad.ppm' });
    await waitFor(() => expect(within(preview).getByRole('alert').textContent).toBe('The plugin failed: not a Netpbm file: it starts "hell"'));
    await addPath('/d/cat.ppm');
    act(() => store.getState().chooseFile('org.example.hex', '/d/cat.ppm'));
    const cat = await screen.findByRole('region', { name: 'Preview of cat.ppm' });
    await waitFor(() => expect(cat.textContent).toContain('From the cache, without asking the plugin'));
  });

  it('speaks French', async () => {
    const { store } = await openFiles();
    await act(() => store.getState().setLanguage('fr'));
    await userEvent.type(screen.getByLabelText('Chemin du fichier'), '/d/notes.txt{Enter}');
    const notes = screen.getByRole('option', { name: 'notes.txt' });
    await waitFor(() => expect(notes.textContent).toContain('Size\u202f: 12'));
    expect(screen.getByRole('tab', { name: 'Fichiers' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Commandes' }).textContent).toContain('Commandes pour 1 fichier choisi');
    await screen.findByRole('region', { name: 'Aperçu de notes.txt' });
  });
});
