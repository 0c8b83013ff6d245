// A converted PNG larger than its room, read from its URL into the picture at the size it is shown
// (fitted-png.ts), where an <img> would hold the whole file and the whole picture decoded
// (docs/design/skwir.md, "Converted files by URL"). The room is measured in device pixels, so the
// picture is as sharp as the <img> would draw it. A room that grows past the size read has the
// picture read again; one that shrinks scales it down. A picture that fits, another kind, or a PNG
// this reader leaves to the browser is drawn by an <img>.
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { fetchFittedPng, type PictureSize } from './fitted-png';
import { BrokenPng } from './png-stream';

export type FittedPicture =
  | { readonly state: 'reading' }
  | { readonly state: 'fitted'; readonly own: PictureSize; readonly size: PictureSize; readonly pixels: ImageData }
  | { readonly state: 'by the browser' }
  | { readonly state: 'broken' }
  | { readonly state: 'gone' };

/** The picture's size fitted to the room: never larger than its own, its shape kept. */
export function fittedSize(own: PictureSize, room: PictureSize): PictureSize {
  const scale = Math.min(1, room.width / own.width, room.height / own.height);
  return { width: Math.max(1, Math.round(own.width * scale)), height: Math.max(1, Math.round(own.height * scale)) };
}

/** The room's size in device pixels: its width, and the height it may grow to; undefined before it is laid out. */
function roomOf(room: HTMLElement): PictureSize | undefined {
  const maxHeight = parseFloat(getComputedStyle(room).maxHeight);
  const height = Number.isFinite(maxHeight) ? maxHeight : window.innerHeight;
  if (room.clientWidth === 0 || height === 0) return undefined;
  return { width: Math.floor(room.clientWidth * devicePixelRatio), height: Math.floor(height * devicePixelRatio) };
}

export function useFittedPicture(url: string, name: string, room: RefObject<HTMLElement | null>): FittedPicture {
  const png = /\.png$/i.test(name);
  const [roomSize, setRoomSize] = useState<PictureSize | 'not laid out'>();
  const [picture, setPicture] = useState<{ url: string; picture: FittedPicture }>();
  const current = picture?.url === url ? picture.picture : undefined;

  useLayoutEffect(() => {
    const element = room.current;
    if (!png || !element) return;
    const measure = () => {
      const size = roomOf(element);
      // Only a room grown past what was read is worth reading again for.
      setRoomSize((before) =>
        before === undefined
          ? (size ?? 'not laid out')
          : size && typeof before === 'object' && (size.width > before.width || size.height > before.height)
            ? size
            : before,
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [png, room, url]);

  const fittedWas = current?.state === 'fitted' ? current : undefined;
  // Read again only when the room asks for more pixels than were read.
  const readFor = typeof roomSize === 'object' && (!fittedWas || !coveredBy(fittedSize(fittedWas.own, roomSize), fittedWas.size)) ? roomSize : undefined;
  const [readWidth, readHeight] = [readFor?.width, readFor?.height];
  useEffect(() => {
    if (!png || readWidth === undefined || readHeight === undefined) return;
    const controller = new AbortController();
    fetchFittedPng(url, (own) => fittedSize(own, { width: readWidth, height: readHeight }), controller.signal).then(
      (read) => {
        if (controller.signal.aborted) return;
        const next: FittedPicture = read.shown === 'fitted' ? { state: 'fitted', ...read } : { state: read.shown };
        setPicture({ url, picture: next });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Damage is said; a network's failure is left to the <img>, which says its own.
        setPicture({ url, picture: { state: error instanceof BrokenPng ? 'broken' : 'by the browser' } });
      },
    );
    return () => controller.abort();
  }, [png, url, readWidth, readHeight]);

  if (!png || roomSize === 'not laid out') return { state: 'by the browser' };
  return current ?? { state: 'reading' };
}

const coveredBy = (wanted: PictureSize, read: PictureSize) => wanted.width <= read.width && wanted.height <= read.height;
