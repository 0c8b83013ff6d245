// A page of the window that shows one file's preview by one plugin, through the real HostApi, for the
// e2e tests until the Files tab holds the previews: `?previewPlugin=<plugin id>&previewFile=<path>`
// (with the test bed's token). As Skwir does, it asks `convert` first and shows the converted file,
// and reads the file in pages when the plugin answers null.
import { useEffect, useState, type ReactElement } from 'react';
import type { HostApi } from '../../src-shared/host-api';
import { ConvertedFileView } from '../ui/preview/ConvertedFileView';
import { PageReader, type PageSource } from '../ui/preview/PageReader';

export interface PreviewTrialAsk {
  pluginId: string;
  path: string;
}

export function previewTrialAsk(search: string): PreviewTrialAsk | undefined {
  const params = new URLSearchParams(search);
  const pluginId = params.get('previewPlugin');
  const path = params.get('previewFile');
  return pluginId && path ? { pluginId, path } : undefined;
}

type Shown =
  | { state: 'asking' }
  | { state: 'failed'; message: string }
  | { state: 'converted'; file: { name: string; bytes: number; url: string } }
  | { state: 'pages'; source: PageSource; network: boolean };

let calls = 0;
const callId = () => `preview-trial-${Date.now()}-${++calls}`;

export function PreviewTrial({ host, ask }: { host: HostApi; ask: PreviewTrialAsk }) {
  const [shown, setShown] = useState<Shown>({ state: 'asking' });
  useEffect(() => {
    let gone = false;
    const { pluginId, path } = ask;
    void (async () => {
      const converted = await host.convert(pluginId, callId(), path);
      if (gone) return;
      if (!converted.ok) return setShown({ state: 'failed', message: converted.message });
      if (converted.answer) {
        const { name, bytes, token } = converted.answer;
        return setShown({ state: 'converted', file: { name, bytes, url: host.convertedUrl(token) } });
      }
      const plugin = (await host.listTools()).find((tool) => tool.id === pluginId);
      const network = plugin?.kind === 'plugin' && plugin.plugin.capabilities.includes('network');
      if (!gone) setShown({ state: 'pages', network, source: { page: (request) => host.page(pluginId, callId(), path, request) } });
    })();
    return () => {
      gone = true;
    };
  }, [host, ask]);

  return (
    <main className="bench-page" aria-label={ask.path} data-state={shown.state}>
      {shown.state === 'asking' && <p role="status">…</p>}
      {shown.state === 'failed' && (
        <p role="alert" className="problem">
          {shown.message}
        </p>
      )}
      {shown.state === 'converted' && <ConvertedFileView file={shown.file} />}
      {shown.state === 'pages' && <PageReader source={shown.source} network={shown.network} />}
    </main>
  );
}

/** The trial for the address, if it asks for one. */
export function previewTrialFor(search: string, host: HostApi): ReactElement | undefined {
  const ask = previewTrialAsk(search);
  return ask ? <PreviewTrial host={host} ask={ask} /> : undefined;
}
