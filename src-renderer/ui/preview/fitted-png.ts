// A converted PNG fetched from its URL and made into the picture at the size it is shown, as it
// arrives (docs/design/skwir.md, "Converted files by URL"). Drawn by an <img>, Chromium keeps the
// whole file and the whole picture decoded while it is shown; read here, the page holds a row and
// the fitted picture. A picture no larger than its room, or a PNG this reader leaves to the
// browser, is drawn by an <img>.
import { FittedRaster } from './fitted-raster';
import { Inflater } from './inflate';
import { NotPlainPng, PngChunks, type PngFacts } from './png-stream';

export interface PictureSize {
  readonly width: number;
  readonly height: number;
}

export type FittedPng =
  /** The picture at `size`, smaller than its `own`. */
  | { readonly shown: 'fitted'; readonly own: PictureSize; readonly size: PictureSize; readonly pixels: ImageData }
  /** Left to an <img>: not a plain PNG, or shown at its own size anyway. */
  | { readonly shown: 'by the browser' }
  | { readonly shown: 'gone' };

/** Thrown from inside the reading to stop it once the picture is known to be left to an <img>. */
class LeftToBrowser extends Error {}

/**
 * Fetches the PNG at `url` and returns it at the size `fit` chooses once its own size is known (in
 * device pixels); a size not smaller than its own leaves it to the browser. Throws `BrokenPng`
 * naming what is wrong with a damaged file.
 */
export async function fetchFittedPng(url: string, fit: (own: PictureSize) => PictureSize, signal: AbortSignal): Promise<FittedPng> {
  const response = await fetch(url, { signal, cache: 'no-store' });
  if (response.status === 404) return { shown: 'gone' };
  if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`.trim());
  const facts: PngFacts = {};
  let raster: FittedRaster | undefined;
  const inflater = new Inflater((bytes) => raster!.push(bytes));
  const chunks = new PngChunks(facts, (bytes) => {
    if (!raster) {
      const own = facts.header!;
      const size = fit(own);
      if (size.width >= own.width && size.height >= own.height) throw new LeftToBrowser();
      raster = new FittedRaster(facts, { width: Math.max(1, Math.min(size.width, own.width)), height: Math.max(1, Math.min(size.height, own.height)) });
    }
    inflater.push(bytes);
  });
  try {
    await eachPiece(response.body, (piece) => chunks.push(piece));
    chunks.finish();
    if (!raster) return { shown: 'by the browser' }; // no image data: the browser says what it makes of that
    inflater.finish();
    const pixels = raster.finish();
    const { width, height } = facts.header!;
    return { shown: 'fitted', own: { width, height }, size: raster.size, pixels: new ImageData(pixels, raster.size.width, raster.size.height) };
  } catch (error) {
    if (error instanceof NotPlainPng || error instanceof LeftToBrowser) return { shown: 'by the browser' };
    throw error;
  }
}

/**
 * Hands each piece of the body to `take` as it arrives, read into one buffer used again and again
 * where the browser can (a byte stream): the pieces make no garbage. A throw from `take` stops it.
 */
async function eachPiece(body: ReadableStream<Uint8Array>, take: (piece: Uint8Array) => void) {
  let reader: ReadableStreamBYOBReader | ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader({ mode: 'byob' });
  } catch {
    reader = body.getReader(); // not a byte stream: read as it comes
  }
  try {
    let buffer = new ArrayBuffer(1 << 16);
    for (;;) {
      const { done, value } = reader instanceof ReadableStreamDefaultReader ? await reader.read() : await reader.read(new Uint8Array(buffer));
      if (done || !value) return;
      take(value);
      buffer = value.buffer as ArrayBuffer;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}
