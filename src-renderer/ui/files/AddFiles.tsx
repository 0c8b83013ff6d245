// Giving files to a plugin: a path typed in, or files dropped anywhere on the Files tab. The desktop
// app knows a dropped file's path; in the test bed's browser the file's bytes go to the test bed,
// which keeps a copy and answers its path.
import { useId, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { maxDroppedFileBytes } from '../../../src-shared/host-wire';
import { desktopBridge, pathOfDroppedFile } from '../../desktop-bridge';
import { useAppStore } from '../../store/store-context';
import { uploadDroppedFile } from '../../transport/dropped-upload';
import type { Words } from '../../words/words';
import { useWords } from '../use-words';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** The path of a dropped file, or why it has none. */
async function droppedPath(words: Words, file: File): Promise<{ path: string } | { problem: string }> {
  const known = pathOfDroppedFile(file);
  if (known) return { path: known };
  if (desktopBridge()) return { problem: words.plugin.fileNotAdded(file.name, words.plugin.noPath) };
  if (file.size > maxDroppedFileBytes) return { problem: words.plugin.fileTooBig(file.name) };
  const upload = await uploadDroppedFile(file);
  return upload.ok ? { path: upload.path } : { problem: words.plugin.fileNotAdded(file.name, upload.problem) };
}

/** The Files tab's drop target and its path field; drops inside it never reach the window's (which installs). */
export function AddFiles({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  const words = useWords();
  const addFiles = useAppStore((s) => s.addFiles);
  const [draft, setDraft] = useState('');
  const [over, setOver] = useState(0);
  const [adding, setAdding] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const fieldId = useId();
  const helpId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    addFiles(pluginId, [draft.trim()]);
    setDraft('');
    setProblems([]);
  };

  const onDrop = async (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    setOver(0);
    const files = [...event.dataTransfer.files];
    setAdding((n) => n + files.length);
    const found = await Promise.all(files.map((file) => droppedPath(words, file).finally(() => setAdding((n) => n - 1))));
    addFiles(
      pluginId,
      found.flatMap((item) => ('path' in item ? [item.path] : [])),
    );
    setProblems(found.flatMap((item) => ('problem' in item ? [item.problem] : [])));
  };

  const hold = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
  };

  return (
    <div
      className="files-drop"
      data-over={over > 0 || undefined}
      onDragEnter={(event) => {
        hold(event);
        if (carriesFiles(event)) setOver((n) => n + 1);
      }}
      onDragOver={hold}
      onDragLeave={(event) => {
        event.stopPropagation();
        setOver((n) => Math.max(0, n - 1));
      }}
      onDrop={(event) => void onDrop(event)}
    >
      <form className="add-files" aria-label={words.plugin.addFiles} onSubmit={submit}>
        <label htmlFor={fieldId}>{words.plugin.filePath}</label>
        <input
          id={fieldId}
          type="text"
          value={draft}
          placeholder={words.plugin.filePathPlaceholder}
          aria-describedby={helpId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button" disabled={draft.trim() === ''}>
          {words.plugin.add}
        </button>
        {adding > 0 && (
          <span role="status" className="muted">
            {words.plugin.adding}
          </span>
        )}
        <span id={helpId} className="hint add-files-help">
          {words.plugin.addFilesHelp}
        </span>
      </form>
      {problems.length > 0 && (
        <ul role="alert" className="problem add-problems">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
      {children}
      {over > 0 && (
        <div className="drop-overlay" aria-hidden="true">
          <p>{words.plugin.dropFiles}</p>
        </div>
      )}
    </div>
  );
}
