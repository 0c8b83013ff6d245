// A page's text over its picture, invisible but there to select and copy as on a PDF page: each run
// placed by its fractions of the page, each character in a box from the run's edges (equal parts of
// the run when it has none), sized to the run's height.
import { memo } from 'react';
import type { TextRun } from '../../../src-shared/skwir/types';
import { characterEdges } from './page-text';

/** A fraction as a CSS percentage, without the float's noise (20%, not 19.999999999999996%). */
export const percent = (fraction: number): string => `${Math.round(fraction * 1e6) / 1e4}%`;

function Run({ page, index, run, pageHeight }: { page: number; index: number; run: TextRun; pageHeight: number }) {
  const edges = characterEdges(run);
  const left = edges[0]!;
  const width = Math.max(1e-6, edges[edges.length - 1]! - left);
  const lineHeight = run.height * pageHeight;
  return (
    <span
      className="reader-run"
      data-page={page}
      data-run={index}
      style={{
        left: percent(left),
        top: percent(run.y),
        width: percent(width),
        height: percent(run.height),
        fontSize: `${lineHeight * 0.8}px`,
        lineHeight: `${lineHeight}px`,
      }}
    >
      {[...run.text].map((character, i) => (
        <span key={i} className="reader-character" style={{ width: percent(Math.max(0, edges[i + 1]! - edges[i]!) / width) }}>
          {character}
        </span>
      ))}
    </span>
  );
}

export const TextLayer = memo(function TextLayer({ page, runs, pageHeight }: { page: number; runs: readonly TextRun[]; pageHeight: number }) {
  return (
    <div className="reader-text">
      {runs.map((run, i) => <Run key={i} page={page} index={i} run={run} pageHeight={pageHeight} />)}
    </div>
  );
});
