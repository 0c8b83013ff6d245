// Serves the built window (dist/renderer) to the browser: GET and HEAD of files inside that folder,
// with headers that keep the page to itself (its token must never leak through a Referer).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

const pageHeaders = (origin: string): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'self'",
    `connect-src 'self' ${origin.replace(/^http/, 'ws')}`,
    "img-src 'self' data:",
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

/** The file a URL path names inside `folder`, or undefined when it would leave it. */
export function fileForPath(folder: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = resolve(folder);
  const file = resolve(join(root, relative));
  return file.startsWith(root + sep) ? file : undefined;
}

export async function serveRendererFile(
  folder: string,
  origin: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    answer(response, 405, `${request.method ?? 'this method'} is not served here`);
    return;
  }
  const path = new URL(request.url ?? '/', origin).pathname;
  const file = fileForPath(folder, path);
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
    answer(
      response,
      404,
      missingWindow ? `the window is not built in ${folder}: run npm run build:renderer` : `not found: ${path}`,
    );
    return;
  }
  response.writeHead(200, {
    ...pageHeaders(origin),
    'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
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
