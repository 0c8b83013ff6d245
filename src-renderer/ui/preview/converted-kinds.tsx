// Each kind of converted file as a person would want to see it: a picture fitted to the width (a
// click shows it at its own size), text, a table, pretty JSON, a player. Markdown is MarkdownView.
// A table is cut to its first rows and columns (a CSV of 400,000 columns crashed the window), and
// its rows drawn as a window on them.
import { useMemo, useRef, useState } from 'react';
import { SKWIR_SHOWN_LIMITS } from '../../../src-shared/skwir/limits';
import { useListWindow } from '../list-window';
import { useWords } from '../use-words';
import { delimiterOf, readDelimited } from './delimited-table';

/** The most rows a table lays out: more would make the window slow to scroll. */
export const TABLE_SHOWN_ROWS = 1_000;
/** The most columns a table lays out, as of an inspection. */
export const TABLE_SHOWN_COLUMNS = SKWIR_SHOWN_LIMITS.cells;

export function PictureView({ url, name }: { url: string; name: string }) {
  const words = useWords();
  const [actualSize, setActualSize] = useState(false);
  return (
    <div className="converted-picture" data-size={actualSize ? 'actual' : 'fitted'}>
      <button type="button" className="button small picture-size" aria-pressed={actualSize} onClick={() => setActualSize(!actualSize)}>
        {words.showActualSize}
      </button>
      {/* The button above does the same from the keyboard. */}
      <img src={url} alt={name} title={actualSize ? words.fitToWindow : words.showActualSize} onClick={() => setActualSize(!actualSize)} />
    </div>
  );
}

export function CutNote({ shownBytes, totalBytes }: { shownBytes: number; totalBytes: number }) {
  const words = useWords();
  return (
    <p className="converted-note" role="note">
      {words.textCut(shownBytes, totalBytes)}
    </p>
  );
}

export function TextView({ text }: { text: string }) {
  return <pre className="converted-text">{text}</pre>;
}

export function TableView({ text, name }: { text: string; name: string }) {
  const words = useWords();
  const table = useMemo(() => readDelimited(text, delimiterOf(name), TABLE_SHOWN_ROWS + 1), [text, name]);
  const [head = [], ...rest] = table.rows;
  const body = rest.slice(0, TABLE_SHOWN_ROWS);
  let widest = 0;
  for (const row of table.rows) if (row.length > widest) widest = row.length;
  const columns = Math.min(widest, TABLE_SHOWN_COLUMNS);
  const cells = (row: string[]) => Array.from({ length: columns }, (_, i) => row[i] ?? '');
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLTableSectionElement>(null);
  const shown = useListWindow(body.length, scroller, list, 24);
  return (
    <>
      {(table.more || rest.length > TABLE_SHOWN_ROWS) && (
        <p className="converted-note" role="note">
          {words.rowsCut(TABLE_SHOWN_ROWS)}
        </p>
      )}
      {widest > columns && (
        <p className="converted-note" role="note">
          {words.columnsCut(columns, widest)}
        </p>
      )}
      <div ref={scroller} className="converted-table-scroller">
        <table className="converted-table" aria-label={name} aria-rowcount={body.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {cells(head).map((cell, i) => (
                <th key={i} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={list}>
            {shown.before > 0 && <tr aria-hidden="true" className="list-room" style={{ height: shown.before }} />}
            {shown.indices.map((r) => (
              <tr key={r} ref={shown.measure} data-index={r} aria-rowindex={r + 2}>
                {cells(body[r]!).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
            {shown.after > 0 && <tr aria-hidden="true" className="list-room" style={{ height: shown.after }} />}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** JSON pretty printed, or why it does not parse and the text as it is. */
export function JsonView({ text }: { text: string }) {
  const words = useWords();
  const shown = useMemo(() => {
    try {
      return { pretty: JSON.stringify(JSON.parse(text), null, 2) };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }, [text]);
  if ('pretty' in shown) return <pre className="converted-text converted-json">{shown.pretty}</pre>;
  return (
    <>
      <p className="converted-note problem" role="alert">
        {words.notJson(shown.problem)}
      </p>
      <TextView text={text} />
    </>
  );
}

export function MediaView({ kind, url, name }: { kind: 'audio' | 'video'; url: string; name: string }) {
  return kind === 'audio' ? (
    <audio className="converted-audio" controls src={url} aria-label={name} />
  ) : (
    <video className="converted-video" controls src={url} aria-label={name} />
  );
}
