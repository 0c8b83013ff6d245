// The words of a plugin's preview: a converted file shown by its kind, and the pages reader. Merged
// into Words (words.ts), so components read them through useWords like every other word.

export interface PreviewWords {
  // A converted file
  convertedFile: (name: string) => string;
  readingConverted: string;
  /** The converted file's data could not be decoded: what was wrong. */
  convertedUnreadable: (problem: string) => string;
  convertedEmpty: string;
  /** The host no longer serves the converted file (its cache made room, or it was let go). */
  convertedGone: string;
  /** A size in bytes as a person reads it: "840 bytes", "1.2 MB". */
  fileSize: (bytes: number) => string;
  save: string;
  saveFile: (name: string) => string;
  notShownHere: string;
  showActualSize: string;
  fitToWindow: string;
  /** A picture the window could not draw: its file damaged, or of a kind it cannot read. */
  pictureNotShown: string;
  /** A picture's own size: "64 × 48 pixels". */
  pictureSize: (width: number, height: number) => string;
  // Zoom, for a picture and the pages
  zoom: string;
  zoomIn: string;
  zoomOut: string;
  /** Shown fitted to the window, never larger than its own size. */
  fitPages: string;
  /** A scale as a share of the own size: 0.5 -> "50%". */
  percent: (scale: number) => string;
  /** Only the start of a long file is shown (sizes in bytes). */
  textCut: (shownBytes: number, totalBytes: number) => string;
  rowsCut: (shown: number) => string;
  /** The first columns of a table wider than the window lays out. */
  columnsCut: (shown: number, total: number) => string;
  notJson: (problem: string) => string;
  /** A picture a Markdown file points to, never fetched: its description and address. */
  markdownPicture: (description: string, address: string) => string;
  // The pages reader
  pagesList: string;
  pageLabel: (page: number) => string;
  pageOfCount: (page: number, pages: number) => string;
  pageNumber: string;
  goToPage: string;
  countingPages: string;
  noPages: string;
  pagesFailed: (message: string) => string;
  pageFailed: (message: string) => string;
  findInPages: string;
  find: string;
  previousMatch: string;
  nextMatch: string;
  searching: (page: number, pages: number) => string;
  matchOfCount: (match: number, matches: number) => string;
  noMatch: (query: string) => string;
  /** Pages whose text could not be read, so a search may have missed something there. */
  pagesUnsearched: (count: number) => string;
  matchesHeading: string;
  outlineHeading: string;
  linkToPage: (page: number) => string;
  openLink: (address: string) => string;
  /** An address link clicked while the plugin is not granted network. */
  linkRefused: (address: string) => string;
  /** An address link clicked where the window has no way to open it. */
  linkNotOpened: (address: string) => string;
}
