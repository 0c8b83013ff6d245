// The files a plugin's conformance run asks about: every one of the author's own (--file) of a kind
// the declaration serves, else a small file made here of a kind it serves, with content that is a
// real file of that kind where we know how to write one (text, Markdown, CSV, JSON, a Netpbm
// picture, a PNG), so a plugin that reads its format can answer.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../../src-shared/png-chunks';
import { serves, type FileKinds } from '../../../src-shared/skwir/plugin-manifest';

/** A small PNG of 2 x 2 pixels, made with zlib: enough to be read as a picture. */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', new Uint8Array())]);
}

const text = 'A sample file made by vitruvian-tool check.\nIt has two lines and twenty words, counted by hand for the reader.\n';

const contents: Record<string, () => string | Buffer> = {
  txt: () => text,
  text: () => text,
  log: () => text,
  md: () => `# A sample\n\n${text}\n- one\n- two\n`,
  markdown: () => `# A sample\n\n${text}`,
  csv: () => 'name,words\nfirst,3\nsecond,5\n',
  tsv: () => 'name\twords\nfirst\t3\nsecond\t5\n',
  json: () => '{"sample": true, "words": [1, 2, 3]}\n',
  xml: () => '<?xml version="1.0"?>\n<sample words="3"/>\n',
  html: () => '<!doctype html><title>Sample</title><p>A sample.</p>\n',
  ppm: () => 'P3\n# a sample\n2 2\n255\n255 0 0  0 255 0\n0 0 255  255 255 255\n',
  pnm: () => 'P3\n2 2\n255\n255 0 0  0 255 0\n0 0 255  255 255 255\n',
  pgm: () => 'P2\n2 2\n255\n0 85\n170 255\n',
  pbm: () => 'P1\n2 2\n1 0\n0 1\n',
  png: tinyPng,
};

/** The content made for a file of this extension: a real one where known, else text and bytes. */
export function sampleContent(extension: string): string | Buffer {
  const known = contents[extension.toLowerCase()];
  if (known) return known();
  return Buffer.concat([Buffer.from(text), Buffer.from(Array.from({ length: 64 }, (_, i) => i * 4))]);
}

/** A file a declaration is asked about: the author's own, or one the run made. */
export interface SampleFile {
  path: string;
  own: boolean;
}

/** How a file is named in a reason: the author's by its path, a made one by its kind. */
export const fileWords = (file: SampleFile): string => (file.own ? file.path : `a sample ${file.path.slice(file.path.lastIndexOf('.'))} file`);

/**
 * The files a declaration is asked about: every one of the author's it serves, else one made in
 * `folder` (and remembered, so each kind is made once). None when it serves only media types and
 * no --file has one.
 */
export class SampleFiles {
  private readonly made = new Map<string, string>();

  constructor(
    private readonly folder: string,
    private readonly given: readonly string[],
  ) {}

  async for(kinds: FileKinds): Promise<SampleFile[]> {
    const own = this.given.filter((path) => serves(kinds, { name: path }));
    if (own.length > 0) return own.map((path) => ({ path, own: true }));
    if (kinds.extensions.length === 0 && kinds.mimes.length > 0) return [];
    const extension = kinds.extensions[0] ?? 'txt';
    let path = this.made.get(extension);
    if (!path) {
      path = join(this.folder, `sample.${extension}`);
      await writeFile(path, sampleContent(extension));
      this.made.set(extension, path);
    }
    return [{ path, own: false }];
  }
}
