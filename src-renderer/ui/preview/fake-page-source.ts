// A PageSource made up in the page, answering as the host does (defaults filled, no picture at side
// 0, text only when asked): for the reader's tests and its bench. It records every request.
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import type { OutlineEntry, PageLink, TextRun } from '../../../src-shared/skwir/types';
import type { PageSize } from './page-layout';
import type { PageSource } from './page-source';

/** A 1 x 1 PNG, white. */
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface FakePages {
  pages: number;
  size?: (page: number) => PageSize;
  text?: (page: number) => TextRun[];
  links?: (page: number) => PageLink[];
  outline?: OutlineEntry[];
  png?: (page: number, side: number) => string | Promise<string>;
  /** Each answer waits this long, as a host would take. */
  delayMs?: number;
  /** A failure's message for a request, or undefined to answer it. */
  fail?: (request: PageRequest) => string | undefined;
}

export type RecordingPageSource = PageSource & { requests: PageRequest[] };

export function fakePageSource(fake: FakePages): RecordingPageSource {
  const requests: PageRequest[] = [];
  return {
    requests,
    async page(request): Promise<PluginAnswer<CheckedPage | null>> {
      requests.push({ ...request });
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      const message = fake.fail?.(request);
      if (message !== undefined) return { ok: false, outcome: 'failed', message };
      const outline = fake.outline ?? [];
      if (request.page > fake.pages) {
        return { ok: true, ms: 0, cached: false, answer: { pages: fake.pages, png: null, text: [], links: [], outline } };
      }
      const size = fake.size?.(request.page) ?? { width: 600, height: 800 };
      const png = request.side > 0 ? await (fake.png?.(request.page, request.side) ?? ONE_PIXEL_PNG) : null;
      const text = request.text ? (fake.text?.(request.page) ?? []) : [];
      const links = request.text ? (fake.links?.(request.page) ?? []) : [];
      return { ok: true, ms: 0, cached: false, answer: { pages: fake.pages, png, ...size, text, links, outline } };
    },
  };
}
