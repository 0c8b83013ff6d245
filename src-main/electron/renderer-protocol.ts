// The window's pages come from file:// URLs, answered here instead of by Chromium so that
// (1) only files inside the renderer folder can be read, whatever a page asks for, and
// (2) every page carries the app's Content-Security-Policy as a header.
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { protocol } from 'electron';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { contentTypeOf, fileInFolder } from '../renderer-folder';

/** Scripts and styles from the renderer folder only; nothing inline, no network, no frames, no plugins. */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The renderer folder as the file:// URL prefix its pages have (ends with "/"). */
export const rendererFolderUrl = (folder: string): string => pathToFileURL(resolve(folder) + sep).href;

const refuse = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** Answers one file:// request: a file inside `folder`, with the CSP, or a refusal. */
export function rendererFileHandler(folder: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, `${request.method} is not allowed`);
    let path: string;
    try {
      path = fileURLToPath(request.url);
    } catch {
      return refuse(400, 'not a file URL');
    }
    const file = fileInFolder(folder, path);
    if (!file) return refuse(403, 'outside the window folder');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return refuse(404, 'not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
        // Vite's bundles are module scripts, fetched in CORS mode even from file://.
        'Access-Control-Allow-Origin': '*',
      },
    });
  };
}

/** Takes over file:// for the whole app (call once the app is ready). */
export function serveRendererFolder(folder: string): Disposable {
  protocol.handle('file', rendererFileHandler(folder));
  return toDisposable(() => protocol.unhandle('file'));
}
