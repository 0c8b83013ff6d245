// A file dropped on a plugin in the test bed: a browser cannot tell where it is, so its bytes go to
// the test bed (same token as the WebSocket), which keeps a copy and answers its path.
import { droppedFileNameParam, droppedFilePath, hostWireTokenParam } from '../../src-shared/host-wire';

type PageAddress = Pick<Location, 'protocol' | 'host' | 'search'>;

export type DroppedUpload = { ok: true; path: string } | { ok: false; problem: string };

export async function uploadDroppedFile(file: File, page: PageAddress = window.location): Promise<DroppedUpload> {
  const token = new URLSearchParams(page.search).get(hostWireTokenParam) ?? '';
  const query = new URLSearchParams({ [hostWireTokenParam]: token, [droppedFileNameParam]: file.name });
  try {
    const response = await fetch(`${page.protocol}//${page.host}${droppedFilePath}?${query}`, { method: 'POST', body: file });
    if (!response.ok) return { ok: false, problem: (await response.text()).trim() || `the test bed answered ${response.status}` };
    const { path } = (await response.json()) as { path?: unknown };
    return typeof path === 'string' ? { ok: true, path } : { ok: false, problem: 'the test bed answered no path' };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
