// A page's text over its picture, invisible but there to select and copy as on a PDF page: each run
// placed by its fractions of the page, each character in a box from the run's edges (equal parts of
// the run when it has none). A selection is painted over the glyphs, not their boxes, so the text is
// set in a monospaced font at the size whose advance fills each box: the selection then follows every
// box edge to edge. A run whose characters are evenly spaced (every run without edges) is one span at
// one size; only a run of uneven characters needs a span a character.
import { memo } from 'react';
import type { TextRun } from '../../../src-shared/skwir/types';
import { characterEdges } from './page-text';

let advance: number | undefined;

/** The monospaced font's advance in ems, measured once where there is a canvas (0.6 for most). */
function monoAdvance(): number {
  if (advance === undefined) {
    const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
    if (context) {
      const stack = getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace';
      context.font = `100px ${stack}`;
      advance = context.measureText('0').width / 100 || 0.6;
    } else advance = 0.6;
  }
  return advance;
}

/** A fraction as a CSS percentage, without the float's noise (20%, not 19.999999999999996%). */
export const percent = (fraction: number): string => `${Math.round(fraction * 1e6) / 1e4}%`;

const pixels = (value: number) => `${Math.round(value * 100) / 100}px`;

/** Every character's box within 1% of the others'. */
function evenlySpaced(edges: readonly number[]): boolean {
  const mean = (edges[edges.length - 1]! - edges[0]!) / (edges.length - 1);
  return edges.every((edge, i) => i === 0 || Math.abs(edge - edges[i - 1]! - mean) <= mean * 0.01);
}

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
  const characters = [...run.text];
  const sizeFor = (box: number) => pixels((box * pageWidth) / monoAdvance());
  const even = characters.length > 0 && evenlySpaced(edges);
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
        lineHeight: pixels(run.height * pageHeight),
        ...(even ? { fontSize: sizeFor(width / characters.length) } : {}),
      }}
    >
      {even
        ? run.text
        : characters.map((character, i) => {
            const box = Math.max(0, edges[i + 1]! - edges[i]!);
            return (
              <span key={i} className="reader-character" style={{ width: percent(box / width), fontSize: sizeFor(box) }}>
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
