// One page of inspection as its kind says: text as paragraphs, code as numbered monospaced lines,
// hex as offset, bytes and characters columns, a table as rows in a tree (indented by depth, a
// branch folds what is below it). A row with a target opens it. The row a search found is marked
// and scrolled into view.
import { useLayoutEffect, useRef, useState } from 'react';
import type { CheckedInspection } from '../../../src-shared/skwir/answers';
import { useWords } from '../use-words';

type Row = CheckedInspection['rows'][number];

/** The row a position stands for: in hex, the row holding that offset (its first cell, in hex); else the row's index. */
export function foundRow(inspection: CheckedInspection, position: number): number | undefined {
  if (inspection.kind !== 'hex') return position;
  let found: number | undefined;
  inspection.rows.forEach((row, index) => {
    const offset = parseInt(row.cells[0] ?? '', 16);
    if (Number.isFinite(offset) && offset <= position) found = index;
  });
  return found;
}

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

export function InspectionBody(props: { inspection: CheckedInspection; found?: number; onOpen: (target: unknown) => void }) {
  const { inspection, found } = props;
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (found !== undefined) ref.current?.querySelector<HTMLElement>('[data-found]')?.scrollIntoView?.({ block: 'nearest' });
  }, [inspection, found]);
  const text = inspection.text;
  return (
    <div ref={ref} className={`inspection inspection-${inspection.kind}`} data-kind={inspection.kind}>
      {inspection.kind === 'code' ? (
        <CodeLines lines={text} found={found} />
      ) : (
        text.map((paragraph, index) => (
          <p key={index} className="inspection-paragraph" data-found={found === index && inspection.rows.length === 0 ? true : undefined}>
            {paragraph}
          </p>
        ))
      )}
      {inspection.rows.length > 0 && (
        <RowsTable inspection={inspection} found={text.length === 0 || inspection.kind === 'hex' ? found : undefined} onOpen={props.onOpen} />
      )}
    </div>
  );
}

function CodeLines({ lines, found }: { lines: string[]; found?: number }) {
  const words = useWords();
  return (
    <table className="code-lines">
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{words.plugin.lineNumber}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} data-found={found === index || undefined}>
            <td className="line-number">{index + 1}</td>
            <td className="line-text">
              <code>{line}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RowsTable({ inspection, found, onOpen }: { inspection: CheckedInspection; found?: number; onOpen: (target: unknown) => void }) {
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
  const width = Math.max(columns.length, ...inspection.rows.map((row) => row.cells.length));
  return (
    <table className="inspection-rows">
      {columns.length > 0 && (
        <thead>
          <tr>
            {Array.from({ length: width }, (_, index) => (
              <th key={index} scope="col">
                {columns[index] ?? ''}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {visibleRows(inspection.rows, folded).map((index) => {
          const row = inspection.rows[index]!;
          return (
            <tr key={index} data-depth={row.depth} data-found={found === index || undefined}>
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
                  ) : (
                    (row.cells[cell] ?? '')
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
