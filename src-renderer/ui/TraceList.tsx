// The Messages tab's list, drawn a window at a time: a request and its answer on one row with the
// time between them, other messages one a row; a row opens to show its messages as indented JSON.
import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TraceLine } from '../../src-shared/host-api';
import { answerTime, rowFirst, rowLines, type TraceRow } from '../store/trace-pairs';
import type { Words } from '../words/words';
import { clockTime } from './clock';
import { CopyButton } from './CopyButton';
import { useFollowEnd } from './follow-end';
import { messagePreview, prettyMessage } from './message-preview';
import { useWords } from './use-words';

export function TraceList(props: { rows: TraceRow[]; follow: boolean; setFollow: (follow: boolean) => void }) {
  const words = useWords();
  const { rows } = props;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  /** The row just opened: shown whole, even the last one, whose JSON would open below the list's edge. */
  const [opened, setOpened] = useState<number>();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 28,
    getItemKey: (index) => (rows[index] ? rowFirst(rows[index]).seq : index),
    overscan: 10,
    initialRect: { width: 800, height: 600 },
  });
  const onScroll = useFollowEnd(virtualizer, scroller, rows.length, props.follow, props.setFollow);
  const toggle = (seq: number) => {
    const opening = !open.has(seq);
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(seq)) next.add(seq);
      return next;
    });
    setOpened(opening ? seq : undefined);
  };
  useEffect(() => {
    if (opened === undefined) return;
    // After the list measured the opened row's new height.
    const frame = requestAnimationFrame(() => scroller.current?.querySelector(`[data-seq="${opened}"]`)?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  return (
    <div ref={scroller} className="trace-scroller" tabIndex={-1} onScroll={onScroll} data-line-count={rows.length}>
      <ol className="virtual-space" aria-label={words.messagesList} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const first = rowFirst(row);
          const expanded = open.has(first.seq);
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-seq={first.seq}
              data-direction={first.direction}
              data-row={row.kind}
              className={`trace-row direction-${first.direction}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className="trace-summary">
                <button type="button" className="trace-toggle" aria-expanded={expanded} onClick={() => toggle(first.seq)}>
                  <span className="disclosure" aria-hidden="true">
                    {expanded ? '▾' : '▸'}
                  </span>
                  <time className="trace-time" dateTime={new Date(first.time).toISOString()}>
                    {clockTime(first.time)}
                  </time>
                  <span className="trace-direction">{first.direction === 'toTool' ? words.toTool : words.fromTool}</span>
                  {first.notUtf8 ? (
                    <span className="trace-method trace-not-utf8" title={words.notUtf8Note}>
                      {words.notUtf8}
                    </span>
                  ) : (
                    <span className="trace-method" title={first.method}>
                      {first.method ?? '—'}
                    </span>
                  )}
                  <span className="trace-preview">{rowPreview(row)}</span>
                  <RowStatus row={row} words={words} />
                </button>
                {row.kind === 'exchange' && row.answer ? (
                  <CopyButton className="button small" label={words.copyExchange} text={() => copied(row)} />
                ) : (
                  <CopyButton className="button small" label={words.copyMessage} text={() => first.text} />
                )}
              </div>
              {expanded && <OpenedRow row={row} words={words} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A row's messages as they went over the wire, a line each. */
const copied = (row: TraceRow): string =>
  rowLines(row)
    .map((line) => line.text)
    .join('\n');

function rowPreview(row: TraceRow): string {
  if (row.kind !== 'exchange') return messagePreview(row.line.text, row.line.notUtf8);
  const asked = messagePreview(row.request.text);
  return row.answer ? `${asked} → ${messagePreview(row.answer.text)}` : asked;
}

/** The time an exchange took, or why a row has none. */
function RowStatus({ row, words }: { row: TraceRow; words: Words }) {
  if (row.kind === 'exchange') {
    return row.answer ? (
      <span className="trace-status">{words.answerTook(answerTime(row.request, row.answer))}</span>
    ) : (
      <span className="trace-status trace-waiting">{words.noAnswerYet}</span>
    );
  }
  if (row.kind === 'answer') {
    return (
      <span className="trace-status trace-waiting" title={words.requestNotListedNote}>
        {words.requestNotListed}
      </span>
    );
  }
  return null;
}

function OpenedRow({ row, words }: { row: TraceRow; words: Words }) {
  if (row.kind === 'exchange') {
    return (
      <>
        <MessagePart line={row.request} heading={words.requestHeading} />
        {row.answer && <MessagePart line={row.answer} heading={words.answerHeading} />}
      </>
    );
  }
  const { line } = row;
  return (
    <>
      {line.notUtf8 && <p className="trace-note">{words.notUtf8Note}</p>}
      {row.kind === 'answer' && <p className="trace-note">{words.requestNotListedNote}</p>}
      <pre className="trace-json">{line.notUtf8 ? line.text : prettyMessage(line.text)}</pre>
    </>
  );
}

function MessagePart({ line, heading }: { line: TraceLine; heading: string }) {
  return (
    <>
      <p className="trace-part-heading">
        {heading} <time dateTime={new Date(line.time).toISOString()}>{clockTime(line.time)}</time>
      </p>
      <pre className="trace-json">{prettyMessage(line.text)}</pre>
    </>
  );
}
