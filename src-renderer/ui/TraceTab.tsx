// The message trace, both ways: a request and its answer on one row with the time between them,
// found by method or by any text either holds; says when older messages were dropped. The rows
// and what an opened one shows: TraceList.tsx.
import { useMemo, useState } from 'react';
import { traceSelectors } from '../store/trace-slice';
import { rowLines } from '../store/trace-pairs';
import { useAppStore } from '../store/store-context';
import { EmptyState } from './EmptyState';
import { MessageComposer } from './bench/MessageComposer';
import { TraceList } from './TraceList';
import { useWords } from './use-words';

export function TraceTab({ toolId }: { toolId: string }) {
  const words = useWords();
  const all = useAppStore(traceSelectors.lines(toolId));
  const rows = useAppStore(traceSelectors.visibleRows(toolId));
  const dropped = useAppStore(traceSelectors.dropped(toolId));
  const methods = useAppStore(traceSelectors.methods(toolId));
  const method = useAppStore(traceSelectors.method);
  const problem = useAppStore(traceSelectors.problem(toolId));
  const setTraceMethod = useAppStore((s) => s.setTraceMethod);
  const search = useAppStore(traceSelectors.search);
  const setTraceSearch = useAppStore((s) => s.setTraceSearch);
  const clearTrace = useAppStore((s) => s.clearTrace);
  const [follow, setFollow] = useState(true);
  const entry = useAppStore((s) => s.tools[toolId]);
  const shown = useMemo(() => rows.reduce((sum, row) => sum + rowLines(row).length, 0), [rows]);

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
        <span className="line-count">{words.messageCount(shown, all.length)}</span>
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
      {dropped > 0 && <p className="trace-dropped">{words.droppedMessages(dropped)}</p>}
      {rows.length === 0 ? (
        <EmptyState>{all.length === 0 ? words.emptyTrace : words.noMessageMatches}</EmptyState>
      ) : (
        <TraceList rows={rows} follow={follow} setFollow={setFollow} />
      )}
    </div>
  );
}
