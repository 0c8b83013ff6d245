// Each kind of converted file as a person would want to see it: a picture fitted to the width (a
// click shows it at its own size), text, a table, pretty JSON, a player. Markdown is MarkdownView.
import { useMemo, useState } from 'react';
import { useWords } from '../use-words';
import { delimiterOf, readDelimited } from './delimited-table';

/** The most rows a table lays out: more would make the window slow to scroll. */
export const TABLE_SHOWN_ROWS = 1_000;

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
  const [head = [], ...body] = table.rows;
  const columns = Math.max(0, ...table.rows.map((row) => row.length));
  const cells = (row: string[]) => Array.from({ length: columns }, (_, i) => row[i] ?? '');
  return (
    <>
      {(table.more || body.length > TABLE_SHOWN_ROWS) && (
        <p className="converted-note" role="note">
          {words.rowsCut(TABLE_SHOWN_ROWS)}
        </p>
      )}
      <div className="converted-table-scroller">
        <table className="converted-table" aria-label={name}>
          <thead>
            <tr>
              {cells(head).map((cell, i) => (
                <th key={i} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.slice(0, TABLE_SHOWN_ROWS).map((row, r) => (
              <tr key={r}>
                {cells(row).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
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
