// Renders a preview component as the window would: inside the store's provider (for the words), over
// the in-memory HostApi, in the language asked.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import './patient-waits';
import { createAppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { createFakeHost } from '../../src-shared/test/fake-host';

export function renderInWindow(node: ReactElement, language = 'en') {
  const store = createAppStore(createFakeHost().host);
  store.setState({ language });
  const view = render(<StoreProvider store={store}>{node}</StoreProvider>);
  return { store, ...view, rerenderInWindow: (next: ReactElement) => view.rerender(<StoreProvider store={store}>{next}</StoreProvider>) };
}
