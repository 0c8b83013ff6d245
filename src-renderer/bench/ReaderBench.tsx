// The reader bench's page (reader-bench.ts): a reader filling the window over a made-up file,
// measured once it is shown.
import { useEffect, useMemo, type ReactElement } from 'react';
import { PageReader } from '../ui/preview/PageReader';
import { benchPageSource, measureReader, publishReaderBench, readerBenchPages, watchBlobUrls } from './reader-bench';

/** The bench's page: a reader filling the window, measured once it is shown. */
export function ReaderBench({ pages, blobUrls }: { pages: number; blobUrls: { live: () => number } }) {
  const { source, warmUp } = useMemo(() => benchPageSource(pages), [pages]);
  useEffect(() => {
    let stopped = false;
    void measureReader(pages, blobUrls, warmUp).then((result) => {
      if (!stopped) publishReaderBench(result);
    });
    return () => {
      stopped = true;
    };
  }, [pages, blobUrls, warmUp]);
  return (
    <div className="bench-page">
      <PageReader source={source} network={false} />
    </div>
  );
}

/** The bench for the address's page count, if it asks for one: the Blob URLs watched and the clock started now. */
export function readerBenchFor(search: string): ReactElement | undefined {
  const pages = readerBenchPages(search);
  if (pages === undefined) return undefined;
  const blobUrls = watchBlobUrls();
  performance.mark('vitruvian:reader-first-page:start');
  return <ReaderBench pages={pages} blobUrls={blobUrls} />;
}
