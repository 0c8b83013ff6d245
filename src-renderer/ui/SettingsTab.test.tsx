// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

const tool = makeTool({
  id: 'com.acme.deploys',
  name: { en: 'Deploys', fr: 'Déploiements' },
  version: '1.2.0',
  publisher: { en: 'Acme' },
  description: { en: 'Shows the latest deploys.' },
  uses: ['notify', 'storage'],
  preferences: [
    { id: 'token', kind: 'secret', title: { en: 'API token' } },
    { id: 'server', kind: 'text', title: { en: 'Server' }, default: 'https://ci.example' },
    { id: 'limit', kind: 'number', title: { en: 'How many' }, default: 5 },
    { id: 'sound', kind: 'boolean', title: { en: 'Play a sound' }, default: false },
    {
      id: 'order',
      kind: 'choice',
      title: { en: 'Order' },
      default: 'new',
      options: [
        { value: 'new', title: { en: 'Newest first' } },
        { value: 'old', title: { en: 'Oldest first' } },
      ],
    },
    { id: 'cursor', kind: 'text' },
    { id: 'times', kind: 'number', title: { en: 'How many times to paste' }, default: 1, minimum: 1, maximum: 20, whole: true },
    { id: 'homepage', kind: 'text', title: { en: 'Page to open' }, default: 'https://example.com', format: 'url' },
  ],
  values: { server: 'https://ci.acme.test', limit: 5, sound: false, order: 'new' },
});

async function openSettings() {
  const app = await renderApp({ tools: [tool] });
  act(() => app.store.getState().selectTool(tool.id));
  await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  return app;
}

describe('a tool’s settings', () => {
  it('tells what the tool is and what it asks the app for, in plain words', async () => {
    await openSettings();
    const about = screen.getByRole('region', { name: 'About' });
    expect(about.textContent).toContain('Deploys');
    expect(about.textContent).toContain('1.2.0');
    expect(about.textContent).toContain('Acme');
    expect(about.textContent).toContain('Shows the latest deploys.');
    const services = within(screen.getByRole('region', { name: 'Services' })).getAllByRole('listitem');
    expect(services[0]!.textContent).toContain('Show short messages on screen');
    expect(services[1]!.textContent).toContain('Keep its settings');
  });

  it('shows titled preferences with the control for their kind, and never untitled ones', async () => {
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>('API token').type).toBe('password');
    expect(screen.getByLabelText<HTMLInputElement>('Server').value).toBe('https://ci.acme.test');
    expect(screen.getByLabelText<HTMLInputElement>('How many').type).toBe('number');
    expect(screen.getByLabelText<HTMLInputElement>('Play a sound').type).toBe('checkbox');
    expect(screen.getByLabelText('Order').tagName).toBe('SELECT');
    expect(screen.queryByLabelText('cursor')).toBeNull();
    expect(document.querySelector('[data-preference-id="cursor"]')).toBeNull();
  });

  it('saves each kind through the host', async () => {
    const { fake } = await openSettings();
    const server = screen.getByLabelText('Server');
    await userEvent.clear(server);
    await userEvent.type(server, 'https://new.example{Enter}');
    const limit = screen.getByLabelText('How many');
    await userEvent.clear(limit);
    await userEvent.type(limit, '12{Enter}');
    await userEvent.click(screen.getByLabelText('Play a sound'));
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'old');
    await userEvent.type(screen.getByLabelText('API token'), 's3cret{Enter}');
    await waitFor(() => expect(fake.requestsNamed('setPreference')).toHaveLength(5));
    expect(fake.requestsNamed('setPreference')).toEqual([
      [tool.id, 'server', 'https://new.example'],
      [tool.id, 'limit', 12],
      [tool.id, 'sound', true],
      [tool.id, 'order', 'old'],
      [tool.id, 'token', 's3cret'],
    ]);
  });

  it('says whether a secret is set without ever showing it', async () => {
    await openSettings();
    const field = screen.getByLabelText<HTMLInputElement>('API token');
    expect(field.closest('.preference')?.textContent).toContain('Not set');
    await userEvent.type(field, 'hunter2{Enter}');
    await waitFor(() => expect(field.closest('.preference')?.textContent).toContain('Set'));
    expect(field.value).toBe('');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDefined();
  });

  it('shows the host’s refusal, and a number that is not one without asking', async () => {
    const { fake } = await openSettings();
    fake.answers.setPreference = () => ({ ok: false, problem: 'server: "ftp://x" is not an http address' });
    const server = screen.getByLabelText('Server');
    await userEvent.clear(server);
    await userEvent.type(server, 'ftp://x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('server: "ftp://x" is not an http address');
  });
});

describe('settings that know their bounds', () => {
  it('checks a number as it is typed, says why beside it, and never saves a wrong value', async () => {
    const { fake } = await openSettings();
    const times = screen.getByLabelText<HTMLInputElement>('How many times to paste');
    await userEvent.clear(times);
    await userEvent.type(times, '-3');
    expect(times.getAttribute('aria-invalid')).toBe('true');
    // Beside the field, as typed, and the field points to it.
    const why = () => document.getElementById(times.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    expect(why()).toBe('It must be 1 or more');
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(times);
    await userEvent.type(times, '2.5{Enter}');
    expect(why()).toBe('It must be a whole number');
    await userEvent.clear(times);
    await userEvent.type(times, '21{Enter}');
    expect(why()).toBe('It must be 20 or less');
    expect(fake.requestsNamed('setPreference').filter(([, id]) => id === 'times')).toEqual([]);
    await userEvent.clear(times);
    await userEvent.type(times, '4{Enter}');
    expect(times.getAttribute('aria-invalid')).toBeNull();
    expect(fake.requestsNamed('setPreference').filter(([, id]) => id === 'times')).toEqual([[tool.id, 'times', 4]]);
  });

  it('checks a link as it is typed, and saves only a link', async () => {
    const { fake } = await openSettings();
    const page = screen.getByLabelText<HTMLInputElement>('Page to open');
    await userEvent.clear(page);
    await userEvent.type(page, 'not a url{Enter}');
    expect(document.querySelector('.field-problem')?.textContent).toBe('It must be a link such as https://example.com (http, https or mailto)');
    expect(fake.requestsNamed('setPreference')).toEqual([]);
    await userEvent.clear(page);
    await userEvent.type(page, 'https://vitruvian.example/start{Enter}');
    expect(fake.requestsNamed('setPreference')).toEqual([[tool.id, 'homepage', 'https://vitruvian.example/start']]);
  });
});

describe('a plugin’s settings', () => {
  const plugin = makePlugin(
    { id: 'org.example.netpbm', name: { en: 'Netpbm pictures' }, version: '1.2.0', description: { en: 'Shows Netpbm pictures.' } },
    {
      capabilities: ['read', 'write', 'network'],
      fields: [{ key: 'netpbm.size', title: 'Picture size', extensions: ['ppm', 'pgm'], mimes: [] }],
      previews: [
        { extensions: ['ppm'], mimes: ['image/x-portable-pixmap'], converts: true, pages: true, thumbnails: true },
        { extensions: [], mimes: [], converts: false, pages: false, thumbnails: false },
      ],
      commands: [
        { name: 'netpbm.invert', title: 'Invert colours', extensions: [], mimes: [], args: { type: 'object', properties: { level: { type: 'integer' } } } },
      ],
    },
  );

  it('says what it was granted in words, and what it declares', async () => {
    const { store } = await renderApp({ tools: [plugin] });
    act(() => store.getState().selectTool(plugin.id));
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('region', { name: 'About' }).textContent).toContain('Skwir api 1, a program');
    expect(screen.queryByRole('region', { name: 'Preferences' })).toBeNull();
    // It has nothing to change: the tab says what it holds instead.
    expect(screen.getByText('A plugin has no settings to change. Here is what it is, what it is granted and what it declares.')).toBeDefined();
    const capabilities = within(screen.getByRole('list', { name: 'Capabilities' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(capabilities).toEqual([
      'Reads the files you give itread',
      'Can propose changes to files, which you confirmwrite',
      'Links in what it shows can be openednetwork',
    ]);
    expect(screen.getByRole('list', { name: 'Fields' }).textContent).toBe('Picture sizenetpbm.sizeFor .ppm, .pgm');
    expect(
      within(screen.getByRole('list', { name: 'Previews' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['For .ppm, image/x-portable-pixmapConverts them to a file shown here · Shows them as pages · Thumbnails', 'Every fileInspects them']);
    expect(screen.getByRole('list', { name: 'Commands' }).textContent).toBe('Invert coloursnetpbm.invertEvery file · Options: level');
  });

  it('says so when a plugin is granted nothing and declares nothing', async () => {
    const bare = makePlugin({ id: 'org.example.bare', name: { en: 'Bare' } }, { capabilities: [] });
    const { store } = await renderApp({ tools: [bare] });
    act(() => store.getState().selectTool(bare.id));
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    for (const words of ['This plugin is granted nothing', 'declares no fields', 'declares no previews', 'declares no commands']) {
      expect(screen.getByText(new RegExp(words))).toBeDefined();
    }
  });
});
