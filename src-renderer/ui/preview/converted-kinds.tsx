// Each kind of converted file as a person would want to see it: a picture as Quick Look shows one
// (fitted to the room, never enlarged past its own size unless zoomed, then pixelated rather than
// smoothed, its size in pixels said; one that fails to load says so), text, a table, pretty JSON, a player. Markdown is MarkdownView.
// A table is cut to its first rows and columns (a CSV of 400,000 columns crashed the window), and
// its rows drawn as a window on them.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { zoomStep, type PageZoom } from './page-layout';
import { SKWIR_SHOWN_LIMITS } from '../../../src-shared/skwir/limits';
import { useListWindow } from '../list-window';
import { useWords } from '../use-words';
import { delimiterOf, readDelimited } from './delimited-table';
import { useFittedPicture, type FittedPicture } from './use-fitted-picture';

/** The most rows a table lays out: more would make the window slow to scroll. */
export const TABLE_SHOWN_ROWS = 1_000;
/** The most columns a table lays out, as of an inspection. */
export const TABLE_SHOWN_COLUMNS = SKWIR_SHOWN_LIMITS.cells;

/** `onError`: the picture did not load (the host may no longer serve it). */
export function PictureView({ url, name, onError }: { url: string; name: string; onError?: () => void }) {
  const words = useWords();
  const [zoom, setZoom] = useState<PageZoom>('fit');
  const [loaded, setLoaded] = useState<{ url: string; width: number; height: number }>();
  const [failed, setFailed] = useState<string>();
  const room = useRef<HTMLDivElement>(null);
  const fitted = useFittedPicture(url, name, room);
  const own = fitted.state === 'fitted' ? fitted.own : loaded?.url === url ? loaded : undefined;
  // What it is shown at now: the zoom, or the fitted picture's share of its own width.
  const shownScale = () => {
    const shown = room.current?.firstElementChild;
    return zoom !== 'fit' ? zoom : own && shown ? shown.clientWidth / own.width || 1 : 1;
  };
  const size = zoom !== 'fit' && own ? { width: Math.round(own.width * zoom), height: Math.round(own.height * zoom) } : undefined;
  const toggle = () => setZoom(zoom === 'fit' ? 1 : 'fit');
  const gone = fitted.state === 'gone';
  useEffect(() => {
    if (gone) onError?.();
  }, [gone, onError]);
  if (fitted.state === 'broken' || failed === url) {
    return (
      <p className="converted-note problem" role="alert">
        {words.pictureNotShown}
      </p>
    );
  }
  const common = { alt: name, title: zoom === 'fit' ? words.showActualSize : words.fitToWindow, onClick: toggle };
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
      <div className="picture-room" ref={room}>
        {/* The buttons above do the same from the keyboard. Fitted, a big PNG is the pixels read at
            the size shown (use-fitted-picture.ts); at its own size or zoomed, the file itself. */}
        {fitted.state === 'fitted' && zoom === 'fit' ? (
          <FittedCanvas picture={fitted} label={name} title={common.title} onClick={toggle} />
        ) : (fitted.state === 'reading' || fitted.state === 'gone') && zoom === 'fit' ? (
          <p className="converted-note muted" role="status">
            {words.readingConverted}
          </p>
        ) : (
          <img
            src={url}
            {...common}
            style={size}
            onLoad={(event) => {
              const img = event.currentTarget;
              setLoaded({ url, width: img.naturalWidth, height: img.naturalHeight });
              // Chromium fires load once it read a PNG's header and draws nothing of rows it cannot
              // decode (decode() resolves all the same); a bitmap of one pixel fails for it. Asked only
              // of a picture the page did not read itself, which it knows decodes.
              if (fitted.state === 'fitted' || typeof createImageBitmap !== 'function') return void (img.dataset.drawn = '');
              createImageBitmap(img, 0, 0, 1, 1).then(
                (pixel) => {
                  pixel.close();
                  img.dataset.drawn = '';
                },
                () => img.isConnected && setFailed(url),
              );
            }}
            onError={() => {
              setFailed(url);
              onError?.();
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The fitted pixels drawn at their size in device pixels, shown at that size in CSS pixels. */
function FittedCanvas(props: { picture: Extract<FittedPicture, { state: 'fitted' }>; label: string; title: string; onClick: () => void }) {
  const { picture, label, title, onClick } = props;
  const drawn = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const element = drawn.current;
    if (!element) return;
    element.getContext('2d')?.putImageData(picture.pixels, 0, 0);
    element.dataset.drawn = '';
  }, [picture]);
  const { width, height } = picture.size;
  return (
    <canvas
      ref={drawn}
      role="img"
      aria-label={label}
      title={title}
      width={width}
      height={height}
      style={{ width: width / devicePixelRatio, aspectRatio: `${width} / ${height}` }}
      onClick={onClick}
    />
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
