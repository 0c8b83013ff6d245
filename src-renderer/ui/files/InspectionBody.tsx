// One page of inspection as its kind says: text as paragraphs, code as numbered monospaced lines,
// hex as offset, bytes and characters columns, a table as rows in a tree (indented by depth, a
// branch folds what is below it). A row with a target opens it. What a search found is marked
// (found-bytes.ts: in hex the bytes themselves, in both columns) and scrolled into view. A long list
// is drawn as a window on it (list-window.ts), built by loops: no recursion, and no spread of a list
// into a call's arguments (one of 130,000 rows overflowed).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { CheckedInspection } from '../../../src-shared/skwir/answers';
import { useWords } from '../use-words';
import { useListWindow, type ListWindow } from '../list-window';
import { hexRowMarks, type Found, type MarkedCell } from './found-bytes';

type Row = CheckedInspection['rows'][number];

/** The rows shown: those below a folded branch are left out. */
export function visibleRows(rows: readonly Row[], folded: ReadonlySet<number>): number[] {
  const shown: number[] = [];
  let hiddenBelow: number | undefined;
  rows.forEach((row, index) => {
    if (hiddenBelow !== undefined && row.depth > hiddenBelow) return;
    hiddenBelow = folded.has(index) ? row.depth : undefined;
    shown.push(index);
  });
  return shown;
}

const hasTarget = (row: Row): boolean => row.target !== null && row.target !== undefined;

/** The widest row's count of cells, or the columns' when they are more. */
export function tableWidth(inspection: CheckedInspection): number {
  let width = inspection.columns.length;
  for (const row of inspection.rows) if (row.cells.length > width) width = row.cells.length;
  return width;
}

/** Rows drawn before their height is measured: one line of text. */
const LINE_PX = 20;

/**
 * Scrolls a long list (which draws only some of its items) to the item found, and the window to
 * the list's box: the short list's row found is scrolled into view as it is drawn.
 */
function useScrollToFound(found: number | undefined, shown: ListWindow, scroller: RefObject<HTMLElement | null>, page: unknown) {
  useEffect(() => {
    if (found === undefined || found < 0 || !shown.long) return;
    shown.scrollTo(found);
    scroller.current?.scrollIntoView?.({ block: 'nearest' });
    // The window is made anew each render; the page and the item found are what call for a scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, page]);
}

export function InspectionBody(props: {
  inspection: CheckedInspection;
  found?: Found;
  onOpen: (target: unknown) => void;
  scroller: RefObject<HTMLElement | null>;
}) {
  const { inspection, scroller } = props;
  const found = props.found?.row;
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (found !== undefined) ref.current?.querySelector<HTMLElement>('[data-found]')?.scrollIntoView?.({ block: 'nearest' });
  }, [inspection, found]);
  const text = inspection.text;
  return (
    <div ref={ref} className={`inspection inspection-${inspection.kind}`} data-kind={inspection.kind}>
      {inspection.kind === 'code' ? (
        <CodeLines lines={text} found={found} scroller={scroller} />
      ) : (
        text.length > 0 && <Paragraphs text={text} found={inspection.rows.length === 0 ? found : undefined} scroller={scroller} />
      )}
      {inspection.rows.length > 0 && (
        <RowsTable
          inspection={inspection}
          found={text.length === 0 || inspection.kind === 'hex' ? props.found : undefined}
          onOpen={props.onOpen}
          scroller={scroller}
        />
      )}
    </div>
  );
}

function Paragraphs({ text, found, scroller }: { text: string[]; found?: number; scroller: RefObject<HTMLElement | null> }) {
  const list = useRef<HTMLDivElement>(null);
  const shown = useListWindow(text.length, scroller, list, LINE_PX, 8);
  useScrollToFound(found, shown, scroller, text);
  return (
    <div ref={list} className="inspection-paragraphs" style={{ paddingTop: shown.before, paddingBottom: shown.after }}>
      {shown.indices.map((index) => (
        <p key={index} ref={shown.measure} data-index={index} className="inspection-paragraph" data-found={found === index ? true : undefined}>
          {text[index]}
        </p>
      ))}
    </div>
  );
}

/** A row standing for the rows not drawn, so the table is as tall as all of them. */
const Room = ({ height }: { height: number }) => (height > 0 ? <tr aria-hidden="true" className="list-room" style={{ height }} /> : null);

function CodeLines({ lines, found, scroller }: { lines: string[]; found?: number; scroller: RefObject<HTMLElement | null> }) {
  const words = useWords();
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useListWindow(lines.length, scroller, body, LINE_PX);
  useScrollToFound(found, shown, scroller, lines);
  return (
    <table className="code-lines" aria-rowcount={lines.length}>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{words.plugin.lineNumber}</th>
          <th scope="col">{words.plugin.lineText}</th>
        </tr>
      </thead>
      <tbody ref={body}>
        <Room height={shown.before} />
        {shown.indices.map((index) => (
          <tr key={index} ref={shown.measure} data-index={index} aria-rowindex={index + 1} data-found={found === index || undefined}>
            <td className="line-number">{index + 1}</td>
            <td className="line-text">
              <code>{lines[index]}</code>
            </td>
          </tr>
        ))}
        <Room height={shown.after} />
      </tbody>
    </table>
  );
}

/** A cell with the bytes (or characters) found marked. */
const Marked = ({ cell }: { cell: MarkedCell }) => (
  <>
    {cell.before}
    <mark data-found>{cell.marked}</mark>
    {cell.after}
  </>
);

function RowsTable(props: { inspection: CheckedInspection; found?: Found; onOpen: (target: unknown) => void; scroller: RefObject<HTMLElement | null> }) {
  const { inspection, onOpen } = props;
  const found = props.found?.row;
  const foundBytes = inspection.kind === 'hex' ? props.found?.bytes : undefined;
  const words = useWords();
  // Folds belong to the page they were made on.
  const [folds, setFolds] = useState<{ rows: Row[]; folded: Set<number> }>({ rows: inspection.rows, folded: new Set() });
  const folded = folds.rows === inspection.rows ? folds.folded : new Set<number>();
  const toggle = (index: number) => {
    const next = new Set(folded);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setFolds({ rows: inspection.rows, folded: next });
  };
  const columns = inspection.columns;
  const width = tableWidth(inspection);
  const visible = visibleRows(inspection.rows, folded);
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useListWindow(visible.length, props.scroller, body, LINE_PX);
  useScrollToFound(found === undefined ? undefined : visible.indexOf(found), shown, props.scroller, inspection);
  const head = columns.length > 0 ? 1 : 0;
  return (
    <table className="inspection-rows" aria-rowcount={visible.length + head}>
      {columns.length > 0 && (
        <thead>
          <tr aria-rowindex={1}>
            {Array.from({ length: width }, (_, index) => (
              <th key={index} scope="col">
                {columns[index] ?? ''}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody ref={body}>
        <Room height={shown.before} />
        {shown.indices.map((position) => {
          const index = visible[position]!;
          const row = inspection.rows[index]!;
          // The bytes found are marked themselves; the whole row only when they cannot be told apart in it.
          const marks = foundBytes ? hexRowMarks(row.cells, foundBytes) : undefined;
          const marked = typeof marks === 'object' ? [undefined, marks.bytes, marks.characters] : [];
          return (
            <tr
              key={index}
              ref={shown.measure}
              data-index={position}
              aria-rowindex={position + head + 1}
              data-depth={row.depth}
              data-found={(found === index && (!foundBytes || marks === 'unread')) || undefined}
            >
              {Array.from({ length: width }, (_, cell) => (
                <td key={cell} style={cell === 0 && row.depth > 0 ? { paddingLeft: `${row.depth * 1.25 + 0.4}em` } : undefined}>
                  {cell === 0 && row.branch && (
                    <button
                      type="button"
                      className="disclosure-button"
                      aria-expanded={!folded.has(index)}
                      aria-label={words.plugin.rowsInside}
                      onClick={() => toggle(index)}
                    >
                      {folded.has(index) ? '▸' : '▾'}
                    </button>
                  )}
                  {cell === 0 && hasTarget(row) ? (
                    <button type="button" className="link-button" onClick={() => onOpen(row.target)}>
                      {row.cells[0] ?? ''}
                    </button>
                  ) : marked[cell] ? (
                    <Marked cell={marked[cell]} />
                  ) : (
                    (row.cells[cell] ?? '')
                  )}
                </td>
              ))}
            </tr>
          );
        })}
        <Room height={shown.after} />
      </tbody>
    </table>
  );
}
