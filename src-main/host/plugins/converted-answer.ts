// How a request for a converted file is answered, the same by the test bed's route and the app's
// protocol (docs/design/skwir.md, "Converted files by URL"): the bytes of the token's file, or 404 when
// the token is unknown or its file is gone; one byte range when asked (a player seeks, the window reads
// the start of a text). Only the kinds the window draws itself (a picture, a sound, a film) carry their
// own media type; every other kind is plain bytes, so that nothing a plugin made is ever rendered as a
// page, and a page opened from it anyway is sandboxed with nothing allowed.
import type { FileHandle } from 'node:fs/promises';
import { mimeOf, shownAs } from '../../../src-shared/skwir/file-types';
import type { ConvertedFiles } from './converted-files';

export interface ConvertedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The bytes from `start` to `end` (inclusive) of the opened file; whoever sends them closes the handle. */
  body?: { handle: FileHandle; start: number; end: number };
  /** Or a short text (a refusal). */
  text?: string;
}

const drawnByTheWindow = new Set(['picture', 'audio', 'video']);

export const convertedHeaders = (name: string): Record<string, string> => ({
  'Content-Type': drawnByTheWindow.has(shownAs(name)) ? (mimeOf(name) ?? 'application/octet-stream') : 'application/octet-stream',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'Accept-Ranges': 'bytes',
});

const refusal = (status: number, text: string): ConvertedAnswer => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  text,
});

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null: the whole file; 'unsatisfiable' past its end. */
export function byteRange(header: string | null | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const last = Math.min(Number(match[2]), size);
    return last === 0 ? 'unsatisfiable' : { start: size - last, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}

/** Answers a GET or HEAD for the token's file; `extra`: headers of the transport's own (CORS, CORP). */
export async function answerConverted(
  files: ConvertedFiles,
  request: { method: string; token: string; range: string | null | undefined },
  extra: Record<string, string> = {},
): Promise<ConvertedAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const refused = refusal(405, `${request.method} is not allowed`);
    return { ...refused, headers: { ...refused.headers, Allow: 'GET, HEAD' } };
  }
  const opened = await files.open(request.token);
  if (!opened) return refusal(404, 'no such converted file: it was let go, or the cache no longer keeps it');
  const headers = { ...convertedHeaders(opened.name), ...extra };
  const range = byteRange(request.range, opened.size);
  if (range === 'unsatisfiable') {
    await opened.handle.close();
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${opened.size}` } };
  }
  const { start, end } = range ?? { start: 0, end: opened.size - 1 };
  const length = Math.max(0, end - start + 1);
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${opened.size}`;
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || length === 0) {
    await opened.handle.close();
    return { status, headers };
  }
  return { status, headers, body: { handle: opened.handle, start, end } };
}
