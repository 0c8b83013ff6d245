// The chosen file's preview, by what the plugin declares for it: a converted file, pages to read,
// an inspection, or nothing. What is still being asked shows after 300 ms with a Cancel button; a
// failure's message shows where the answer would be.
import { useId, useRef, type CSSProperties } from 'react';
import type { PluginDetails } from '../../../src-shared/host-api';
import { fileName } from '../../file-path';
import { pluginPreviewSelectors, type FilePreview as Preview } from '../../store/plugin-preview-slice';
import { useAppStore } from '../../store/store-context';
import { pluginFailureText } from '../../words/plugin-answer';
import { ConvertedFileView } from '../preview/ConvertedFileView';
import { PageReader } from '../preview/PageReader';
import { useWords } from '../use-words';
import { AnswerNote } from './AnswerNote';
import { CallProgress } from './CallProgress';
import { InspectView } from './InspectView';
import { usePageSource } from './page-source';
import { useRoomHeight } from './use-room-height';

export function FilePreview({ pluginId, details }: { pluginId: string; details: PluginDetails }) {
  const words = useWords();
  const preview = useAppStore(pluginPreviewSelectors.preview(pluginId));
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const room = useRoomHeight(section, preview !== undefined);
  if (!preview) return <p className="muted">{words.plugin.chooseToPreview}</p>;
  // The reader and a picture take the tab's height, whatever sits above them.
  const style = room === undefined ? undefined : ({ '--preview-height': `${room}px` } as CSSProperties);
  return (
    <section ref={section} className="file-preview" aria-labelledby={headingId} data-kind={preview.kind} style={style}>
      <h2 id={headingId} className="section-title">
        {words.plugin.previewOf(fileName(preview.path))}
      </h2>
      <PreviewBody pluginId={pluginId} preview={preview} network={details.capabilities.includes('network')} />
    </section>
  );
}

function PreviewBody({ pluginId, preview, network }: { pluginId: string; preview: Preview; network: boolean }) {
  const words = useWords();
  const cancel = useAppStore((s) => s.cancelPluginCall);
  switch (preview.kind) {
    case 'nothing':
      return <p className="muted">{words.plugin.noPreview}</p>;
    case 'inspect':
      return preview.inspect ? <InspectView pluginId={pluginId} inspect={preview.inspect} /> : null;
    case 'pages':
      return <Pages key={preview.path} pluginId={pluginId} path={preview.path} network={network} />;
    case 'convert': {
      const call = preview.convert;
      if (!call || call.status === 'waiting') return null;
      if (call.status === 'running') {
        return <CallProgress key={call.callId} callId={call.callId} pluginId={pluginId} startedAt={call.startedAt} onCancel={() => void cancel(call.callId)} />;
      }
      const answer = call.answer;
      if (!answer.ok)
        return (
          <p role="alert" className="problem preview-failure">
            {pluginFailureText(words, answer)}
          </p>
        );
      if (answer.answer) {
        return (
          <>
            <ConvertedFileView file={answer.answer} />
            <AnswerNote answer={answer} />
          </>
        );
      }
      if (preview.pagesAfterConvert) return <Pages key={preview.path} pluginId={pluginId} path={preview.path} network={network} />;
      return <p className="muted">{words.plugin.nothingToShow}</p>;
    }
  }
}

function Pages({ pluginId, path, network }: { pluginId: string; path: string; network: boolean }) {
  const source = usePageSource(pluginId, path);
  return <PageReader source={source} network={network} />;
}
