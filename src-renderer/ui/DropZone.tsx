// Dropping on the window: on a plugin's Files tab, files are given to the plugin (dropped-items.ts);
// anywhere else, a folder is installed (through Install... when it would replace an installed one). Only the desktop app can learn a dropped folder's path; a
// browser cannot, so there the drop opens Install... to ask for the path.
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { pathOfDroppedFile } from '../desktop-bridge';
import { fileName } from '../file-path';
import { uiSelectors } from '../store/ui-slice';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../store/store-context';
import { giveDropped, readDrop } from './files/dropped-items';
import { useWords } from './use-words';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function DropZone({ children }: { children: ReactNode }) {
  const words = useWords();
  const { installFolder, installReplaces, openInstallDialog, filesComing, addFiles } = useAppStore(
    useShallow((s) => ({
      installFolder: s.installFolder,
      installReplaces: s.installReplaces,
      openInstallDialog: s.openInstallDialog,
      filesComing: s.filesComing,
      addFiles: s.addFiles,
    })),
  );
  const filesFor = useAppStore(uiSelectors.filesTabPlugin);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const giveToPlugin = async (pluginId: string, event: DragEvent) => {
    const items = readDrop(event.dataTransfer);
    const announced = items.filter((item) => item.kind === 'file').length;
    filesComing(pluginId, announced);
    const given = await giveDropped(items);
    const [offer] = given.installs;
    if (offer) openInstallDialog(offer.path === undefined ? 'dropNeedsPath' : undefined, offer);
    await addFiles(pluginId, given.paths, { announced, refused: given.refused });
  };

  const onDrop = async (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    if (filesFor !== undefined) return giveToPlugin(filesFor, event);
    const paths = [...event.dataTransfer.files].map(pathOfDroppedFile);
    if (paths.length === 0 || paths.some((path) => path === undefined)) return openInstallDialog('dropNeedsPath');
    for (const path of paths as string[]) {
      if (await installReplaces(path)) return openInstallDialog(undefined, { name: fileName(path), path });
      await installFolder(path);
    }
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
          <p>{filesFor !== undefined ? words.plugin.dropFiles : words.dropHere}</p>
        </div>
      )}
    </div>
  );
}
