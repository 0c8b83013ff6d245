// A tool's log: level filter, search, follow, copy, clear, over a virtualized list that holds
// 100,000 lines and draws only the few dozen on screen.
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LogLine } from '../../src-shared/host-api';
import { logLevels, logSelectors } from '../store/logs-slice';
import { useAppStore } from '../store/store-context';
import type { Words } from '../words/words';
import { clockTime } from './clock';
import { CopyButton } from './CopyButton';
import { EmptyState } from './EmptyState';
import { useFollowEnd } from './follow-end';
import { useWords } from './use-words';

export const logRowHeight = 20;

export function LogTab({ toolId }: { toolId: string }) {
  const words = useWords();
  const all = useAppStore(logSelectors.lines(toolId));
  const lines = useAppStore(logSelectors.visibleLines(toolId));
  const filter = useAppStore(logSelectors.filter);
  const follow = useAppStore(logSelectors.follow);
  const problem = useAppStore(logSelectors.problem(toolId));
  const setLogLevelShown = useAppStore((s) => s.setLogLevelShown);
  const setLogSearch = useAppStore((s) => s.setLogSearch);
  const setLogFollow = useAppStore((s) => s.setLogFollow);
  const clearLog = useAppStore((s) => s.clearLog);

  return (
    <div className="log-tab">
      <div className="toolbar">
        <fieldset className="level-filter">
          <legend className="visually-hidden">{words.logLevels}</legend>
          {logLevels.map((level) => (
            <label key={level} className={`level-toggle level-${level}`}>
              <input type="checkbox" checked={filter.levels[level]} onChange={(event) => setLogLevelShown(level, event.target.checked)} />
              {words.levels[level]}
            </label>
          ))}
        </fieldset>
        <input
          type="search"
          className="toolbar-search"
          aria-label={words.searchLog}
          placeholder={words.searchLog}
          value={filter.search}
          onChange={(event) => setLogSearch(event.target.value)}
        />
        <span className="toolbar-spacer" />
        <span className="line-count" aria-live="off">
          {words.lineCount(lines.length, all.length)}
        </span>
        <button type="button" className="button" aria-pressed={follow} onClick={() => setLogFollow(!follow)}>
          {words.follow}
        </button>
        <CopyButton text={() => lines.map((line) => logLineText(words, line)).join('\n')} disabled={lines.length === 0} />
        <button type="button" className="button" disabled={all.length === 0} onClick={() => void clearLog(toolId)}>
          {words.clear}
        </button>
      </div>
      {problem && (
        <p role="alert" className="problem banner">
          {problem}
        </p>
      )}
      {all.length === 0 ? (
        <EmptyState>{words.emptyLog}</EmptyState>
      ) : lines.length === 0 ? (
        <EmptyState>{words.noLogMatches}</EmptyState>
      ) : (
        <LogList lines={lines} follow={follow} setFollow={setLogFollow} words={words} />
      )}
    </div>
  );
}

/** A line's message as shown: a line of the host's own in the window's language, when it knows the code. */
export const logMessage = (words: Words, line: LogLine): string => (line.code && words.hostLog(line.code)) ?? line.message;

export function logLineText(words: Words, line: LogLine): string {
  return `${clockTime(line.time)} ${line.level.toUpperCase()} [${words.sources[line.source]}] ${logMessage(words, line)}`;
}

function LogList(props: { lines: LogLine[]; follow: boolean; setFollow: (follow: boolean) => void; words: Words }) {
  const { lines, words } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => logRowHeight,
    getItemKey: (index) => lines[index]?.seq ?? index,
    overscan: 16,
    initialRect: { width: 800, height: 600 },
  });
  const onScroll = useFollowEnd(virtualizer, scroller, lines.length, props.follow, props.setFollow);

  return (
    <div
      ref={scroller}
      className="log-scroller"
      role="log"
      aria-live="off"
      aria-label={words.logLines}
      tabIndex={0}
      data-line-count={lines.length}
      onScroll={onScroll}
    >
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={`log-row level-${line.level} source-${line.source}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <time className="log-time" dateTime={new Date(line.time).toISOString()}>
                {clockTime(line.time)}
              </time>
              <span className="log-level">{words.levels[line.level]}</span>
              <span className="log-source">{words.sources[line.source] ?? line.source}</span>
              <span className="log-message">{logMessage(words, line)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
