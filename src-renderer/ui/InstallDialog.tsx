// Install... : the folder's path, typed or pasted; in the desktop app also chosen with a picker. A folder
// whose id is installed already is installed only once the person said to replace that version.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { InstallReplaces } from '../../src-shared/host-api';
import { desktopBridge, pathOfChosenFolder } from '../desktop-bridge';
import { isFromRoot } from '../file-path';
import { toolSelectors } from '../store/tools-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { Dialog } from './Dialog';
import { InstallVerdictView } from './InstallVerdictView';
import { useToolText, useWords } from './use-words';

export function InstallDialog() {
  const words = useWords();
  const text = useToolText();
  const reason = useAppStore(uiSelectors.installDialogReason);
  const offer = useAppStore(uiSelectors.installDialogOffer);
  const install = useAppStore(toolSelectors.install);
  const installFolder = useAppStore((s) => s.installFolder);
  const installReplaces = useAppStore((s) => s.installReplaces);
  const tools = useAppStore((s) => s.tools);
  const close = useAppStore((s) => s.closeInstallDialog);
  const dismissInstall = useAppStore((s) => s.dismissInstall);
  const [folder, setFolder] = useState(offer?.path ?? (install.status === 'idle' ? '' : install.folder));
  const [tried, setTried] = useState(false);
  /** A path the window refused itself, in the person's language, before asking the host. */
  const [notFull, setNotFull] = useState<string>();
  /** The installed version this path would replace, once asked; installing it is then the person's answer. */
  const [replaces, setReplaces] = useState<{ path: string; over: InstallReplaces }>();
  const field = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const canPick = desktopBridge()?.pathForFile !== undefined;
  const installing = install.status === 'installing';

  // A folder offered with its path (dropped in the app) is asked about at once.
  const offered = offer?.path;
  useEffect(() => {
    if (offered === undefined) return;
    let current = true;
    void installReplaces(offered).then((over) => current && over && setReplaces({ path: offered, over }));
    return () => {
      current = false;
    };
  }, [offered, installReplaces]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const path = folder.trim();
    if (path === '' || installing) return;
    setNotFull(isFromRoot(path) ? undefined : path);
    if (!isFromRoot(path)) return;
    if (replaces?.path !== path) {
      const over = await installReplaces(path);
      if (over) return setReplaces({ path, over });
    }
    setReplaces(undefined);
    setTried(true);
    const verdict = await installFolder(path);
    if (verdict.ok) close();
  };

  const cancel = () => {
    // A refusal the person read here and turned from goes with the dialog, not to a banner above the page.
    if (install.status === 'done' && !install.verdict.ok) dismissInstall();
    close();
  };

  return (
    <Dialog
      title={words.installDialogTitle}
      onCancel={cancel}
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
            onChange={(event) => {
              setFolder(event.target.value);
              setReplaces(undefined);
            }}
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
                  setReplaces(undefined);
                }}
              />
            </>
          )}
        </div>
        {notFull !== undefined && (
          <p role="alert" className="banner verdict verdict-refused">
            {words.installNeedsFullPath(notFull)}
          </p>
        )}
        {replaces && (
          <p role="status" className="note">
            {words.replaceQuestion(text(tools[replaces.over.id]?.name ?? { en: replaces.over.id }), replaces.over.installedVersion, replaces.over.version)}
          </p>
        )}
        {tried && !replaces && notFull === undefined && !installing && <InstallVerdictView install={install} />}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={cancel}>
            {words.cancel}
          </button>
          <button type="submit" className="button primary" disabled={folder.trim() === '' || installing}>
            {installing ? words.installing : replaces ? words.replaceButton : words.installButton}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
