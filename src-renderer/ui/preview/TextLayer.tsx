// A page's text over its picture, invisible but there to select and copy as on a PDF page: each run
// placed by its fractions of the page, each character in a box from the run's edges (equal parts of
// the run when it has none). A selection is painted over the glyphs, not their boxes: each character
// is set in a monospaced font at the size whose advance fills its box, so the selection follows
// every box edge to edge without measuring a glyph.
import { memo } from 'react';
import type { TextRun } from '../../../src-shared/skwir/types';
import { characterEdges } from './page-text';

/** A monospaced font's advance, in ems (0.6 for DejaVu Sans Mono, Menlo, SF Mono; 0.55 for Consolas). */
const MONO_ADVANCE = 0.6;

/** A fraction as a CSS percentage, without the float's noise (20%, not 19.999999999999996%). */
export const percent = (fraction: number): string => `${Math.round(fraction * 1e6) / 1e4}%`;

interface RunProps {
  page: number;
  index: number;
  run: TextRun;
  pageWidth: number;
  pageHeight: number;
}

function Run({ page, index, run, pageWidth, pageHeight }: RunProps) {
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
        lineHeight: `${lineHeight}px`,
      }}
    >
      {[...run.text].map((character, i) => {
        const box = Math.max(0, edges[i + 1]! - edges[i]!);
        const fontSize = Math.round(((box * pageWidth) / MONO_ADVANCE) * 100) / 100;
        return (
          <span key={i} className="reader-character" style={{ width: percent(box / width), fontSize: `${fontSize}px` }}>
            {character}
          </span>
        );
      })}
    </span>
  );
}

export const TextLayer = memo(function TextLayer(props: { page: number; runs: readonly TextRun[]; pageWidth: number; pageHeight: number }) {
  return (
    <div className="reader-text">
      {props.runs.map((run, i) => (
        <Run key={i} page={props.page} index={i} run={run} pageWidth={props.pageWidth} pageHeight={props.pageHeight} />
      ))}
    </div>
  );
});
