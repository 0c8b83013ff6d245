// Base64 from a plugin made into bytes: a page's picture (a converted file never comes as base64:
// the host serves it by URL, use-converted-file.ts).

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
