// The files given to a plugin, each with its thumbnail and the fields that serve it, filled in as
// the plugin answers. A list box that chooses several: click chooses one, Ctrl- or Cmd-click adds
// or takes one away, Shift-click a range; the arrow keys move (Shift: extend), Space toggles,
// Ctrl-A chooses all. The file moved to last is the one whose preview shows. A row holds nothing a
// person can press (an option may not): its check mark is drawn, and the Cancel of a file's slow asks
// is under the list. A long list (a folder of 5,000 files) is drawn as a window on it (list-window.ts).
import { memo, useId, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PluginDetails } from '../../../src-shared/host-api';
import type { PluginCall } from '../../store/plugin-call';
import type { ChooseHow } from '../../store/file-choices';
import { pluginFileSelectors } from '../../store/plugin-files-selectors';
import { THUMBNAIL_SIDE } from '../../store/file-asking';
import type { PluginFile } from '../../store/plugin-files-slice';
import { fieldsServing } from '../../store/plugin-serving';
import { useAppStore } from '../../store/store-context';
import { distinctNames } from '../../file-path';
import { fieldValueText, pluginFailureText } from '../../words/plugin-answer';
import { useListWindow } from '../list-window';
import { useWords } from '../use-words';
import { CallProgress, useSlowCall } from './CallProgress';

/** A row's height before it is measured: a name and a line of fields. */
const ROW_HEIGHT = 46;

export function FileList({ pluginId, details }: { pluginId: string; details: PluginDetails }) {
  const words = useWords();
  const files = useAppStore(pluginFileSelectors.files(pluginId));
  const choice = useAppStore(pluginFileSelectors.choice(pluginId));
  const { chooseFile, chooseAllFiles, removeFiles, askFilesAgain } = useAppStore(
    useShallow((s) => ({ chooseFile: s.chooseFile, chooseAllFiles: s.chooseAllFiles, removeFiles: s.removeFiles, askFilesAgain: s.askFilesAgain })),
  );
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const thumbnails = details.previews.some((preview) => preview.thumbnails);
  // Files of the same name are told apart by the folders above them.
  const names = useMemo(() => distinctNames(files.map((file) => file.path)), [files]);
  const shown = useListWindow(files.length, scrollerRef, listRef, thumbnails ? ROW_HEIGHT + 12 : ROW_HEIGHT);
  if (files.length === 0) return <p className="muted files-empty">{words.plugin.noFiles}</p>;

  // A row out of the window is drawn once it is scrolled to, in the next frame.
  const focusFile = (path: string, index: number) => {
    const row = () => listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
    if (row()) return row()?.focus();
    shown.scrollTo(index);
    requestAnimationFrame(() => row()?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const paths = files.map((file) => file.path);
    const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-path]')?.dataset.path ?? choice.current;
    const from = Math.max(0, paths.indexOf(focused ?? ''));
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      return chooseAllFiles(pluginId);
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      return chooseFile(pluginId, paths[from]!, event.key === ' ' ? 'toggle' : 'only');
    }
    // In a row (thumbnails) the arrows across move too.
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      ...(thumbnails ? { ArrowRight: from + 1, ArrowLeft: from - 1 } : {}),
      Home: 0,
      End: paths.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = Math.min(Math.max(target, 0), paths.length - 1);
    chooseFile(pluginId, paths[index]!, event.shiftKey ? 'range' : 'only');
    focusFile(paths[index]!, index);
  };

  // The current file's row takes the tab; out of the window, the first row drawn does.
  const current = files.findIndex((file) => file.path === choice.current);
  const focusIndex = shown.indices.includes(current) ? current : (shown.indices[0] ?? 0);
  const chosen = new Set(choice.chosen);
  return (
    <div className="file-list-box">
      <div className="file-list-bar">
        <button type="button" className="button small" onClick={() => chooseAllFiles(pluginId)}>
          {words.plugin.chooseAll}
        </button>
        <button type="button" className="button small" disabled={choice.chosen.length === 0} onClick={() => removeFiles(pluginId, choice.chosen)}>
          {words.plugin.removeChosen}
        </button>
        <button type="button" className="button small" onClick={() => void askFilesAgain(pluginId)}>
          {words.plugin.askAgain}
        </button>
        <span id={hintId} className="hint">
          {words.plugin.chooseHint}
        </span>
      </div>
      <div ref={scrollerRef} className="file-list-scroller">
        <ul
          ref={listRef}
          className="file-list"
          role="listbox"
          aria-multiselectable="true"
          aria-orientation={thumbnails ? 'horizontal' : 'vertical'}
          data-layout={thumbnails ? 'row' : 'column'}
          aria-label={words.plugin.filesList}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
        >
          {shown.before > 0 && <li role="none" aria-hidden="true" style={{ height: shown.before }} />}
          {shown.indices.map((index) => {
            const file = files[index]!;
            return (
              <FileRow
                key={file.path}
                index={index}
                count={files.length}
                measure={shown.measure}
                pluginId={pluginId}
                details={details}
                file={file}
                label={names.get(file.path) ?? file.name}
                chosen={chosen.has(file.path)}
                current={file.path === choice.current}
                tabbable={index === focusIndex}
                thumbnails={thumbnails}
              />
            );
          })}
          {shown.after > 0 && <li role="none" aria-hidden="true" style={{ height: shown.after }} />}
        </ul>
      </div>
      <SlowAsksOfFiles pluginId={pluginId} files={files} names={names} />
    </div>
  );
}

/**
 * The files whose asks run past 300 ms, each with its Cancel: one subscription for the list, which
 * finds them (a component per file was thousands of subscriptions, each run at every answer).
 */
function SlowAsksOfFiles({ pluginId, files, names }: { pluginId: string; files: readonly PluginFile[]; names: ReadonlyMap<string, string> }) {
  const asking = useMemo(() => pluginFileSelectors.filesAsking(pluginId, files), [pluginId, files]);
  const running = useAppStore(useShallow(asking));
  return (
    <div className="file-asks">
      {running.map((file) => (
        <SlowAsks key={file.path} pluginId={pluginId} file={file} label={names.get(file.path) ?? file.name} />
      ))}
    </div>
  );
}

/** A file whose fields or thumbnail are still asked after 300 ms: what is asked, and its Cancel. */
function SlowAsks({ pluginId, file, label }: { pluginId: string; file: PluginFile; label: string }) {
  const words = useWords();
  const runningSince = useAppStore(pluginFileSelectors.asksRunningSince(pluginId, file.path));
  const runningCall = useAppStore(pluginFileSelectors.oldestRunningCall(pluginId, file.path));
  const cancelFileAsks = useAppStore((s) => s.cancelFileAsks);
  if (runningSince === undefined) return null;
  return (
    <CallProgress
      key={runningSince}
      startedAt={runningSince}
      callId={runningCall}
      pluginId={pluginId}
      label={words.plugin.askingAbout(label)}
      onCancel={() => cancelFileAsks(pluginId, file.path)}
    />
  );
}

/** In the row, a bar only: what it stands for is said, with its Cancel, under the list. */
function RowBusy({ startedAt }: { startedAt: number }) {
  const slow = useSlowCall(startedAt);
  return slow ? <progress className="call-bar file-progress" aria-hidden="true" /> : null;
}

const howOf = (event: MouseEvent): ChooseHow => (event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'only');

const FileRow = memo(function FileRow({
  measure,
  ...props
}: {
  index: number;
  count: number;
  measure: ((element: Element | null) => void) | undefined;
  pluginId: string;
  details: PluginDetails;
  file: PluginFile;
  /** Its name, or as much of its path as tells it from another of the same name. */
  label: string;
  chosen: boolean;
  current: boolean;
  tabbable: boolean;
  thumbnails: boolean;
}) {
  const words = useWords();
  const { pluginId, file } = props;
  const asks = useAppStore(pluginFileSelectors.fileAsks(pluginId, file.path));
  const runningSince = useAppStore(pluginFileSelectors.asksRunningSince(pluginId, file.path));
  const chooseFile = useAppStore((s) => s.chooseFile);
  const choose = (how: ChooseHow) => chooseFile(pluginId, file.path, how);
  const fieldsId = useId();
  const fields = fieldsServing(props.details, file.path);
  return (
    <li
      ref={measure}
      data-index={props.index}
      role="option"
      className="file-row"
      aria-setsize={props.count}
      aria-posinset={props.index + 1}
      aria-selected={props.chosen}
      aria-label={props.label}
      aria-describedby={fieldsId}
      tabIndex={props.tabbable ? 0 : -1}
      data-path={file.path}
      data-current={props.current || undefined}
      onClick={(event) => choose(howOf(event))}
    >
      {/* A click on the mark adds the file to the chosen or takes it away; the keys do it with Space. */}
      <span
        className="file-check"
        aria-hidden="true"
        title={words.plugin.chooseFile(props.label)}
        onClick={(event) => {
          event.stopPropagation();
          choose('toggle');
        }}
      />
      {props.thumbnails && <Thumbnail call={asks?.thumbnail} name={props.label} />}
      <span className="file-text">
        <span className="file-name" title={file.path}>
          {props.label}
        </span>
        <span className="file-fields" id={fieldsId}>
          {fields.map((field) => (
            <FieldValue key={field.key} title={field.title} call={asks?.fields[field.key]} fieldKey={field.key} />
          ))}
          {asks?.thumbnail?.status === 'answered' && !asks.thumbnail.answer.ok && (
            <FieldValue title={words.plugin.thumbnail} call={asks.thumbnail} fieldKey="thumbnail" />
          )}
        </span>
      </span>
      {runningSince !== undefined && <RowBusy key={runningSince} startedAt={runningSince} />}
    </li>
  );
});

function FieldValue({ title, call, fieldKey }: { title: string; call: PluginCall<unknown> | undefined; fieldKey: string }) {
  const words = useWords();
  const answer = call?.status === 'answered' ? call.answer : undefined;
  const text = !answer ? '…' : answer.ok ? fieldValueText(words, answer.answer) : pluginFailureText(words, answer);
  const outcome = !answer ? 'asking' : answer.ok ? 'answered' : answer.outcome;
  return (
    <span className={`file-field field-${outcome}`} data-key={fieldKey} data-outcome={outcome} title={text}>
      {words.withDetail(title, text)}
    </span>
  );
}

function Thumbnail({ call, name }: { call: PluginCall<string | null> | undefined; name: string }) {
  const words = useWords();
  const style = { width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE };
  const answer = call?.status === 'answered' ? call.answer : undefined;
  if (answer?.ok && answer.answer) {
    return (
      <span className="file-thumbnail" style={style}>
        <img src={`data:image/png;base64,${answer.answer}`} alt={words.plugin.thumbnailOf(name)} />
      </span>
    );
  }
  const problem = answer && !answer.ok ? pluginFailureText(words, answer) : undefined;
  return (
    <span
      className={`file-thumbnail ${problem ? 'thumbnail-failed' : 'thumbnail-none'}`}
      style={style}
      title={problem}
      data-outcome={answer ? (answer.ok ? 'none' : answer.outcome) : 'asking'}
    >
      {problem ? '!' : ''}
    </span>
  );
}
