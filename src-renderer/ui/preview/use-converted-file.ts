// A converted file made ready to show: its bytes decoded in steps, a Blob URL for the picture, the
// player or saving, and the start of its text for the kinds shown as text. The Blob URL is revoked
// when the file changes or the view goes.
import { useEffect, useState } from 'react';
import { mimeOf, shownAs, type ShownAs } from '../../../src-shared/skwir/file-types';
import { bytesOfBase64InSteps } from './base64-bytes';

/** The most of a file's bytes read as text: more would take the window seconds to lay out. */
export const TEXT_SHOWN_BYTES = 1_000_000;

const textual: ReadonlySet<ShownAs> = new Set(['text', 'markdown', 'table', 'json']);
/** Kinds the window shows from the Blob itself; every other Blob is typed as plain bytes, so that
 * opening its URL on its own (a middle click on Save) downloads it rather than renders it. */
const shownFromBlob: ReadonlySet<ShownAs> = new Set(['picture', 'audio', 'video']);

export type ConvertedFile =
  | { state: 'reading' }
  | { state: 'unreadable'; problem: string }
  | { state: 'ready'; kind: ShownAs; url: string; bytes: number; text?: { text: string; cut: boolean } };

/** The start of the bytes as UTF-8 (malformed bytes shown as U+FFFD), cut where a character ends. */
export function textStart(bytes: Uint8Array): { text: string; cut: boolean } {
  const cut = bytes.length > TEXT_SHOWN_BYTES;
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, TEXT_SHOWN_BYTES), { stream: cut });
  return { text, cut };
}

export function useConvertedFile(file: { name: string; data: string }): ConvertedFile {
  const [shown, setShown] = useState<ConvertedFile>({ state: 'reading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    const kind = shownAs(file.name);
    bytesOfBase64InSteps(file.data, controller.signal).then(
      (bytes) => {
        if (controller.signal.aborted) return;
        const type = shownFromBlob.has(kind) ? (mimeOf(file.name) ?? 'application/octet-stream') : 'application/octet-stream';
        url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
        setShown({ state: 'ready', kind, url, bytes: bytes.length, ...(textual.has(kind) ? { text: textStart(bytes) } : {}) });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setShown({ state: 'unreadable', problem: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      // Another file (or none) from here: what was shown of this one goes with its URL.
      setShown({ state: 'reading' });
    };
  }, [file.name, file.data]);
  return shown;
}
