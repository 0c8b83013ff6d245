import { countIn } from '../../src-shared/plural';
import { sizeIn } from './file-size';
import type { PreviewWords } from './preview-words';

const fileSize = (bytes: number) => sizeIn('en', bytes);

export const previewEn: PreviewWords = {
  convertedFile: (name) => `Converted file ${name}`,
  readingConverted: 'Reading the converted file…',
  convertedUnreadable: (problem) => `The converted file could not be read: ${problem}`,
  convertedEmpty: 'The converted file is empty.',
  fileSize,
  save: 'Save',
  saveFile: (name) => `Save ${name}`,
  notShownHere: 'This kind of file is not shown here. Save it to open it in another app.',
  showActualSize: 'Show at actual size',
  fitToWindow: 'Fit to the window',
  textCut: (shownBytes, totalBytes) => `Only the start of the file is shown (${fileSize(shownBytes)} of ${fileSize(totalBytes)}). Save it to read it all.`,
  rowsCut: (shown) => `Only the first ${countIn('en', shown, 'row', 'rows')} are shown. Save the file to see them all.`,
  columnsCut: (shown, total) =>
    `Only the first ${shown.toLocaleString('en')} columns of ${total.toLocaleString('en')} are shown. Save the file to see them all.`,
  notJson: (problem) => `This is not valid JSON (${problem}); it is shown as text.`,
  markdownPicture: (description, address) => `[picture${description ? `: ${description}` : ''}, not loaded: ${address}]`,
  pagesList: 'Pages',
  pageLabel: (page) => `Page ${page}`,
  pageOfCount: (page, pages) => `Page ${page.toLocaleString('en')} of ${pages.toLocaleString('en')}`,
  pageNumber: 'Page number',
  goToPage: 'Go',
  countingPages: 'Counting the pages…',
  noPages: 'The plugin has no pages to show for this file.',
  pagesFailed: (message) => `The plugin could not show the pages: ${message}`,
  pageFailed: (message) => `This page could not be drawn: ${message}`,
  findInPages: 'Find in the pages',
  find: 'Find',
  previousMatch: 'Previous match',
  nextMatch: 'Next match',
  searching: (page, pages) => `Searching… page ${page.toLocaleString('en')} of ${pages.toLocaleString('en')}`,
  matchOfCount: (match, matches) => `${match.toLocaleString('en')} of ${countIn('en', matches, 'match', 'matches')}`,
  noMatch: (query) => `No match for “${query}”.`,
  pagesUnsearched: (count) => `${countIn('en', count, 'page', 'pages')} could not be read; the search skipped ${count === 1 ? 'it' : 'them'}.`,
  matchesHeading: 'Matches',
  outlineHeading: 'Outline',
  linkToPage: (page) => `Go to page ${page}`,
  openLink: (address) => `Open ${address}`,
  linkRefused: (address) => `This plugin may not open links (it is not granted network), so ${address} stays closed.`,
  linkNotOpened: (address) => `Links are not opened from this window: ${address}`,
};
