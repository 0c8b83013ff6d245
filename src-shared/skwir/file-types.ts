// What kind of file a name is, by its extension: the media type a call's file is described with,
// and how the window shows a converted file (docs/design/skwir.md). A short table of our own: the
// kinds the window can show, and a few common others.
import { extensionOf } from './plugin-manifest';

/** How the window shows a file of this kind; `other` is offered to save. */
export type ShownAs = 'picture' | 'text' | 'markdown' | 'table' | 'json' | 'audio' | 'video' | 'pdf' | 'other';

interface FileType {
  mime: string;
  shown: ShownAs;
}

const types: Record<string, FileType> = {
  txt: { mime: 'text/plain', shown: 'text' },
  text: { mime: 'text/plain', shown: 'text' },
  log: { mime: 'text/plain', shown: 'text' },
  md: { mime: 'text/markdown', shown: 'markdown' },
  markdown: { mime: 'text/markdown', shown: 'markdown' },
  csv: { mime: 'text/csv', shown: 'table' },
  tsv: { mime: 'text/tab-separated-values', shown: 'table' },
  json: { mime: 'application/json', shown: 'json' },
  png: { mime: 'image/png', shown: 'picture' },
  jpg: { mime: 'image/jpeg', shown: 'picture' },
  jpeg: { mime: 'image/jpeg', shown: 'picture' },
  gif: { mime: 'image/gif', shown: 'picture' },
  webp: { mime: 'image/webp', shown: 'picture' },
  bmp: { mime: 'image/bmp', shown: 'picture' },
  svg: { mime: 'image/svg+xml', shown: 'other' }, // a script can hide in one: offered to save, not drawn
  mp3: { mime: 'audio/mpeg', shown: 'audio' },
  wav: { mime: 'audio/wav', shown: 'audio' },
  ogg: { mime: 'audio/ogg', shown: 'audio' },
  flac: { mime: 'audio/flac', shown: 'audio' },
  m4a: { mime: 'audio/mp4', shown: 'audio' },
  mp4: { mime: 'video/mp4', shown: 'video' },
  webm: { mime: 'video/webm', shown: 'video' },
  mov: { mime: 'video/quicktime', shown: 'video' },
  pdf: { mime: 'application/pdf', shown: 'other' },
  html: { mime: 'text/html', shown: 'other' },
  htm: { mime: 'text/html', shown: 'other' },
  xml: { mime: 'application/xml', shown: 'text' },
  ppm: { mime: 'image/x-portable-pixmap', shown: 'other' },
  pgm: { mime: 'image/x-portable-graymap', shown: 'other' },
  pbm: { mime: 'image/x-portable-bitmap', shown: 'other' },
  pnm: { mime: 'image/x-portable-anymap', shown: 'other' },
  zip: { mime: 'application/zip', shown: 'other' },
  gz: { mime: 'application/gzip', shown: 'other' },
  wasm: { mime: 'application/wasm', shown: 'other' },
};

/** The media type of a file by its name, when known. */
export const mimeOf = (name: string): string | undefined => types[extensionOf(name)]?.mime;

/** How the window shows a file by its name. */
export const shownAs = (name: string): ShownAs => types[extensionOf(name)]?.shown ?? 'other';
