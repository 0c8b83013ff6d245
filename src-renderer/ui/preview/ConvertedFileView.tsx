// A file a plugin converted (docs/design/skwir.md), shown as its kind is shown (file-types.ts): a
// picture, text, Markdown, a table, JSON, a player; any other kind offered to save. Every kind can
// be saved from the header. The host serves it by URL, from an origin that runs nothing of it.
// Nothing the plugin gave runs: Markdown becomes React elements, and a kind that could hold a script
// (HTML, SVG) is served as plain bytes and only offered to save.
import { lazy, Suspense, type MouseEvent } from 'react';
import { useWords } from '../use-words';
import { CutNote, JsonView, MediaView, PictureView, TableView, TextView } from './converted-kinds';
import { ofAnotherOrigin, saveFetched } from './save-converted';
import { TEXT_SHOWN_BYTES, useConvertedFile, type ConvertedFile } from './use-converted-file';
import './preview.css';

// Markdown's renderer is most of the window's script by weight: loaded the first time one is shown.
const MarkdownView = lazy(() => import('./MarkdownView').then((module) => ({ default: module.MarkdownView })));

export function ConvertedFileView({ file }: { file: { name: string; bytes: number; url: string } }) {
  const words = useWords();
  const { converted, failedToLoad } = useConvertedFile(file);
  const save = (event: MouseEvent) => {
    if (!ofAnotherOrigin(file.url)) return;
    event.preventDefault();
    saveFetched(file.url, file.name).then(
      (saved) => saved === 'gone' && failedToLoad(),
      () => failedToLoad(),
    );
  };
  return (
    <section
      className="converted"
      aria-label={words.convertedFile(file.name)}
      data-state={converted.state}
      data-kind={converted.state === 'ready' ? converted.kind : undefined}
    >
      <header className="converted-header">
        <span className="converted-name">{file.name}</span>
        {converted.state === 'ready' && (
          <>
            <span className="converted-size muted">{words.fileSize(converted.bytes)}</span>
            <a className="button small" href={converted.url} download={file.name} aria-label={words.saveFile(file.name)} onClick={save}>
              {words.save}
            </a>
          </>
        )}
      </header>
      <ConvertedBody converted={converted} name={file.name} failedToLoad={failedToLoad} />
    </section>
  );
}

function ConvertedBody({ converted, name, failedToLoad }: { converted: ConvertedFile; name: string; failedToLoad: () => void }) {
  const words = useWords();
  if (converted.state === 'reading')
    return (
      <p className="converted-note muted" role="status">
        {words.readingConverted}
      </p>
    );
  if (converted.state === 'unreadable') {
    return (
      <p className="converted-note problem" role="alert">
        {words.convertedUnreadable(converted.problem)}
      </p>
    );
  }
  if (converted.state === 'gone') {
    return (
      <p className="converted-note problem" role="alert">
        {words.convertedGone}
      </p>
    );
  }
  if (converted.bytes === 0) return <p className="converted-note muted">{words.convertedEmpty}</p>;
  const { kind, url, text } = converted;
  const cut = text?.cut ? <CutNote shownBytes={TEXT_SHOWN_BYTES} totalBytes={converted.bytes} /> : null;
  switch (kind) {
    case 'picture':
      return <PictureView url={url} name={name} onError={failedToLoad} />;
    case 'audio':
    case 'video':
      return <MediaView kind={kind} url={url} name={name} onError={failedToLoad} />;
    case 'text':
      return (
        <>
          {cut}
          <TextView text={text?.text ?? ''} />
        </>
      );
    case 'markdown':
      return (
        <Suspense
          fallback={
            <p className="converted-note muted" role="status">
              {words.readingConverted}
            </p>
          }
        >
          {cut}
          <MarkdownView text={text?.text ?? ''} />
        </Suspense>
      );
    case 'table':
      return (
        <>
          {cut}
          <TableView text={text?.text ?? ''} name={name} />
        </>
      );
    case 'json':
      // Cut JSON does not parse: shown as the text it is.
      return cut ? (
        <>
          {cut}
          <TextView text={text?.text ?? ''} />
        </>
      ) : (
        <JsonView text={text?.text ?? ''} />
      );
    default:
      return <p className="converted-note">{words.notShownHere}</p>;
  }
}
