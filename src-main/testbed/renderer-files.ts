// Serves the built window (dist/renderer) to the browser: GET and HEAD of files inside that folder,
// with headers that keep the page to itself (its token must never leak through a Referer).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeOf, fileForUrlPath } from '../renderer-folder';

const pageHeaders = (origin: string): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'self'",
    `connect-src 'self' ${origin.replace(/^http/, 'ws')}`,
    // blob: for a page's picture a Skwir plugin drew, shown from its bytes; 'self' for a converted
    // picture, sound or film, served at /converted/<token> (converted-route.ts).
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

const answer = (response: ServerResponse, status: number, text: string): void => {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`${text}\n`);
};

export async function serveRendererFile(folder: string, origin: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    answer(response, 405, `${request.method ?? 'this method'} is not served here`);
    return;
  }
  const path = new URL(request.url ?? '/', origin).pathname;
  const file = fileForUrlPath(folder, path);
  if (!file) {
    answer(response, 404, `not found: ${path}`);
    return;
  }
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile() && path === '/favicon.ico') {
    // Browsers ask for it on their own; without one, say "nothing" rather than log a 404.
    response.writeHead(204, { 'Cache-Control': 'no-store' });
    response.end();
    return;
  }
  if (!info?.isFile()) {
    const missingWindow = path === '/' || path === '/index.html';
    answer(response, 404, missingWindow ? `the window is not built in ${folder}: run npm run build:renderer` : `not found: ${path}`);
    return;
  }
  response.writeHead(200, {
    ...pageHeaders(origin),
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(info.size),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
