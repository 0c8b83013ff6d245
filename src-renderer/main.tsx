// The window's entry: get the HostApi, build the store, bind host events, show the UI.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { HostApi } from '../src-shared/host-api';
import { filesBenchAsked, runFilesBench } from './bench/files-bench';
import { logBenchLines, runLogBench } from './bench/log-bench';
import { previewTrialFor } from './bench/preview-trial';
import { readerBenchFor } from './bench/ReaderBench';
import { desktopBridge } from './desktop-bridge';
import { connectHost } from './host-connection';
import { createAppStore } from './store/app-store';
import { bindHostEvents } from './store/host-events';
import { StoreProvider } from './store/store-context';
import { App } from './ui/App';
import { isPalettePage, PalettePage } from './ui/palette/PalettePage';
import { wordsFor } from './words/languages';
import './styles.css';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const root = createRoot(rootElement);
  let host: HostApi;
  try {
    host = await connectHost();
  } catch (error) {
    const words = wordsFor(navigator.language);
    root.render(
      <div className="connection-failed" role="alert">
        <h1>{words.connectionFailed}</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </div>,
    );
    return;
  }
  const store = createAppStore(host);
  // In the desktop app the palette's own window runs a pressed shortcut's command; its main window leaves it.
  bindHostEvents(host, store, undefined, { shortcuts: !desktopBridge() || isPalettePage(location.search) });
  // Pages of the window for measuring and e2e, asked for by the address (bench/), or the desktop
  // app's palette window (?palette): else the window.
  const testPage = readerBenchFor(location.search) ?? previewTrialFor(location.search, host) ?? (isPalettePage(location.search) ? <PalettePage /> : undefined);
  root.render(
    <StrictMode>
      <StoreProvider store={store}>{testPage ?? <App />}</StoreProvider>
    </StrictMode>,
  );
  await store.getState().load();
  const benchLines = logBenchLines(location.search);
  if (benchLines !== undefined) await runLogBench(store, benchLines);
  const filesBench = filesBenchAsked(location.search);
  if (filesBench) await runFilesBench(store, filesBench);
}

void start();
