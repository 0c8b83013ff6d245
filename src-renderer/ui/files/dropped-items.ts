// What a person dropped or picked for a plugin: files, each given by its path (the desktop app knows
// it; the test bed's browser sends the bytes and is answered the path of a copy), and folders, which
// a plugin is never given: a folder that holds a manifest is offered as an install, any other is
// refused saying so. A drop's items can be read only while the drop event runs, so readDrop takes
// them then and looks into folders after.
import { MANIFEST_FILE } from '../../../src-shared/limits';
import { maxDroppedFileBytes } from '../../../src-shared/host-wire';
import { SKWIR_MANIFEST_FILE } from '../../../src-shared/skwir/limits';
import { desktopBridge, pathOfDroppedFile } from '../../desktop-bridge';
import type { AddRefusal } from '../../store/plugin-files-slice';
import { uploadDroppedFile } from '../../transport/dropped-upload';

/** One thing dropped: a file, or a folder with whether it holds a tool's or a plugin's manifest. */
export type DroppedItem = { kind: 'file'; file: File } | { kind: 'folder'; file: File; holdsManifest: Promise<boolean> };

/** The manifests whose folder is offered as an install. */
const MANIFESTS = new Set([MANIFEST_FILE, SKWIR_MANIFEST_FILE]);

/** The names in a dropped folder (its first entries: a manifest sits at the top). */
function namesIn(folder: FileSystemDirectoryEntry): Promise<string[]> {
  return new Promise((resolve) =>
    folder.createReader().readEntries(
      (entries) => resolve(entries.map((entry) => entry.name)),
      () => resolve([]),
    ),
  );
}

/** Takes what was dropped, during the drop event. */
export function readDrop(transfer: DataTransfer): DroppedItem[] {
  const items = [...(transfer.items ?? [])].filter((item) => item.kind === 'file');
  // A drop made without items (some browsers, a test's event): the files alone, taken as files.
  if (items.length === 0) return [...transfer.files].map((file) => ({ kind: 'file', file }));
  return items.flatMap((item): DroppedItem[] => {
    const file = item.getAsFile();
    if (!file) return [];
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory) {
      const holdsManifest = namesIn(entry as FileSystemDirectoryEntry).then((names) => names.some((name) => MANIFESTS.has(name)));
      return [{ kind: 'folder', file, holdsManifest }];
    }
    return [{ kind: 'file', file }];
  });
}

/** What to do with what was dropped: the paths to add, those refused, and the folders to offer as installs (their path, when known). */
export interface GivenDrop {
  paths: string[];
  refused: AddRefusal[];
  installs: { name: string; path?: string }[];
}

/** The path of a dropped or picked file, or why it has none. */
async function pathOf(file: File): Promise<{ path: string } | { refused: AddRefusal }> {
  const known = pathOfDroppedFile(file);
  if (known) return { path: known };
  if (desktopBridge()) return { refused: { name: file.name, why: { code: 'noPath' } } };
  if (file.size > maxDroppedFileBytes) return { refused: { name: file.name, why: { code: 'tooBig' } } };
  const upload = await uploadDroppedFile(file);
  return upload.ok ? { path: upload.path } : { refused: { name: file.name, why: { code: 'notKept', problem: upload.problem } } };
}

/** Gives each dropped item its path, or says what becomes of it. */
export async function giveDropped(items: readonly DroppedItem[]): Promise<GivenDrop> {
  const given: GivenDrop = { paths: [], refused: [], installs: [] };
  const found = await Promise.all(
    items.map(async (item) => {
      if (item.kind === 'file') return { item, path: await pathOf(item.file) };
      return { item, manifest: await item.holdsManifest };
    }),
  );
  for (const { item, path, manifest } of found) {
    if (path) {
      if ('path' in path) given.paths.push(path.path);
      else given.refused.push(path.refused);
    } else if (manifest) {
      const known = pathOfDroppedFile(item.file);
      given.installs.push(known ? { name: item.file.name, path: known } : { name: item.file.name });
    } else {
      given.refused.push({ name: item.file.name, why: { code: 'folder' } });
    }
  }
  return given;
}
