import { useRef } from 'react';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { Dialog } from './Dialog';
import { useToolText, useWords } from './use-words';

export function ConfirmUninstall() {
  const words = useWords();
  const text = useToolText();
  const tool = useAppStore(uiSelectors.confirmingUninstall);
  const cancel = useAppStore((s) => s.cancelUninstall);
  const uninstall = useAppStore((s) => s.uninstall);
  const cancelButton = useRef<HTMLButtonElement>(null);
  if (!tool) return null;
  return (
    <Dialog
      role="alertdialog"
      title={words.uninstallTitle(text(tool.name))}
      description={tool.loadedInPlace ? words.uninstallBodyInPlace : words.uninstallBody}
      onCancel={cancel}
      initialFocus={cancelButton}
    >
      <div className="dialog-buttons">
        <button ref={cancelButton} type="button" className="button" onClick={cancel}>
          {words.cancel}
        </button>
        <button
          type="button"
          className="button destructive primary"
          onClick={() => {
            cancel();
            void uninstall(tool.id);
          }}
        >
          {words.uninstall}
        </button>
      </div>
    </Dialog>
  );
}
