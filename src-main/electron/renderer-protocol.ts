// The window's pages come from app://vitruvian/, answered here (not by Chromium's file://) so that
// (1) only files inside the renderer folder can be read, whatever a page asks for, and
// (2) every page carries the app's Content-Security-Policy as a header.
// file:// serves nothing at all: a page that asks for it is refused.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { contentTypeOf, fileForUrlPath } from '../renderer-folder';
import { convertedSchemePrivileges } from './converted-protocol';
import { convertedOrigin, convertedScheme, isRendererUrl, rendererOrigin, rendererScheme } from './renderer-origin';

/** Scripts and styles from the renderer folder only; nothing inline, no network (but the converted files), no frames, no plugins. */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: for a page's picture a Skwir plugin drew, shown from its bytes; the converted files' origin
  // for a picture, a sound or a film a plugin converted to, and the start of a text it converted to.
  `img-src 'self' data: blob: ${convertedOrigin}`,
  `media-src ${convertedOrigin}`,
  "font-src 'self'",
  `connect-src ${convertedOrigin}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * What app:// may do: be a standard scheme (an origin, relative URLs, 'self' in the CSP) and a
 * secure one (a secure context, which the clipboard needs), and fetch. No CSP bypass, no service
 * workers, nothing more.
 */
export const rendererSchemePrivileges: Electron.Privileges = { standard: true, secure: true, supportFetchAPI: true, codeCache: true };

/** Makes app:// and the converted files' scheme privileged. Electron takes this once, before the app is ready. */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: rendererScheme, privileges: rendererSchemePrivileges },
    { scheme: convertedScheme, privileges: convertedSchemePrivileges },
  ]);
}

const refuse = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** Answers one app:// request: a file inside `folder`, with the CSP, or a refusal. */
export function rendererRequestHandler(folder: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, `${request.method} is not allowed`);
    if (!isRendererUrl(request.url)) return refuse(403, `not a page of ${rendererOrigin}`);
    const file = fileForUrlPath(folder, new URL(request.url).pathname);
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
      },
    });
  };
}

/** Serves app:// from the renderer folder and refuses file:// (call once the app is ready). */
export function serveRendererFolder(folder: string): Disposable {
  protocol.handle(rendererScheme, rendererRequestHandler(folder));
  protocol.handle('file', async () => refuse(403, 'the app serves no file:// page'));
  return toDisposable(() => {
    protocol.unhandle(rendererScheme);
    protocol.unhandle('file');
  });
}
