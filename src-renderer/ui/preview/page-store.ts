// What the reader has of a file's pages, from its source (the host, which caches): the count and
// outline, asked first; each page's own size, text and links once known; and the pictures of the
// pages near the view, as Blob URLs. Pictures are asked nearest first, a few at a time, and released
// (the Blob URL revoked) once their page is far from the view, so that the memory a file takes is
// bounded by the view and not by the file. Text is small, and kept: search and selection need it.
import type { PageRequest } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import type { OutlineEntry, PageLink, TextRun } from '../../../src-shared/skwir/types';
import { bytesOfBase64 } from './base64-bytes';
import type { PageRange, PageSize } from './page-layout';
import type { PageSource } from './page-source';

export type ReaderStart =
  { state: 'counting' } | { state: 'none' } | { state: 'failed'; message: string } | { state: 'ready'; pages: number; outline: OutlineEntry[] };

export interface PageWords {
  text: TextRun[];
  links: PageLink[];
}

/** Why a page has nothing to show: the plugin's failure, or its null answer. */
export type PageFailure = { failed: string } | { nothing: true };

export interface PageEntry {
  size?: PageSize;
  words?: PageWords;
  /** `url` null: the plugin drew no picture at this side. */
  picture?: { url: string | null; side: number };
  failure?: PageFailure;
}

/** A picture the view wants: which page, at which side. */
export interface PictureWish {
  page: number;
  side: number;
}

/** Pictures asked at once: enough to keep the host busy, few enough that a fast scroll asks little it then drops. */
const PICTURES_IN_FLIGHT = 2;

const isFailure = (answer: CheckedPage | PageFailure): answer is PageFailure => 'failed' in answer || 'nothing' in answer;

export class PageStore {
  start: ReaderStart = { state: 'counting' };
  private readonly entries = new Map<number, PageEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly drawing = new Set<number>();
  private readonly wordsAsked = new Map<number, Promise<PageWords | PageFailure>>();
  private wishes: readonly PictureWish[] = [];
  private kept: PageRange = { first: 1, last: 0 };
  private disposed = false;
  private changes = 0;
  private sizeChanges = 0;
  private live = 0;
  private mostLive = 0;

  constructor(private readonly source: PageSource) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Changes with every change: what a React view compares. */
  readonly version = (): number => this.changes;

  /** Changes only when a page's own size does: what the layout depends on. */
  readonly sizeVersion = (): number => this.sizeChanges;

  entry(page: number): PageEntry | undefined {
    return this.entries.get(page);
  }

  /** Blob URLs held now, and the most held at once. */
  pictureCounts(): { live: number; most: number } {
    return { live: this.live, most: this.mostLive };
  }

  /** Asks the page count and the outline (page 1, no picture, no text). */
  async begin(): Promise<void> {
    const answer = await this.ask({ page: 1, side: 0, text: false });
    if (this.disposed) return;
    if (isFailure(answer)) this.start = 'failed' in answer ? { state: 'failed', message: answer.failed } : { state: 'none' };
    else if (answer.pages < 1) this.start = { state: 'none' };
    else {
      this.learn(1, answer, false);
      this.start = { state: 'ready', pages: answer.pages, outline: answer.outline };
    }
    this.changed();
  }

  /**
   * The pictures wanted now, nearest first, and the pages whose pictures are kept: all others are
   * released. Those pages are out of the view's reach, so no view shows them: nothing to tell it.
   */
  want(wishes: readonly PictureWish[], kept: PageRange): void {
    this.wishes = wishes;
    this.kept = kept;
    for (const [page, entry] of this.entries) {
      if (this.keeps(page)) continue;
      this.release(entry);
      // A page that failed is asked again when it comes back near: the failure may have passed.
      entry.failure = undefined;
    }
    this.pump();
  }

  /** A page's text and links, asked without a picture when not known yet. */
  words(page: number): Promise<PageWords | PageFailure> {
    const known = this.entries.get(page)?.words;
    if (known) return Promise.resolve(known);
    let asked = this.wordsAsked.get(page);
    if (!asked) {
      asked = this.ask({ page, side: 0, text: true }).then((answer) => {
        this.wordsAsked.delete(page);
        if (isFailure(answer) || this.disposed) return isFailure(answer) ? answer : { nothing: true as const };
        this.learn(page, answer, true);
        this.changed();
        return this.entries.get(page)!.words!;
      });
      this.wordsAsked.set(page, asked);
    }
    return asked;
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries.values()) this.release(entry);
    this.listeners.clear();
  }

  private keeps(page: number): boolean {
    return page >= this.kept.first && page <= this.kept.last;
  }

  private pump(): void {
    for (const wish of this.wishes) {
      if (this.drawing.size >= PICTURES_IN_FLIGHT || this.disposed) return;
      const entry = this.entries.get(wish.page);
      if (this.drawing.has(wish.page) || entry?.failure) continue;
      if (entry?.picture?.side === wish.side && entry.words) continue;
      void this.draw(wish);
    }
  }

  private async draw({ page, side }: PictureWish): Promise<void> {
    this.drawing.add(page);
    const answer = await this.ask({ page, side, text: true });
    this.drawing.delete(page);
    if (this.disposed) return;
    const entry = this.entryOf(page);
    if (isFailure(answer)) entry.failure = answer;
    else {
      this.learn(page, answer, true);
      // A page scrolled far while it was drawn keeps nothing: its picture would only be released.
      if (this.keeps(page)) {
        try {
          const url = answer.png ? this.pictureUrl(answer.png) : null;
          this.release(entry);
          entry.picture = { url, side };
        } catch (error) {
          entry.failure = { failed: error instanceof Error ? error.message : String(error) };
        }
      }
    }
    this.changed();
    this.pump();
  }

  private async ask(request: PageRequest): Promise<CheckedPage | PageFailure> {
    try {
      const answer = await this.source.page(request);
      if (!answer.ok) return { failed: answer.message };
      return answer.answer ?? { nothing: true };
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  }

  private learn(page: number, answer: CheckedPage, withText: boolean): void {
    const entry = this.entryOf(page);
    if (answer.width && answer.height && (entry.size?.width !== answer.width || entry.size.height !== answer.height)) {
      entry.size = { width: answer.width, height: answer.height };
      this.sizeChanges++;
    }
    if (withText) entry.words = { text: answer.text, links: answer.links };
  }

  private entryOf(page: number): PageEntry {
    let entry = this.entries.get(page);
    if (!entry) this.entries.set(page, (entry = {}));
    return entry;
  }

  private pictureUrl(png: string): string {
    const bytes = bytesOfBase64(png);
    const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
    this.live++;
    this.mostLive = Math.max(this.mostLive, this.live);
    return url;
  }

  private release(entry: PageEntry): void {
    if (entry.picture?.url) {
      URL.revokeObjectURL(entry.picture.url);
      this.live--;
    }
    entry.picture = undefined;
  }

  private changed(): void {
    this.changes++;
    for (const listener of [...this.listeners]) listener();
  }
}
