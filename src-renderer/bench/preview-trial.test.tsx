// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createAppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { createFakeHost, type FakeHost } from '../../src-shared/test/fake-host';
import { startConvertedServer } from '../test/converted-server.node';
import { PreviewTrial, previewTrialAsk } from './preview-trial';

afterEach(cleanup);

function show(fake: FakeHost) {
  const ask = { pluginId: 'dev.example.pictures', path: '/tmp/a.ppm' };
  render(
    <StoreProvider store={createAppStore(fake.host)}>
      <PreviewTrial host={fake.host} ask={ask} />
    </StoreProvider>,
  );
  return screen.getByRole('main', { name: '/tmp/a.ppm' });
}

describe('the preview trial page', () => {
  it('is asked for by a plugin and a file in the address', () => {
    expect(previewTrialAsk('?token=t&previewPlugin=dev.a.b&previewFile=%2Ftmp%2Fx.ppm')).toEqual({ pluginId: 'dev.a.b', path: '/tmp/x.ppm' });
    expect(previewTrialAsk('?token=t&previewPlugin=dev.a.b')).toBeUndefined();
  });

  it('shows the converted file when the plugin converts it', async () => {
    const fake = createFakeHost();
    const server = await startConvertedServer();
    const url = server.serve('converted');
    fake.answers.convert = () => ({ ok: true, ms: 1, cached: false, answer: { name: 'a.txt', bytes: 9, token: 'the-token' } });
    fake.host.convertedUrl = (token) => (token === 'the-token' ? url : 'http://127.0.0.1:9/unknown');
    try {
      const main = show(fake);
      await waitFor(() => expect(main.querySelector('pre')?.textContent).toBe('converted'));
    } finally {
      await server.close();
    }
    expect(fake.requestsNamed('convert')[0]).toEqual(['dev.example.pictures', expect.stringMatching(/^preview-trial-/), '/tmp/a.ppm']);
  });

  it('reads the file in pages through the host when convert answers null', async () => {
    const fake = createFakeHost();
    fake.answers.convert = () => ({ ok: true, ms: 1, cached: false, answer: null });
    fake.answers.page = () => ({ ok: true, ms: 1, cached: false, answer: { pages: 4, png: null, text: [], links: [], outline: [] } });
    const main = show(fake);
    await waitFor(() => expect(main.dataset.state).toBe('pages'));
    await waitFor(() =>
      expect(fake.requestsNamed('page')[0]).toEqual(['dev.example.pictures', expect.any(String), '/tmp/a.ppm', { page: 1, side: 0, text: false }]),
    );
  });

  it('shows the plugin’s failure', async () => {
    const fake = createFakeHost();
    fake.answers.convert = () => ({ ok: false, outcome: 'failed', message: 'not a Netpbm file' });
    show(fake);
    expect((await screen.findByRole('alert')).textContent).toBe('not a Netpbm file');
  });
});
