// Base64 from a plugin made into bytes. A converted file may be 48 MB of base64 (the most an answer
// holds): it is decoded in steps that hand the window back between them, so the window never stops
// for the whole of it. fetch('data:...') would do it off the main thread, but the app's content
// policy gives the page no connect-src, so a data: fetch is refused there.

/** Characters of base64 decoded a step: a multiple of 4, about 768 KB of bytes. */
const STEP = 1 << 20;

type FromBase64 = (text: string) => Uint8Array;
/** The engine's own decoder where it has one (Chromium 140 and later): far faster than atob and a loop. */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64;

/** How many bytes base64 text holds (padded, as the protocol writes it). */
export function byteLengthOfBase64(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/** Decodes one piece into `into` at `at`; returns how many bytes it wrote. */
function decodePiece(piece: string, into: Uint8Array, at: number, offset: number): number {
  let bytes: Uint8Array | string;
  try {
    bytes = nativeFromBase64 ? nativeFromBase64.call(Uint8Array, piece) : atob(piece);
  } catch {
    const bad = piece.search(/[^A-Za-z0-9+/=]/);
    throw new Error(
      bad >= 0 ? `not base64: the character ${JSON.stringify(piece[bad])} at ${offset + bad}` : `not base64: the text from character ${offset} does not decode`,
    );
  }
  if (typeof bytes === 'string') {
    for (let i = 0; i < bytes.length; i++) into[at + i] = bytes.charCodeAt(i);
    return bytes.length;
  }
  into.set(bytes, at);
  return bytes.length;
}

function checkedLength(text: string): number {
  if (text.length % 4 !== 0) throw new Error(`not base64: its length ${text.length} is not a multiple of 4`);
  return byteLengthOfBase64(text);
}

/** The bytes of base64 text, at once: for what is small (a page's picture). */
export function bytesOfBase64(text: string): Uint8Array {
  const bytes = new Uint8Array(checkedLength(text));
  const written = decodePiece(text, bytes, 0, 0);
  return written === bytes.length ? bytes : bytes.subarray(0, written);
}

const yieldToWindow = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** The bytes of base64 text, decoded a step at a time; rejects with an AbortError once `signal` aborts. */
export async function bytesOfBase64InSteps(text: string, signal?: AbortSignal): Promise<Uint8Array> {
  const bytes = new Uint8Array(checkedLength(text));
  let written = 0;
  for (let offset = 0; offset < text.length; offset += STEP) {
    if (offset > 0) await yieldToWindow();
    signal?.throwIfAborted();
    written += decodePiece(text.slice(offset, offset + STEP), bytes, written, offset);
  }
  return written === bytes.length ? bytes : bytes.subarray(0, written);
}
