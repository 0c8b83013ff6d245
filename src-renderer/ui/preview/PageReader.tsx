// STAND-IN, replaced when the previews branch merges (take theirs): the real reader draws the
// pages, their text layer, links and outline. This one asks page 1 (no picture) and says how many
// pages there are, so the Files tab can be built and tested against the agreed interface meanwhile.
import { useEffect, useState, type JSX } from 'react';
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';

export interface PageSource {
  /** Asks one page (the host caches); resolves with the answer or why there is none. */
  page(request: PageRequest): Promise<PluginAnswer<CheckedPage | null>>;
}

export function PageReader(props: { source: PageSource; network: boolean; onOpenUri?: (uri: string) => void }): JSX.Element {
  const [answer, setAnswer] = useState<PluginAnswer<CheckedPage | null>>();
  useEffect(() => {
    let live = true;
    void props.source.page({ page: 1, side: 0 }).then((got) => live && setAnswer(got));
    return () => {
      live = false;
    };
  }, [props.source]);
  if (!answer) return <p className="page-reader muted">…</p>;
  if (!answer.ok) return <p className="page-reader problem">{answer.message}</p>;
  return <p className="page-reader">{answer.answer ? `1 / ${answer.answer.pages}` : '0'}</p>;
}
