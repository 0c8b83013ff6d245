// Renders the whole window over a fake host, as main.tsx does over a real one.
import { render } from '@testing-library/react';
import type { HostInfo, ToolSummary } from '../../src-shared/host-api';
import { createAppStore } from '../store/app-store';
import { bindHostEvents } from '../store/host-events';
import { StoreProvider } from '../store/store-context';
import { App } from '../ui/App';
import { createFakeHost } from '../../src-shared/test/fake-host';

export async function renderApp(seed: { tools?: ToolSummary[]; info?: Partial<HostInfo> } = {}) {
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
