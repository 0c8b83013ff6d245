// The message trace, both ways: each line with its time, direction and method, found by its method
// or by any text it holds; open one to read it as indented JSON, or copy it.
import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TraceLine } from '../../src-shared/host-api';
import { traceSelectors } from '../store/trace-slice';
import { useAppStore } from '../store/store-context';
import { clockTime } from './clock';
import { CopyButton } from './CopyButton';
import { EmptyState } from './EmptyState';
import { MessageComposer } from './bench/MessageComposer';
import { useFollowEnd } from './follow-end';
import { useWords } from './use-words';

export function TraceTab({ toolId }: { toolId: string }) {
  const words = useWords();
  const all = useAppStore(traceSelectors.lines(toolId));
  const lines = useAppStore(traceSelectors.visibleLines(toolId));
  const methods = useAppStore(traceSelectors.methods(toolId));
  const method = useAppStore(traceSelectors.method);
  const problem = useAppStore(traceSelectors.problem(toolId));
  const setTraceMethod = useAppStore((s) => s.setTraceMethod);
  const search = useAppStore(traceSelectors.search);
  const setTraceSearch = useAppStore((s) => s.setTraceSearch);
  const clearTrace = useAppStore((s) => s.clearTrace);
  const [follow, setFollow] = useState(true);
  const entry = useAppStore((s) => s.tools[toolId]);

  return (
    <div className="trace-tab">
      <div className="toolbar">
        <label className="toolbar-field">
          {words.methodFilter}
          <select value={method} onChange={(event) => setTraceMethod(event.target.value)}>
            <option value="">{words.allMethods}</option>
            {method !== '' && !methods.includes(method) && <option value={method}>{method}</option>}
            {methods.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          className="toolbar-search"
          aria-label={words.searchMessages}
          placeholder={words.searchMessages}
          value={search}
          onChange={(event) => setTraceSearch(event.target.value)}
        />
        <span className="toolbar-spacer" />
        <span className="line-count">{words.messageCount(lines.length, all.length)}</span>
        <button type="button" className="button" aria-pressed={follow} onClick={() => setFollow(!follow)}>
          {words.follow}
        </button>
        <button type="button" className="button" disabled={all.length === 0} onClick={() => void clearTrace(toolId)}>
          {words.clear}
        </button>
      </div>
      {entry && <MessageComposer entry={entry} />}
      {problem && (
        <p role="alert" className="problem banner">
          {problem}
        </p>
      )}
      {lines.length === 0 ? (
        <EmptyState>{all.length === 0 ? words.emptyTrace : words.noMessageMatches}</EmptyState>
      ) : (
        <TraceList lines={lines} follow={follow} setFollow={setFollow} />
      )}
    </div>
  );
}

/** The message as indented JSON; as sent when it is not JSON (a cut line, or a broken one). A line that was not UTF-8 is never read as JSON. */
export function prettyMessage(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * What a row shows of its message: what it carries (its params, its result, its error's code and
 * words), which tells messages apart even in a narrow window, where the envelope alone would fill
 * the room with `{"jsonrpc":"2.0",...`. The whole message is one click away.
 */
export function messagePreview(text: string, notUtf8 = false): string {
  if (notUtf8) return text;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return text;
  const { params, result, error } = message as { params?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };
  if (error && typeof error === 'object') return `${String(error.code)} ${typeof error.message === 'string' ? error.message : ''}`.trim();
  if (result !== undefined) return JSON.stringify(result);
  if (params !== undefined) return JSON.stringify(params);
  return '';
}

function TraceList(props: { lines: TraceLine[]; follow: boolean; setFollow: (follow: boolean) => void }) {
  const words = useWords();
  const { lines } = props;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  /** The message just opened: shown whole, even the last one, whose JSON would open below the list's edge. */
  const [opened, setOpened] = useState<number>();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 28,
    getItemKey: (index) => lines[index]?.seq ?? index,
    overscan: 10,
    initialRect: { width: 800, height: 600 },
  });
  const onScroll = useFollowEnd(virtualizer, scroller, lines.length, props.follow, props.setFollow);
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
    <div ref={scroller} className="trace-scroller" tabIndex={-1} onScroll={onScroll} data-line-count={lines.length}>
      <ol className="virtual-space" aria-label={words.messagesList} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          const expanded = open.has(line.seq);
          const direction = line.direction === 'toTool' ? words.toTool : words.fromTool;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-seq={line.seq}
              data-direction={line.direction}
              className={`trace-row direction-${line.direction}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className="trace-summary">
                <button type="button" className="trace-toggle" aria-expanded={expanded} onClick={() => toggle(line.seq)}>
                  <span className="disclosure" aria-hidden="true">
                    {expanded ? '▾' : '▸'}
                  </span>
                  <time className="trace-time" dateTime={new Date(line.time).toISOString()}>
                    {clockTime(line.time)}
                  </time>
                  <span className="trace-direction">{direction}</span>
                  {line.notUtf8 ? (
                    <span className="trace-method trace-not-utf8" title={words.notUtf8Note}>
                      {words.notUtf8}
                    </span>
                  ) : (
                    <span className="trace-method" title={line.method}>
                      {line.method ?? '—'}
                    </span>
                  )}
                  <span className="trace-preview">{messagePreview(line.text, line.notUtf8)}</span>
                </button>
                <CopyButton className="button small" label={words.copyMessage} text={() => line.text} />
              </div>
              {expanded && line.notUtf8 && <p className="trace-note">{words.notUtf8Note}</p>}
              {expanded && <pre className="trace-json">{line.notUtf8 ? line.text : prettyMessage(line.text)}</pre>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
