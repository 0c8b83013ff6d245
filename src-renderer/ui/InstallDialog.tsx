// Install... : the folder's path, typed or pasted; in the desktop app also chosen with a picker.
import { useId, useRef, useState, type FormEvent } from 'react';
import { desktopBridge, pathOfChosenFolder } from '../desktop-bridge';
import { toolSelectors } from '../store/tools-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { Dialog } from './Dialog';
import { InstallVerdictView } from './InstallVerdictView';
import { useWords } from './use-words';

export function InstallDialog() {
  const words = useWords();
  const reason = useAppStore(uiSelectors.installDialogReason);
  const offer = useAppStore(uiSelectors.installDialogOffer);
  const install = useAppStore(toolSelectors.install);
  const installFolder = useAppStore((s) => s.installFolder);
  const close = useAppStore((s) => s.closeInstallDialog);
  const [folder, setFolder] = useState(offer?.path ?? (install.status === 'idle' ? '' : install.folder));
  const [tried, setTried] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const canPick = desktopBridge()?.pathForFile !== undefined;
  const installing = install.status === 'installing';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const path = folder.trim();
    if (path === '' || installing) return;
    setTried(true);
    const verdict = await installFolder(path);
    if (verdict.ok) close();
  };

  return (
    <Dialog
      title={words.installDialogTitle}
      onCancel={close}
      initialFocus={field}
      description={
        <>
          {offer && <p className="note">{words.plugin.folderToInstall(offer.name)}</p>}
          {reason === 'dropNeedsPath' && <p className="note">{words.dropNeedsPath}</p>}
          <p>{words.installDialogHelp}</p>
        </>
      }
    >
      <form className="install-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={id}>{words.toolFolder}</label>
        <div className="field-row">
          <input
            ref={field}
            id={id}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder={words.toolFolderPlaceholder}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
          />
          {canPick && (
            <>
              <button type="button" className="button" onClick={() => picker.current?.click()}>
                {words.chooseFolder}
              </button>
              <input
                ref={picker}
                type="file"
                hidden
                tabIndex={-1}
                {...{ webkitdirectory: '' }}
                onChange={(event) => {
                  const chosen = event.target.files && pathOfChosenFolder(event.target.files);
                  if (chosen) setFolder(chosen);
                }}
              />
            </>
          )}
        </div>
        {tried && !installing && <InstallVerdictView install={install} />}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={close}>
            {words.cancel}
          </button>
          <button type="submit" className="button primary" disabled={folder.trim() === '' || installing}>
            {installing ? words.installing : words.installButton}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
