// Dropping a folder anywhere on the window installs it. Only the desktop app can learn a dropped
// folder's path; a browser cannot, so there the drop opens Install... to ask for the path.
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { pathOfDroppedFile } from '../desktop-bridge';
import { useAppStore } from '../store/store-context';
import { useWords } from './use-words';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function DropZone({ children }: { children: ReactNode }) {
  const words = useWords();
  const installFolder = useAppStore((s) => s.installFolder);
  const openInstallDialog = useAppStore((s) => s.openInstallDialog);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const onDrop = async (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const paths = [...event.dataTransfer.files].map(pathOfDroppedFile);
    if (paths.length === 0 || paths.some((path) => path === undefined)) return openInstallDialog('dropNeedsPath');
    for (const path of paths) await installFolder(path!);
  };

  return (
    <div
      className="drop-zone"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => void onDrop(event)}
    >
      {children}
      {over && (
        <div className="drop-overlay" aria-hidden="true">
          <p>{words.dropHere}</p>
        </div>
      )}
    </div>
  );
}
