// Each kind of converted file as a person would want to see it: a picture as Quick Look shows one
// (fitted to the room, never enlarged past its own size unless zoomed, then pixelated rather than
// smoothed, its size in pixels said), text, a table, pretty JSON, a player. Markdown is MarkdownView.
// A table is cut to its first rows and columns (a CSV of 400,000 columns crashed the window), and
// its rows drawn as a window on them.
import { useMemo, useRef, useState } from 'react';
import { zoomStep, type PageZoom } from './page-layout';
import { SKWIR_SHOWN_LIMITS } from '../../../src-shared/skwir/limits';
import { useListWindow } from '../list-window';
import { useWords } from '../use-words';
import { delimiterOf, readDelimited } from './delimited-table';

/** The most rows a table lays out: more would make the window slow to scroll. */
export const TABLE_SHOWN_ROWS = 1_000;
/** The most columns a table lays out, as of an inspection. */
export const TABLE_SHOWN_COLUMNS = SKWIR_SHOWN_LIMITS.cells;

/** `onError`: the picture did not load (the host may no longer serve it). */
export function PictureView({ url, name, onError }: { url: string; name: string; onError?: () => void }) {
  const words = useWords();
  const [zoom, setZoom] = useState<PageZoom>('fit');
  const [own, setOwn] = useState<{ width: number; height: number }>();
  const image = useRef<HTMLImageElement>(null);
  // What it is shown at now: the zoom, or the fitted picture's share of its own width.
  const shownScale = () => (zoom !== 'fit' ? zoom : own && image.current ? image.current.clientWidth / own.width || 1 : 1);
  const size = zoom !== 'fit' && own ? { width: Math.round(own.width * zoom), height: Math.round(own.height * zoom) } : undefined;
  const toggle = () => setZoom(zoom === 'fit' ? 1 : 'fit');
  return (
    <div
      className="converted-picture"
      data-size={zoom === 'fit' ? 'fitted' : zoom === 1 ? 'actual' : 'zoomed'}
      data-enlarged={(zoom !== 'fit' && zoom > 1) || undefined}
    >
      <div className="picture-bar" role="group" aria-label={words.zoom}>
        {own && <span className="picture-own-size muted">{words.pictureSize(own.width, own.height)}</span>}
        <button type="button" className="button small" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          {words.fitPages}
        </button>
        <button type="button" className="button small picture-size" aria-pressed={zoom === 1} onClick={toggle}>
          {words.showActualSize}
        </button>
        <button type="button" className="button small" aria-label={words.zoomOut} title={words.zoomOut} onClick={() => setZoom(zoomStep(shownScale(), -1))}>
          −
        </button>
        <button type="button" className="button small" aria-label={words.zoomIn} title={words.zoomIn} onClick={() => setZoom(zoomStep(shownScale(), 1))}>
          +
        </button>
        {zoom !== 'fit' && <span className="picture-zoom muted">{words.percent(zoom)}</span>}
      </div>
      <div className="picture-room">
        {/* The buttons above do the same from the keyboard. */}
        <img
          ref={image}
          src={url}
          alt={name}
          title={zoom === 'fit' ? words.showActualSize : words.fitToWindow}
          style={size}
          onLoad={(event) => setOwn({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          onError={onError}
          onClick={toggle}
        />
      </div>
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

export function MediaView({ kind, url, name, onError }: { kind: 'audio' | 'video'; url: string; name: string; onError?: () => void }) {
  return kind === 'audio' ? (
    <audio className="converted-audio" controls src={url} aria-label={name} onError={onError} />
  ) : (
    <video className="converted-video" controls src={url} aria-label={name} onError={onError} />
  );
}
