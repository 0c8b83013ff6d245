// The built window (dist/renderer) is served two ways: to Electron's file:// handler and to the test
// bed's browser. Both must answer files inside that folder only, whatever the request says, and with
// the same content types; the containment check lives here so that it is written (and tested) once.
import { extname, resolve, sep } from 'node:path';

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

/** The Content-Type a served file is sent with. */
export const contentTypeOf = (file: string): string => contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file `path` names inside `folder`, or undefined when it would leave it. `path` is decoded (no
 * %-escapes left) and either absolute or relative to the folder; ".." and a sibling folder whose
 * name merely starts with the folder's (renderer-evil next to renderer) both stay outside.
 */
export function fileInFolder(folder: string, path: string): string | undefined {
  // A NUL byte would be cut by the file system after this check has passed.
  if (path.includes('\0')) return undefined;
  const root = resolve(folder);
  const file = resolve(root, path);
  return file.startsWith(root + sep) ? file : undefined;
}

/**
 * The file a URL path (still %-encoded, relative to the folder, "/" for the window) names inside
 * `folder`, or undefined when it would leave it or cannot be decoded.
 */
export function fileForUrlPath(folder: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  return fileInFolder(folder, decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, ''));
}
