// The files a person gave each plugin (Files tab): the list, which are chosen and which one is
// shown, and what the plugin said of each: every field that serves the file and its thumbnail,
// asked once per file as it is added, a few at a time, the values filled in as they come
// (file-asking.ts). How a click changes the choice is file-choices.ts's; what the window reads,
// plugin-files-selectors.ts's.
import type { Result } from '../../src-shared/host-api';
import type { CallBytes, GivenFileProblem, GivenFileVerdict } from '../../src-shared/plugin-api';
import { fileName } from '../file-path';
import type { SliceCreator } from './app-store';
import { asksIn, asksWith, fileKey, noAsks, type AsksChange, type AsksTable, type FileAsks } from './file-asks-table';
import { choiceAfter, everyFileChosen, type ChooseHow, type FileChoice } from './file-choices';
import { createFileAsking } from './file-asking';
import { pluginDetails } from './plugin-serving';
import { problemOf } from './problem';

export interface PluginFile {
  path: string;
  name: string;
}

export { fileKey, type FileAsks };
export type { ChooseHow, FileChoice };

/** A file the person gave that was not added, and why: the host's judgement of its path, or what befell a dropped file. */
export interface AddRefusal {
  /** The path as given, or the dropped file's name. */
  name: string;
  why:
    | { code: 'path'; problem: GivenFileProblem; message: string }
    | { code: 'tooBig' } // a dropped file over what the test bed takes
    | { code: 'noPath' } // the desktop app could not tell where a dropped file is
    | { code: 'folder' } // a folder dropped that holds no manifest to install
    | { code: 'notKept'; problem: string }; // the test bed could not keep a copy of a dropped file
}

/** The last adding of files to a plugin: how many are still being judged or uploaded, and what was refused. */
export interface FilesAdding {
  pending: number;
  refused: AddRefusal[];
}

export interface PluginFilesState {
  pluginFiles: Record<string, PluginFile[]>;
  fileChoices: Record<string, FileChoice>;
  fileAsks: AsksTable;
  filesAdding: Record<string, FilesAdding>;
}

export interface PluginFilesActions {
  /**
   * Adds paths not listed yet, each judged by the host first (a missing file, a folder, a path not
   * from the root are refused at once, saying why), and asks about each; the first is chosen when
   * nothing was. `dropped`: for files dropped, how many filesComing announced, and those of them
   * that never got a path (shown with the refusals of this adding).
   */
  addFiles: (pluginId: string, paths: string[], dropped?: { announced: number; refused: AddRefusal[] }) => Promise<void>;
  /** Files are on their way (being uploaded): "Adding..." shows until addFiles takes them. */
  filesComing: (pluginId: string, count: number) => void;
  removeFiles: (pluginId: string, paths: string[]) => void;
  /** Asks every field, thumbnail and the preview again (after the plugin changed, say). */
  /** Asks the plugin again about every file and the preview shown, past the host's cache. */
  askFilesAgain: (pluginId: string) => Promise<void>;
  chooseFile: (pluginId: string, path: string, how?: ChooseHow) => void;
  chooseAllFiles: (pluginId: string) => void;
  /** Stops what is still being asked about a file: its waiting asks are dropped, its running ones cancelled. */
  cancelFileAsks: (pluginId: string, path: string) => void;
  /** Cancels one call by its id; its answer then comes back as cancelled. */
  cancelPluginCall: (callId: string) => Promise<Result>;
  /** How far a call still waiting has read its files; null when it has ended or the host cannot say. */
  readCallProgress: (callId: string) => Promise<CallBytes | null>;
}

export type PluginFilesSlice = PluginFilesState & PluginFilesActions;

export const initialPluginFilesState: PluginFilesState = { pluginFiles: {}, fileChoices: {}, fileAsks: noAsks, filesAdding: {} };

/** Nothing being added, nothing refused. */
export const noAdding: FilesAdding = { pending: 0, refused: [] };

/**
 * Paths judged (and answers forgotten) a few at a time: a folder dropped may hold thousands of
 * files, and the test bed refuses a page more than 64 requests waiting at once (a refused
 * judgement would refuse the file, a refused forgetting would leave the old answer).
 */
export const JUDGED_AT_ONCE = 16;

/** Paths judged, then listed and asked about, in steps of this many (a folder's first files are asked about while the rest are judged). */
export const ADDED_IN_STEPS_OF = 256;

async function inTurns<T>(paths: readonly string[], ask: (path: string) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(paths.length);
  let next = 0;
  const asking = async () => {
    while (next < paths.length) {
      const index = next++;
      results[index] = await ask(paths[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(JUDGED_AT_ONCE, paths.length) }, asking));
  return results;
}

export const createPluginFilesSlice: SliceCreator<PluginFilesSlice> = (set, get, host) => {
  const { askAbout, flushAsks, cancelRunning, cancelAsks } = createFileAsking(set, get, host);

  const changeAdding = (pluginId: string, change: (now: FilesAdding) => FilesAdding) =>
    set((s) => ({ filesAdding: { ...s.filesAdding, [pluginId]: change(s.filesAdding[pluginId] ?? noAdding) } }));

  /** Sets the choice, and shows the preview of the new current file when it changed. */
  const choose = (pluginId: string, choice: FileChoice) => {
    const before = get().fileChoices[pluginId]?.current;
    set((s) => ({ fileChoices: { ...s.fileChoices, [pluginId]: choice } }));
    get().filesChosenChanged(pluginId, choice.chosen);
    if (choice.current !== before) get().showPreview(pluginId, choice.current);
  };

  return {
    ...initialPluginFilesState,

    filesComing(pluginId, count) {
      changeAdding(pluginId, (now) => ({ ...now, pending: now.pending + count }));
    },

    async addFiles(pluginId, paths, dropped = { announced: 0, refused: [] }) {
      if (!pluginDetails(get().tools[pluginId])) return;
      const listed = new Set((get().pluginFiles[pluginId] ?? []).map((file) => file.path));
      const given = [...new Set(paths.map((path) => path.trim()))].filter((path) => path !== '' && !listed.has(path));
      // A new adding clears what the last one refused; one that overlaps another adds to it.
      changeAdding(pluginId, (now) => {
        const others = Math.max(0, now.pending - dropped.announced);
        // What befell dropped files is said at once, before any path is judged.
        return { pending: others + given.length, refused: [...(others > 0 ? now.refused : []), ...dropped.refused] };
      });
      // Listed and asked about a step at a time, while the paths after them are judged: the plugin
      // starts on a folder of thousands at once instead of after every path was judged.
      for (let from = 0; from < given.length; from += ADDED_IN_STEPS_OF) {
        const step = given.slice(from, from + ADDED_IN_STEPS_OF);
        const verdicts = await inTurns(step, (path) =>
          host.judgeFile(path).catch((error: unknown): GivenFileVerdict => ({
            ok: false,
            problem: problemOf(error),
            problemCode: { code: 'unreadable', reason: problemOf(error) },
          })),
        );
        const refused: AddRefusal[] = step.flatMap((path, i) => {
          const verdict = verdicts[i]!;
          return verdict.ok ? [] : [{ name: path, why: { code: 'path' as const, problem: verdict.problemCode, message: verdict.problem } }];
        });
        changeAdding(pluginId, (now) => ({ pending: Math.max(0, now.pending - step.length), refused: [...now.refused, ...refused] }));
        // Listed meanwhile (added twice at once): once is enough.
        const nowListed = new Set((get().pluginFiles[pluginId] ?? []).map((file) => file.path));
        const fresh = step.filter((path, i) => verdicts[i]!.ok && !nowListed.has(path));
        if (fresh.length === 0 || !pluginDetails(get().tools[pluginId])) continue;
        set((s) => ({
          pluginFiles: { ...s.pluginFiles, [pluginId]: [...(s.pluginFiles[pluginId] ?? []), ...fresh.map((path) => ({ path, name: fileName(path) }))] },
        }));
        askAbout(pluginId, fresh);
        if ((get().fileChoices[pluginId]?.chosen.length ?? 0) === 0) get().chooseFile(pluginId, fresh[0]!);
      }
    },

    removeFiles(pluginId, paths) {
      flushAsks();
      const gone = new Set(paths);
      for (const path of gone) cancelRunning(asksIn(get().fileAsks, pluginId, path));
      set((s) => {
        const fileAsks = asksWith(
          s.fileAsks,
          [...gone].map((path): AsksChange => [pluginId, path, undefined]),
        );
        return { fileAsks, pluginFiles: { ...s.pluginFiles, [pluginId]: (s.pluginFiles[pluginId] ?? []).filter((file) => !gone.has(file.path)) } };
      });
      const choice = get().fileChoices[pluginId];
      if (!choice) return;
      const chosen = choice.chosen.filter((path) => !gone.has(path));
      const current = choice.current !== undefined && !gone.has(choice.current) ? choice.current : chosen.at(-1);
      choose(pluginId, { chosen, current, anchor: current });
    },

    async askFilesAgain(pluginId) {
      flushAsks();
      const files = get().pluginFiles[pluginId] ?? [];
      if (files.length === 0) return;
      // Asked of the plugin, not of the host's cache: the person asks again because the answer may have changed.
      await inTurns(
        files.map((file) => file.path),
        (path) => host.forgetAnswers(pluginId, path).catch(() => undefined),
      );
      const now = get().pluginFiles[pluginId] ?? [];
      for (const file of now) cancelRunning(asksIn(get().fileAsks, pluginId, file.path));
      askAbout(
        pluginId,
        now.map((file) => file.path),
      );
      get().showPreview(pluginId, get().fileChoices[pluginId]?.current);
    },

    chooseFile(pluginId, path, how = 'only') {
      const files = (get().pluginFiles[pluginId] ?? []).map((file) => file.path);
      const next = choiceAfter(files, get().fileChoices[pluginId] ?? { chosen: [] }, path, how);
      if (next) choose(pluginId, next);
    },

    chooseAllFiles(pluginId) {
      choose(
        pluginId,
        everyFileChosen(
          (get().pluginFiles[pluginId] ?? []).map((file) => file.path),
          get().fileChoices[pluginId],
        ),
      );
    },

    cancelFileAsks(pluginId, path) {
      cancelAsks(pluginId, path);
    },

    async cancelPluginCall(callId) {
      return host.cancelCall(callId).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    },

    async readCallProgress(callId) {
      return host.callProgress(callId).catch(() => null);
    },
  };
};
