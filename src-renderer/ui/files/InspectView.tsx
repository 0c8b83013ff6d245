// A page of inspection with what moves through the file: Previous and Next, Back from an opened
// row, the Source toggle, and a search sent from the current offset (from just after the last find
// when the same text is looked for again). The page stays in view while the next one is asked;
// a failure shows where the page would be.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { InspectRequest } from '../../../src-shared/plugin-api';
import type { InspectPreview } from '../../store/plugin-preview-slice';
import { useAppStore } from '../../store/store-context';
import { pluginFailureText } from '../../words/plugin-answer';
import { useWords } from '../use-words';
import { AnswerNote } from './AnswerNote';
import { CallProgress } from './CallProgress';
import { foundOf } from './found-bytes';
import { InspectionBody } from './InspectionBody';

export function InspectView({ pluginId, inspect }: { pluginId: string; inspect: InspectPreview }) {
  const words = useWords();
  const inspectPage = useAppStore((s) => s.inspectPage);
  const inspectBack = useAppStore((s) => s.inspectBack);
  const cancel = useAppStore((s) => s.cancelPluginCall);
  const [query, setQuery] = useState('');
  const content = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const { call, request } = inspect;
  const answer = call.status === 'answered' ? call.answer : undefined;
  const asking = call.status !== 'answered';
  const shown = answer ? (answer.ok ? answer.answer : undefined) : (inspect.last ?? undefined);
  const page = shown ?? inspect.last ?? undefined;
  const source = request.source === true;
  const withSource = (rest: InspectRequest): InspectRequest => (source ? { ...rest, source: true } : rest);
  const here = page?.position ?? request.offset ?? 0;

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (query === '') return;
    const again = request.query === query && page?.position !== undefined;
    inspectPage(pluginId, withSource({ offset: again ? page.position + 1 : here, query }));
  };
  // A search's answer marks what it found; a page asked without a search marks nothing.
  const found = answer?.ok && answer.answer && request.query ? foundOf(answer.answer) : undefined;

  return (
    <div className="inspect" aria-busy={asking}>
      <div className="inspect-bar">
        {/* Before the first page there is no title: an empty heading would be read as one. */}
        {page?.title ? <h3 className="inspect-title">{page.title}</h3> : <span className="inspect-title" />}
        <div className="inspect-tools">
          {inspect.back.length > 0 && (
            <button type="button" className="button small" onClick={() => inspectBack(pluginId)}>
              {words.plugin.back}
            </button>
          )}
          {(['previous', 'next'] as const).map((way) => {
            const offset = page?.[way];
            return (
              <button
                key={way}
                type="button"
                className="button small"
                disabled={asking || offset === null || offset === undefined}
                onClick={() => offset != null && inspectPage(pluginId, withSource({ offset }))}
              >
                {words.plugin[way]}
              </button>
            );
          })}
          <button
            type="button"
            className="button small"
            aria-pressed={source}
            onClick={() => inspectPage(pluginId, { ...(request.offset !== undefined ? { offset: request.offset } : {}), source: !source })}
          >
            {words.plugin.source}
          </button>
          <form role="search" className="inspect-search" onSubmit={find}>
            <input
              id={searchId}
              type="search"
              aria-label={words.plugin.findInFile}
              placeholder={words.plugin.findInFile}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <button type="submit" className="button small" disabled={query === '' || asking}>
              {words.plugin.find}
            </button>
          </form>
        </div>
      </div>
      {call.status === 'running' && (
        <CallProgress key={call.callId} callId={call.callId} pluginId={pluginId} startedAt={call.startedAt} onCancel={() => void cancel(call.callId)} />
      )}
      {shown?.notice ? (
        <p role="status" className="inspect-notice">
          {shown.notice}
        </p>
      ) : null}
      {shown?.leftOut && (
        <p role="note" className="inspect-notice left-out">
          {words.plugin.leftOut(shown.leftOut)}
        </p>
      )}
      <div className="inspect-main">
        {/* Focusable, so the keyboard scrolls it: a long page holds nothing else to focus. */}
        <div ref={content} className="inspect-content" tabIndex={0}>
          {answer && !answer.ok ? (
            <p role="alert" className="problem preview-failure">
              {pluginFailureText(words, answer)}
            </p>
          ) : shown === null ? (
            <p className="muted">{words.plugin.nothingToShow}</p>
          ) : shown ? (
            <InspectionBody inspection={shown} found={found} scroller={content} onOpen={(target) => inspectPage(pluginId, { target }, true)} />
          ) : null}
        </div>
        {shown && shown.details.length > 0 && (
          <aside className="inspect-details" aria-label={words.plugin.details}>
            <h4 className="details-title">{words.plugin.details}</h4>
            <dl className="facts">
              {shown.details.map((detail, index) => (
                <div key={index} className="fact">
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          </aside>
        )}
      </div>
      {answer?.ok && <AnswerNote answer={answer} />}
    </div>
  );
}
