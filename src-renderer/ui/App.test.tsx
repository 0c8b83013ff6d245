// @vitest-environment happy-dom
import { problemLine } from '../../src-shared/protocol/problem-reasons';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

const clipper = makeTool({
  id: 'com.acme.clipper',
  name: { en: 'Clipper', fr: 'Agrafeuse' },
  description: { en: 'Keeps clips.', fr: 'Garde des extraits.' },
  uses: ['clipboard.write', 'notify'],
  commands: [
    { id: 'copy', title: { en: 'Copy latest', fr: 'Copier le dernier' }, surfaces: ['window'] },
    { id: 'later', title: { en: 'Later' }, surfaces: ['window'] },
    { id: 'menu', title: { en: 'Menu only' }, surfaces: ['menubar'] },
  ],
  runnable: ['copy'],
});
const broken = makeTool({ id: 'com.acme.broken', name: { en: 'Broken' }, state: 'crashed', stateReason: 'exited with code 3' });

describe('the window', () => {
  it('tells a newcomer how to install a tool, and installs one from a typed path', async () => {
    const { fake } = await renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'No tools yet' })).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Install a tool…' }));
    const dialog = screen.getByRole('dialog', { name: 'Install a tool' });
    await userEvent.type(within(dialog).getByLabelText('Tool folder'), '/home/me/notes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(fake.requestsNamed('installFolder')).toEqual([['/home/me/notes']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'Install result' }).textContent).toContain('Installed notes 1.0.0');
    expect(screen.getByRole('option', { name: 'notes', selected: true })).toBeDefined();
  });

  it('refuses a path that is not from the root in the person’s language, without asking the host', async () => {
    const { fake } = await renderApp({ info: { language: 'fr' } });
    await userEvent.click(screen.getByRole('button', { name: 'Installer…' }));
    const dialog = screen.getByRole('dialog', { name: 'Installer un outil' });
    await userEvent.type(within(dialog).getByLabelText('Dossier de l’outil'), 'mes-outils/notes{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '«\u202fmes-outils/notes\u202f» n’est pas un chemin complet\u202f: indiquez le chemin du dossier depuis la racine du disque, par exemple /Users/moi/mon-outil.',
    );
    expect(fake.requestsNamed('installFolder')).toEqual([]);
  });

  it('lists every reason a folder was refused', async () => {
    const { fake } = await renderApp();
    fake.answers.installFolder = () => ({ ok: false, problems: ['id: "x" has no dot', 'uses: "camera" is not a service'].map(problemLine) });
    await userEvent.click(screen.getByRole('button', { name: 'Install…' }));
    const dialog = screen.getByRole('dialog', { name: 'Install a tool' });
    await userEvent.type(within(dialog).getByLabelText('Tool folder'), '/bad{Enter}');
    const verdict = await within(dialog).findByRole('alert', { name: 'Install result' });
    expect(
      within(verdict)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['id: "x" has no dot', 'uses: "camera" is not a service']);
    // Cancelled, the refusal goes with the dialog: no banner of it is left above the page.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Install a tool' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Install result' })).toBeNull();
  });

  it('shows a folder refused at its first load as a refused tool with every problem, nothing to run or restart', async () => {
    const refused = makeTool({
      id: 'refused.weather.0123456789ab',
      name: { en: 'weather' },
      version: '',
      publisher: { en: '' },
      state: 'refused',
      stateReason: 'the folder was refused: id: "weather" has no dot',
      loadedInPlace: true,
      folder: '/work/weather',
      problems: ['id: "weather" has no dot', 'uses[1]: unknown service "camera"'].map(problemLine),
    });
    await renderApp({ tools: [refused] });
    const option = screen.getByRole('option', { name: 'weather' });
    expect(option.textContent).toContain('Refused · the folder was refused: id: "weather" has no dot');
    await userEvent.click(option);
    expect(screen.getByRole('heading', { level: 1, name: 'weather' })).toBeDefined();
    const problems = screen.getByRole('alert');
    expect(problems.textContent).toContain('Problems in this folder');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['id: "weather" has no dot', 'uses[1]: unknown service "camera"']);
    expect(document.querySelector('.tool-subtitle')?.textContent).toBe('Loaded in place');
    expect(screen.getByRole('button', { name: 'Restart' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Stop' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the warnings of an accepted folder on its page, apart from problems, and none on a folder without', async () => {
    const warned = makePlugin({
      id: 'org.example.typos',
      name: { en: 'Typos' },
      loadedInPlace: true,
      warnings: [
        'line 6: capabilites is not a key of skwir-plugin.toml; did you mean capabilities?',
        'line 14: extension is not a key of previews[0] in skwir-plugin.toml; did you mean extensions?',
      ],
    });
    await renderApp({ tools: [warned, clipper] });
    await userEvent.click(screen.getByRole('option', { name: 'Typos' }));
    const warnings = screen.getByRole('region', { name: 'Warnings about this folder' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(warned.warnings);
    // Taken all the same: not an alert, and the plugin is not refused.
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Clipper' }));
    expect(screen.queryByRole('region', { name: 'Warnings about this folder' })).toBeNull();
  });

  it('shows each tool with its state and reason, and moves with the arrow keys', async () => {
    await renderApp({ tools: [clipper, broken] });
    const list = screen.getByRole('listbox', { name: 'Installed tools' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual(['Broken', 'Clipper']);
    expect(options[0]!.textContent).toContain('Crashed · exited with code 3');
    await userEvent.click(options[0]!);
    expect(screen.getByRole('heading', { level: 1, name: 'Broken' })).toBeDefined();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('heading', { level: 1, name: 'Clipper' })).toBeDefined();
  });

  it("lists menu bar commands too, marked, and runs them in the test bed; with the system's services, from the menu bar only", async () => {
    const simulated = await renderApp({ tools: [{ ...clipper, runnable: ['copy', 'menu'] }] });
    act(() => simulated.store.getState().selectTool(clipper.id));
    const rows = within(screen.getByRole('list', { name: 'Commands' }))
      .getAllByRole('group')
      .map((row) => row.getAttribute('aria-label'));
    expect(rows).toEqual(['Copy latest', 'Later', 'Menu only']);
    const menu = screen.getByRole('group', { name: 'Menu only' });
    expect(within(menu).getByText('Menu bar')).toBeDefined();
    await userEvent.click(within(menu).getByRole('button', { name: 'Menu only' }));
    expect(simulated.fake.requestsNamed('runCommand')).toEqual([[clipper.id, 'menu']]);
    cleanup();
    const desktop = await renderApp({ tools: [{ ...clipper, runnable: ['copy', 'menu'] }], info: { services: 'system' } });
    act(() => desktop.store.getState().selectTool(clipper.id));
    const shown = screen.getByRole('group', { name: 'Menu only' });
    expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Menu only' }).disabled).toBe(true);
    expect(within(shown).getByText('Run it from the menu bar')).toBeDefined();
  });

  it('runs window commands, disables those not runnable, and shows the outcome', async () => {
    const { fake, store } = await renderApp({ tools: [clipper] });
    act(() => store.getState().selectTool(clipper.id));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Later' }).disabled).toBe(true);
    fake.answers.runCommand = () => ({ outcome: 'refused', message: 'nothing to copy' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy latest' }));
    const row = screen.getByRole('group', { name: 'Copy latest' });
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('Refused: nothing to copy'));
    fake.answers.runCommand = () => ({ outcome: 'timeout' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy latest' }));
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('No answer within 60 seconds'));
  });

  it('disables the commands of a stopped tool, saying Restart starts it, and keeps a demand tool’s (a command starts it)', async () => {
    const { fake, store } = await renderApp({ tools: [{ ...clipper, state: 'stopped', runnable: ['copy', 'later'] }] });
    act(() => store.getState().selectTool(clipper.id));
    const copy = screen.getByRole<HTMLButtonElement>('button', { name: 'Copy latest' });
    expect(copy.disabled).toBe(true);
    expect(document.getElementById(copy.getAttribute('aria-describedby')!)?.textContent).toBe('The tool is stopped. Restart starts it.');
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(copy.disabled).toBe(false));
    expect(copy.hasAttribute('aria-describedby')).toBe(false);

    act(() => fake.emit({ type: 'tool', tool: { ...clipper, state: 'idle', start: 'demand' } }));
    expect(copy.disabled).toBe(false);
    act(() => fake.emit({ type: 'tool', tool: { ...clipper, state: 'refused', runnable: [] } }));
    expect(copy.disabled).toBe(true);
    expect(screen.getByText(/The folder was refused\. Once its problems are fixed/)).toBeDefined();
  });

  it('asks before uninstalling', async () => {
    const { fake, store } = await renderApp({ tools: [clipper] });
    act(() => store.getState().selectTool(clipper.id));
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall…' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Uninstall Clipper?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.requestsNamed('uninstall')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall…' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Uninstall' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Clipper' })).toBeNull());
    expect(fake.requestsNamed('uninstall')).toEqual([[clipper.id]]);
  });

  it('says a folder loaded in place is kept when its tool is uninstalled', async () => {
    const { store } = await renderApp({ tools: [{ ...clipper, loadedInPlace: true }, { ...broken }] });
    act(() => store.getState().askUninstall(clipper.id));
    const inPlace = screen.getByRole('alertdialog', { name: 'Uninstall Clipper?' }).textContent;
    expect(inPlace).toContain('taken off the list');
    expect(inPlace).toContain('Its folder is kept as it is.');
    expect(inPlace).not.toContain('installed copy');
    act(() => store.getState().cancelUninstall());
    act(() => store.getState().askUninstall(broken.id));
    expect(screen.getByRole('alertdialog', { name: 'Uninstall Broken?' }).textContent).toContain('its installed copy');
  });

  it('speaks French when the language is changed, and so do the tool’s texts', async () => {
    const { fake, store } = await renderApp({ tools: [clipper] });
    act(() => store.getState().selectTool(clipper.id));
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(fake.requestsNamed('setLanguage')).toEqual([['fr']]);
    expect(screen.getByRole('tab', { name: 'Réglages' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copier le dernier' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Agrafeuse' })).toBeDefined();
  });

  it('words the host’s reasons in French too: a state, a command’s crash, a refused value', async () => {
    const failed = makeTool({
      id: 'com.acme.failing',
      name: { en: 'Failing' },
      state: 'failed',
      stateReason: 'the tool crashed 5 times within 3 minutes (last: it exited with code 1); it stays stopped until you restart it',
      stateReasonCode: { code: 'crashedTooOften', crashes: 5, seconds: 180, last: { code: 'exited', exitCode: 1 } },
    });
    const noted = makeTool({ ...clipper, preferences: [{ id: 't', kind: 'text', title: { en: 'Note', fr: 'Note' } }], values: { t: '' } });
    const { fake, store } = await renderApp({ tools: [failed, noted] });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    const option = screen.getByRole('option', { name: 'Failing' });
    expect(option.textContent).toContain('En échec · il a planté 5 fois en 3 minutes');
    expect(option.textContent).not.toMatch(/crashed|exited/);

    act(() => store.getState().selectTool(noted.id));
    fake.answers.runCommand = () => ({
      outcome: 'crashed',
      message: 'the tool exited with code 3 before it answered',
      reasonCode: { code: 'exited', exitCode: 3 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copier le dernier' }));
    const row = screen.getByRole('group', { name: 'Copier le dernier' });
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('L’outil a planté\u202f: il s’est arrêté avec le code 3 avant de répondre'));

    await userEvent.click(screen.getByRole('tab', { name: 'Réglages' }));
    fake.answers.setPreference = () => ({
      ok: false,
      problem: 'value (preference "t"): 4,100 characters, at most 4,096',
      problemCode: { code: 'tooLong', chars: 4_100, max: 4_096 },
    });
    await userEvent.type(screen.getByLabelText('Note'), 'long{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Trop long\u202f: 4\u202f100 caractères, 4\u202f096 au plus');
  });

  it('shows simulated service calls in words', async () => {
    const { fake } = await renderApp({ tools: [clipper] });
    act(() => {
      fake.emit({ type: 'serviceCall', call: { seq: 1, time: 1, toolId: clipper.id, method: 'notify/hud', params: { text: 'Copied!' } } });
      fake.emit({ type: 'serviceCall', call: { seq: 2, time: 2, toolId: clipper.id, method: 'open/url', params: { url: 'https://example.com/' } } });
      fake.emit({ type: 'serviceCall', call: { seq: 3, time: 3, toolId: clipper.id, method: 'processes/terminate', params: { pid: 4242 } } });
    });
    const panel = screen.getByRole('region', { name: 'Simulated services' });
    const calls = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(calls[0]).toContain('Would end process 4242');
    expect(calls[1]).toContain('Would open https://example.com/');
    expect(calls[2]).toContain('Would show on screen: “Copied!”');
    act(() => {
      fake.emit({
        type: 'serviceCall',
        call: { seq: 4, time: 4, toolId: clipper.id, method: 'clipboard/readText', params: {}, result: { text: 'four words on it' } },
      });
      fake.emit({ type: 'serviceCall', call: { seq: 5, time: 5, toolId: clipper.id, method: 'clipboard/readText', params: {}, result: { text: null } } });
    });
    const reads = within(panel)
      .getAllByRole('listitem')
      .slice(0, 2)
      .map((item) => item.querySelector('.call-words')?.textContent);
    expect(reads).toEqual(['Read the clipboard: it held no text', 'Read the clipboard: “four words on it”']);
  });

  it('puts the text typed in the panel on the simulated clipboard', async () => {
    const { fake } = await renderApp({ tools: [clipper] });
    const panel = screen.getByRole('region', { name: 'Simulated services' });
    await userEvent.type(within(panel).getByLabelText('Clipboard'), 'un deux trois');
    await userEvent.click(within(panel).getByRole('button', { name: 'Put on the clipboard' }));
    expect(fake.requestsNamed('setSimulatedClipboard')).toEqual([['un deux trois']]);
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('The clipboard holds “un deux trois”.'));
  });

  it('shows what the simulated clipboard holds, as it was and as tools and plugins write it, and keeps what the person types', async () => {
    const { fake: shown } = await renderApp({ tools: [clipper], clipboard: 'there before' });
    const panel = screen.getByRole('region', { name: 'Simulated services' });
    const field = within(panel).getByLabelText<HTMLTextAreaElement>('Clipboard');
    await waitFor(() => expect(field.value).toBe('there before'));
    act(() => shown.emit({ type: 'clipboard', text: 'Hello from Vitruvian' }));
    expect(field.value).toBe('Hello from Vitruvian');
    expect(within(panel).getByRole('status').textContent).toBe('The clipboard holds “Hello from Vitruvian”.');
    await userEvent.clear(field);
    await userEvent.type(field, 'mine');
    act(() => shown.emit({ type: 'clipboard', text: 'a.txt: 3 words\n' }));
    expect(field.value).toBe('mine');
    await userEvent.keyboard('{Enter}');
    expect(shown.requestsNamed('setSimulatedClipboard')).toEqual([['mine']]);
    await waitFor(() => expect(field.value).toBe('mine'));
    act(() => shown.emit({ type: 'clipboard', text: null }));
    expect(field.value).toBe('');
    expect(within(panel).getByRole('status').textContent).toBe('Nothing on the clipboard');
  });

  it('lets the person give the panel its height, with the keyboard too, and keeps it for next time', async () => {
    localStorage.removeItem('vitruvian.servicePanel.height');
    await renderApp({ tools: [clipper] });
    const panel = screen.getByRole('region', { name: 'Simulated services' });
    const resizer = screen.getByRole('separator', { name: 'Resize the simulated services' });
    const before = Number(resizer.getAttribute('aria-valuenow'));
    expect(panel.style.height).toBe(`${before}px`);
    resizer.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(Number(resizer.getAttribute('aria-valuenow'))).toBe(before + 48);
    expect(localStorage.getItem('vitruvian.servicePanel.height')).toBe(String(before + 48));
    cleanup();
    await renderApp({ tools: [clipper] });
    expect(screen.getByRole('region', { name: 'Simulated services' }).style.height).toBe(`${before + 48}px`);
    localStorage.removeItem('vitruvian.servicePanel.height');
  });

  it('has no service panel when services are the system’s', async () => {
    await renderApp({ info: { services: 'system' } });
    expect(screen.queryByRole('region', { name: 'Simulated services' })).toBeNull();
  });
});
