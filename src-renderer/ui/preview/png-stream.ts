// A PNG read as it arrives (docs/design/skwir.md, "Converted files by URL"): its chunks parsed and
// the image data (IDAT) handed on as bytes to inflate, never held whole. The chunks' CRCs are not
// checked, as Chromium's own decoder does not (it draws a PNG whose image data fails its CRC): a
// picture the browser would draw is drawn here too.
// Only a plain PNG is read: one image, not interlaced, in sRGB (no gamma, colour profile or
// animation of its own). Anything else is `NotPlainPng`, and the caller shows the file as the
// browser does; damage is `BrokenPng`, which names what was wrong.

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: 1 | 2 | 4 | 8 | 16;
  /** 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA. */
  readonly colourType: 0 | 2 | 3 | 4 | 6;
}

/** What a plain PNG says besides its pixels: its header, palette and transparency. */
export interface PngFacts {
  header?: PngHeader;
  palette?: Uint8Array;
  transparency?: Uint8Array;
}

/** A PNG this reader leaves to the browser (interlaced, with a colour profile, animated...), or no PNG at all. */
export class NotPlainPng extends Error {}
/** A PNG whose bytes are damaged: its header, its chunks' order, its image data or its length. */
export class BrokenPng extends Error {}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** Chunks that change how the pixels look: the browser's own decoder applies them, this one does not. */
const LEFT_TO_BROWSER = new Set(['iCCP', 'gAMA', 'cHRM', 'cICP', 'mDCV', 'acTL', 'fcTL', 'fdAT']);
/**
 * The widest picture read here: a row costs the page about 16 bytes a pixel (two rows of samples at
 * 16 bits, RGBA, where each column goes), 16 MB at this width. A wider one is the browser's to refuse.
 */
export const MOST_READ_WIDTH = 1 << 20;
/** The most pixels read here (a square of 16,384): seconds of the page's time, in pieces between reads. */
export const MOST_READ_PIXELS = 2 ** 28;
/** A chunk other than the image data is small; a longer one is not read (a hostile file's promise). */
const MOST_OTHER_CHUNK = 1 << 20;
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function readHeader(data: Uint8Array): PngHeader {
  if (data.length !== 13) throw new BrokenPng(`its header is ${data.length} bytes, not 13`);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const bitDepth = data[8]!;
  const colourType = data[9]!;
  if (width === 0 || height === 0 || width > 2 ** 31 - 1 || height > 2 ** 31 - 1) throw new BrokenPng(`its size ${width} x ${height} is not a picture's`);
  if (!DEPTHS[colourType]?.includes(bitDepth)) throw new BrokenPng(`colour type ${colourType} at ${bitDepth} bits a sample is not PNG's`);
  if (data[10] !== 0 || data[11] !== 0) throw new BrokenPng('its compression or filter method is not PNG’s');
  if (data[12] !== 0) throw new NotPlainPng('interlaced');
  if (width > MOST_READ_WIDTH || width * height > MOST_READ_PIXELS) throw new NotPlainPng(`${width} x ${height} is more than the page reads`);
  return { width, height, bitDepth: bitDepth as PngHeader['bitDepth'], colourType: colourType as PngHeader['colourType'] };
}

/**
 * A PNG's chunks read from the pieces `push`ed: `facts` filled as they come, and the bytes of its
 * image data (the zlib stream of every IDAT chunk, in order) handed to `onImageData` as they arrive.
 */
export class PngChunks {
  private signatureSeen = 0;
  // The chunk being read: its 8-byte head, then its data, then its 4-byte CRC.
  private readonly head = new Uint8Array(8);
  private headSeen = 0;
  private type = '';
  private left = 0;
  private kept: Uint8Array | undefined;
  private keptSeen = 0;
  /** The CRC's bytes passed over, or -1 while the chunk's data is read. */
  private crcSeen = -1;
  private ended = false;
  private dataStarted = false;

  constructor(
    private readonly facts: PngFacts,
    private readonly onImageData: (bytes: Uint8Array) => void,
  ) {}

  push(bytes: Uint8Array) {
    let at = 0;
    while (at < bytes.length && !this.ended) {
      if (this.signatureSeen < 8) {
        if (bytes[at] !== SIGNATURE[this.signatureSeen]) throw new NotPlainPng('it does not start as a PNG does');
        this.signatureSeen++;
        at++;
      } else if (this.headSeen < 8) {
        this.head[this.headSeen++] = bytes[at++]!;
        if (this.headSeen === 8) this.chunkStarts();
      } else if (this.crcSeen < 0) {
        const piece = bytes.subarray(at, at + this.left);
        if (this.type === 'IDAT') this.onImageData(piece);
        else if (this.kept) {
          this.kept.set(piece, this.keptSeen);
          this.keptSeen += piece.length;
        }
        this.left -= piece.length;
        at += piece.length;
        if (this.left === 0) this.crcSeen = 0;
      } else {
        this.crcSeen++;
        at++;
        if (this.crcSeen === 4) this.chunkEnds();
      }
    }
  }

  /** The file ended: throws when its last chunk did not come. */
  finish() {
    if (!this.ended) throw new BrokenPng('it ends before its last chunk');
  }

  private chunkStarts() {
    const { facts } = this;
    this.left = new DataView(this.head.buffer).getUint32(0);
    const type = (this.type = String.fromCharCode(...this.head.subarray(4)));
    if (!/^[A-Za-z]{4}$/.test(type)) throw new BrokenPng(`a chunk's type is not letters`);
    if (!facts.header && type !== 'IHDR') throw new BrokenPng('its first chunk is not its header');
    if (LEFT_TO_BROWSER.has(type)) throw new NotPlainPng(type);
    const critical = type.charCodeAt(0) < 97;
    if (critical && !['IHDR', 'PLTE', 'IDAT', 'IEND'].includes(type)) throw new NotPlainPng(type);
    if (type === 'IDAT') this.dataStarted = true;
    else if (this.dataStarted && type !== 'IEND' && critical) throw new BrokenPng(`${type} comes after the image data`);
    const keeps = type === 'IHDR' || type === 'PLTE' || type === 'tRNS';
    if (keeps && this.left > MOST_OTHER_CHUNK) throw new BrokenPng(`its ${type} chunk says it has ${this.left} bytes`);
    this.kept = keeps ? new Uint8Array(this.left) : undefined;
    this.keptSeen = 0;
    this.crcSeen = this.left === 0 ? 0 : -1;
  }

  private chunkEnds() {
    if (this.type === 'IHDR') {
      if (this.facts.header) throw new BrokenPng('it has two headers');
      this.facts.header = readHeader(this.kept!);
    } else if (this.type === 'PLTE') this.facts.palette = this.kept;
    else if (this.type === 'tRNS') this.facts.transparency = this.kept;
    else if (this.type === 'IEND') this.ended = true;
    this.headSeen = 0;
  }
}
