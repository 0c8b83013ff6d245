// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PluginAnswer, ShownConversion } from '../../../src-shared/plugin-api';
import { makePlugin } from '../../../src-shared/test/fake-host';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const pictures = (transport: 'program' | 'module') =>
  makePlugin(
    { id: 'org.example.pictures', name: { en: 'Pictures' } },
    { transport, previews: [{ extensions: ['ppm'], mimes: [], converts: true, pages: false, thumbnails: false }] },
  );

async function slowConvert(transport: 'program' | 'module') {
  const plugin = pictures(transport);
  const app = await renderApp({ tools: [plugin] });
  app.fake.answers.convert = () => new Promise<PluginAnswer<ShownConversion | null>>(() => undefined);
  await userEvent.click(screen.getByRole('option', { name: 'Pictures' }));
  await userEvent.type(screen.getByLabelText('File path'), '/d/big.ppm{Enter}');
  const preview = await screen.findByRole('region', { name: 'Preview of big.ppm' });
  return { ...app, plugin, preview };
}

describe('a slow call’s progress', () => {
  it('says how much of the file the plugin has read, asked of the host as it goes', async () => {
    let read = 0;
    const { fake, preview } = await slowConvert('program');
    fake.answers.callProgress = () => ({ read: (read += 12_000_000), size: 36_000_000 });
    const bar = await within(preview).findByRole('progressbar', { name: 'Asking the plugin…' });
    expect(await within(preview).findByText('12 MB of 36 MB read')).toBeDefined();
    expect(bar.getAttribute('max')).toBe('36000000');
    // Asked again: it moves on.
    expect(await within(preview).findByText('24 MB of 36 MB read')).toBeDefined();
    const callId = fake.requestsNamed('convert')[0]![1];
    expect(fake.requestsNamed('callProgress').every(([id]) => id === callId)).toBe(true);
  });

  it('says a module plugin is being prepared while it starts, its first use compiling it', async () => {
    const { fake, plugin, preview } = await slowConvert('module');
    act(() => fake.emit({ type: 'tool', tool: { ...plugin, state: 'starting' } }));
    expect(await within(preview).findByText('Preparing the plugin (first use)…')).toBeDefined();
    act(() => fake.emit({ type: 'tool', tool: { ...plugin, state: 'running' } }));
    expect(within(preview).queryByText('Preparing the plugin (first use)…')).toBeNull();
  });
});
