// Where the reader gets its pages: the host's `page` call for one file, in the window; a fake in
// tests and in the reader's bench.
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';

export interface PageSource {
  /** Asks one page (the host caches); resolves with the answer or why there is none. */
  page(request: PageRequest): Promise<PluginAnswer<CheckedPage | null>>;
}
