// The app's protocol for converted files (docs/design/skwir.md, "Converted files by URL"):
// vitruvian-converted://files/<token> answers the bytes the host serves under that token, a range of
// them when asked, or 404 once the window let go of it or the cache dropped it. The token is the
// whole of what a page names, never a path. Registered in the default session, which only the app's
// own windows use (web-security.ts stops every navigation, window and webview); a fetch from another
// origin is refused, and only the window's origin is allowed to read an answer (CORS).
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { protocol } from 'electron';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { answerConverted } from '../host/plugins/converted-answer';
import type { ConvertedFiles } from '../host/plugins/converted-files';
import { convertedHost, convertedScheme, rendererOrigin } from './renderer-origin';

/**
 * Standard (an origin, relative URLs), secure, fetched by the window (corsEnabled, so a fetch from
 * app://vitruvian may read it when the answer allows that origin), streamed for a player's ranges.
 * No CSP bypass, no service workers.
 */
export const convertedSchemePrivileges: Electron.Privileges = { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true };

const refuse = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });

/** Answers one vitruvian-converted:// request from the host's converted files. */
export function convertedRequestHandler(files: ConvertedFiles): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refuse(400, 'not a URL');
    }
    if (url.protocol !== `${convertedScheme}:` || url.host !== convertedHost || url.username !== '' || url.password !== '') {
      return refuse(404, 'no such converted file');
    }
    const origin = request.headers.get('Origin');
    if (origin !== null && origin !== rendererOrigin) return refuse(403, `origin ${origin.slice(0, 100)} is not Vitruvian's window`);
    const answer = await answerConverted(
      files,
      { method: request.method, token: url.pathname.slice(1), range: request.headers.get('Range') },
      { 'Access-Control-Allow-Origin': rendererOrigin, Vary: 'Origin' },
    );
    if (!answer.body) return new Response(request.method === 'HEAD' ? null : (answer.text ?? null), { status: answer.status, headers: answer.headers });
    const stream = answer.body.handle.createReadStream({ start: answer.body.start, end: answer.body.end });
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array> as unknown as BodyInit, { status: answer.status, headers: answer.headers });
  };
}

/** Serves vitruvian-converted:// from the host's converted files (call once the app is ready). */
export function serveConvertedFiles(files: ConvertedFiles): Disposable {
  protocol.handle(convertedScheme, convertedRequestHandler(files));
  return toDisposable(() => protocol.unhandle(convertedScheme));
}
