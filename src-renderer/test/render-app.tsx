// Renders the whole window over a fake host, as main.tsx does over a real one.
import { render, type RenderResult } from '@testing-library/react';
import './patient-waits';
import type { EntrySummary, HostInfo } from '../../src-shared/host-api';
import { createAppStore } from '../store/app-store';
import { bindHostEvents } from '../store/host-events';
import { StoreProvider } from '../store/store-context';
import { App } from '../ui/App';
import { createFakeHost, type FakeHost } from '../../src-shared/test/fake-host';
import type { AppStore } from '../store/app-store';

export async function renderApp(
  seed: { tools?: EntrySummary[]; info?: Partial<HostInfo>; clipboard?: string } = {},
): Promise<{ fake: FakeHost; store: AppStore; view: RenderResult }> {
  const fake = createFakeHost(seed);
  const store = createAppStore(fake.host);
  bindHostEvents(fake.host, store, (flush) => flush());
  await store.getState().load();
  const view = render(
    <StoreProvider store={store}>
      <App />
    </StoreProvider>,
  );
  return { fake, store, view };
}
