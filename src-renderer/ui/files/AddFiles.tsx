// Giving files to a plugin: a path typed in, files chosen with the system's picker, or files dropped
// anywhere on the Files tab (DropZone gives them here). Each path is judged by the host as it is
// added; what was refused is listed with why, in the person's words.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { pluginFileSelectors } from '../../store/plugin-files-selectors';
import type { AddRefusal } from '../../store/plugin-files-slice';
import { useAppStore } from '../../store/store-context';
import type { Words } from '../../words/words';
import { useWords } from '../use-words';
import { giveDropped } from './dropped-items';

export function refusalText(words: Words, refusal: AddRefusal): string {
  const { plugin } = words;
  switch (refusal.why.code) {
    case 'path':
      return plugin.fileNotAdded(refusal.name, plugin.givenFile(refusal.why.problem));
    case 'tooBig':
      return plugin.fileTooBig(refusal.name);
    case 'noPath':
      return plugin.fileNotAdded(refusal.name, plugin.noPath);
    case 'folder':
      return plugin.folderNotGiven(refusal.name);
    case 'notKept':
      return plugin.fileNotAdded(refusal.name, refusal.why.problem);
  }
}

/** The Files tab's path field and picker, over what the tab holds. */
export function AddFiles({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  const words = useWords();
  const addFiles = useAppStore((s) => s.addFiles);
  const filesComing = useAppStore((s) => s.filesComing);
  const adding = useAppStore(pluginFileSelectors.adding(pluginId));
  const [draft, setDraft] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const helpId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    void addFiles(pluginId, [draft.trim()]);
    setDraft('');
  };

  const picked = async (files: File[]) => {
    filesComing(pluginId, files.length);
    const given = await giveDropped(files.map((file) => ({ kind: 'file', file })));
    await addFiles(pluginId, given.paths, { announced: files.length, refused: given.refused });
  };

  return (
    <div className="files-drop">
      <form className="add-files" aria-label={words.plugin.addFiles} onSubmit={submit}>
        <label htmlFor={fieldId}>{words.plugin.filePath}</label>
        <input
          id={fieldId}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          placeholder={words.plugin.filePathPlaceholder}
          aria-describedby={helpId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button" disabled={draft.trim() === ''}>
          {words.plugin.add}
        </button>
        <button type="button" className="button" onClick={() => picker.current?.click()}>
          {words.plugin.chooseFiles}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-label={words.plugin.chooseFiles}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void picked(files);
          }}
        />
        {adding.pending > 0 && (
          <span role="status" className="muted">
            {words.plugin.adding}
          </span>
        )}
        <span id={helpId} className="hint add-files-help">
          {words.plugin.addFilesHelp}
        </span>
      </form>
      {adding.refused.length > 0 && (
        <div role="alert" className="problem add-problems">
          <ul>
            {adding.refused.map((refusal, index) => (
              <li key={index}>{refusalText(words, refusal)}</li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </div>
  );
}
