// One page of the reader: a box of the page's proportions at the column's width, holding its picture
// once drawn (a placeholder of the same size before), the matches of a search, the text layer, and
// the links as buttons over the boxes they cover.
import { memo } from 'react';
import type { PageLink } from '../../../src-shared/skwir/types';
import type { Words } from '../../words/words';
import type { PageBox } from './page-text';
import type { PageFailure, PageWords } from './page-store';
import { percent, TextLayer } from './TextLayer';

export interface PageMark extends PageBox {
  current: boolean;
}

export interface ReaderPageProps {
  page: number;
  top: number;
  left: number;
  width: number;
  height: number;
  /** Shown larger than its own size: its picture's pixels are drawn as squares, not smoothed. */
  enlarged: boolean;
  /** undefined: not drawn (yet, or released); null: the plugin drew none. */
  picture: string | null | undefined;
  words: PageWords | undefined;
  failure: PageFailure | undefined;
  marks: readonly PageMark[];
  onLink(link: PageLink): void;
  labels: Words;
}

const place = (box: PageBox) => ({ left: percent(box.x), top: percent(box.y), width: percent(box.width), height: percent(box.height) });

export const ReaderPage = memo(function ReaderPage(props: ReaderPageProps) {
  const { page, picture, words, failure, labels } = props;
  return (
    <div
      className="reader-page"
      role="group"
      aria-label={labels.pageLabel(page)}
      data-page={page}
      data-drawn={picture ? 'true' : 'false'}
      data-enlarged={props.enlarged || undefined}
      style={{ top: props.top, left: props.left, width: props.width, height: props.height }}
    >
      {picture ? (
        <img className="reader-picture" src={picture} alt="" draggable={false} decoding="async" />
      ) : (
        <span className="reader-placeholder" aria-hidden="true">
          {page}
        </span>
      )}
      {failure && <p className="reader-page-problem problem">{'failed' in failure ? labels.pageFailed(failure.failed) : labels.noPages}</p>}
      {props.marks.map((mark, i) => (
        <span key={i} className="reader-mark" data-current={mark.current} style={place(mark)} />
      ))}
      {words && words.text.length > 0 && <TextLayer page={page} runs={words.text} pageWidth={props.width} pageHeight={props.height} />}
      {words?.links.map((link, i) => (
        <button
          key={i}
          type="button"
          className="reader-link"
          style={place(link)}
          aria-label={link.page !== undefined ? labels.linkToPage(link.page) : labels.openLink(link.uri ?? '')}
          title={link.uri}
          onClick={() => props.onLink(link)}
        />
      ))}
    </div>
  );
});
