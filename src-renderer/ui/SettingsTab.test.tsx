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
