// Converted files served to the window's tests as the host serves them (converted-answer.ts): by
// token over a real loopback HTTP server, one range when asked, 404 once a token is dropped. Any
// origin may read them here (the tests' page has its own), which the host's route never allows.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ConvertedServer {
  /** Serves the bytes under a fresh token; the URL the window is given for them. */
  serve(bytes: Uint8Array | string): string;
  /** Stops serving a URL: it answers 404 from now on. */
  drop(url: string): void;
  /** The ranges asked, by URL, in order ('whole' for none). */
  readonly asked: { url: string; range: string }[];
  close(): Promise<void>;
}

export async function startConvertedServer(): Promise<ConvertedServer> {
  const files = new Map<string, Uint8Array>();
  const asked: { url: string; range: string }[] = [];
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Range', 'Access-Control-Expose-Headers': 'Content-Range' };
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const path = request.url ?? '/';
    asked.push({ url: `${origin}${path}`, range: request.headers.range ?? 'whole' });
    const bytes = files.get(path);
    if (!bytes) {
      response.writeHead(404, { ...cors, 'Content-Type': 'text/plain' }).end('no such converted file');
      return;
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    response.writeHead(range ? 206 : 200, {
      ...cors,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${bytes.length}` } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let served = 0;
  return {
    serve(bytes) {
      const path = `/converted/token-${++served}`;
      files.set(path, typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
      return `${origin}${path}`;
    },
    drop: (url) => void files.delete(new URL(url).pathname),
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
