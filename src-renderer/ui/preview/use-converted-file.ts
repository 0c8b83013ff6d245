// A converted file made ready to show from the URL the host serves it at (docs/design/skwir.md,
// "Converted files by URL"): a picture, a sound or a film is drawn from the URL itself, so its bytes
// never pass through the page's script; for the kinds shown as text only the start is fetched (a
// range), as much as the window lays out. A URL the host no longer answers (404) is said to be gone.
import { useCallback, useEffect, useState } from 'react';
import { shownAs, type ShownAs } from '../../../src-shared/skwir/file-types';
import type { ConvertedFileLink } from '../../store/plugin-preview-slice';

/** The most of a file's bytes read as text: more would take the window seconds to lay out. */
export const TEXT_SHOWN_BYTES = 1_000_000;

const textual: ReadonlySet<ShownAs> = new Set(['text', 'markdown', 'table', 'json']);

export type ConvertedFile =
  | { state: 'reading' }
  | { state: 'unreadable'; problem: string }
  | { state: 'gone' }
  | { state: 'ready'; kind: ShownAs; url: string; bytes: number; text?: { text: string; cut: boolean } };

/** The start of a file of `total` bytes as UTF-8 (malformed bytes shown as U+FFFD), cut where a character ends. */
export function textStart(bytes: Uint8Array, total: number): { text: string; cut: boolean } {
  const cut = total > TEXT_SHOWN_BYTES || bytes.length > TEXT_SHOWN_BYTES;
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, TEXT_SHOWN_BYTES), { stream: cut });
  return { text, cut };
}

/** The first bytes of a converted file, at most as many as are shown as text; 'gone' when the host no longer serves it. */
export async function fetchTextStart(url: string, signal?: AbortSignal): Promise<Uint8Array | 'gone'> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${TEXT_SHOWN_BYTES - 1}` }, signal, cache: 'no-store' });
  if (response.status === 404) return 'gone';
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return new Uint8Array(await response.arrayBuffer());
}

/** Whether the host still serves the URL (asked when a picture or a player fails to load it). */
export async function stillServed(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status !== 404;
  } catch {
    return true;
  }
}

/** The file ready to show, and what a picture or player calls when its URL failed to load. */
export function useConvertedFile(file: Pick<ConvertedFileLink, 'name' | 'bytes' | 'url'>): { converted: ConvertedFile; failedToLoad: () => void } {
  const { name, bytes, url } = file;
  const kind = shownAs(name);
  const readsText = textual.has(kind) && bytes > 0;
  // What was learnt about a URL (the start of its text, or that it is gone), kept with the URL it is of.
  const [learnt, setLearnt] = useState<{ url: string; converted: ConvertedFile }>();
  useEffect(() => {
    if (!readsText) return;
    const controller = new AbortController();
    fetchTextStart(url, controller.signal).then(
      (start) => {
        if (controller.signal.aborted) return;
        const converted: ConvertedFile = start === 'gone' ? { state: 'gone' } : { state: 'ready', kind, url, bytes, text: textStart(start, bytes) };
        setLearnt({ url, converted });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLearnt({ url, converted: { state: 'unreadable', problem: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => controller.abort();
  }, [url, bytes, kind, readsText]);
  const failedToLoad = useCallback(() => {
    void stillServed(url).then((served) => {
      if (!served) setLearnt({ url, converted: { state: 'gone' } });
    });
  }, [url]);
  const converted: ConvertedFile = learnt?.url === url ? learnt.converted : readsText ? { state: 'reading' } : { state: 'ready', kind, url, bytes };
  return { converted, failedToLoad };
}
