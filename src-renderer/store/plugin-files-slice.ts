// The files a person gave each plugin (Files tab): the list, which are chosen and which one is
// shown, and what the plugin said of each: every field that serves the file and its thumbnail,
// asked once per file as it is added, a few at a time, the values filled in as they come. How a
// click changes the choice is file-choices.ts's; what the window reads, plugin-files-selectors.ts's.
import type { Result } from '../../src-shared/host-api';
import type { CallBytes, GivenFileProblem, GivenFileVerdict } from '../../src-shared/plugin-api';
import type { FieldValue } from '../../src-shared/skwir/types';
import { fileName } from '../file-path';
import type { SliceCreator } from './app-store';
import { asksIn, asksWith, fileKey, noAsks, type AsksChange, type AsksTable, type FileAsks } from './file-asks-table';
import { choiceAfter, everyFileChosen, type ChooseHow, type FileChoice } from './file-choices';
import { ask, askQueue, newCallId, running, runningId, type PluginCall } from './plugin-call';
import { fieldsServing, fileServing, pluginDetails } from './plugin-serving';
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

/** Field and thumbnail asks sent at once: the plugin answers one call at a time anyway. */
/** Nothing being added, nothing refused. */
export const noAdding: FilesAdding = { pending: 0, refused: [] };

export const ASKS_AT_ONCE = 4;
/** The side of a thumbnail's square in the list, in CSS pixels. */
export const THUMBNAIL_SIDE = 64;

/** The side asked of the plugin: the square's, in the screen's pixels. */
export const thumbnailPixels = (ratio: number): number => Math.min(512, Math.round(THUMBNAIL_SIDE * Math.max(1, ratio || 1)));

const cancelledHere = { status: 'answered', answer: { ok: false, outcome: 'cancelled', message: '' } } as const;

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
  const queue = askQueue(ASKS_AT_ONCE);

  // A folder of files is answered hundreds of files a second: each change of an ask is gathered
  // and the store changed once a frame, as host-events.ts does with log lines (5,000 files changed
  // one at a time copied their asks 10,000 times, and ran every subscriber as often); the change
  // copies only what it touches (file-asks-table.ts). The slice reads an ask through asksOf, which
  // sees what is gathered; whatever changes the asks otherwise hands over what was gathered first.
  const gathered = new Map<string, { pluginId: string; path: string; asks: FileAsks }>();
  let scheduled = false;
  const flushAsks = () => {
    scheduled = false;
    if (gathered.size === 0) return;
    const changed = [...gathered.values()];
    gathered.clear();
    set((s) => {
      // Removed meanwhile: an answer about a file no longer listed is left out.
      const kept = changed.filter(({ pluginId, path }) => asksIn(s.fileAsks, pluginId, path));
      return {
        fileAsks: asksWith(
          s.fileAsks,
          kept.map(({ pluginId, path, asks }): AsksChange => [pluginId, path, asks]),
        ),
      };
    });
  };
  const asksOf = (pluginId: string, path: string): FileAsks | undefined =>
    gathered.get(fileKey(pluginId, path))?.asks ?? asksIn(get().fileAsks, pluginId, path);
  const updateAsks = (pluginId: string, path: string, change: (asks: FileAsks) => FileAsks) => {
    const asks = asksOf(pluginId, path);
    if (!asks) return;
    gathered.set(fileKey(pluginId, path), { pluginId, path, asks: change(asks) });
    if (scheduled) return;
    scheduled = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flushAsks);
    else queueMicrotask(flushAsks);
  };
  const setField = (pluginId: string, path: string, field: string, call: PluginCall<FieldValue>) =>
    updateAsks(pluginId, path, (asks) => ({ ...asks, fields: { ...asks.fields, [field]: call } }));
  const setThumbnail = (pluginId: string, path: string, call: PluginCall<string | null>) =>
    updateAsks(pluginId, path, (asks) => ({ ...asks, thumbnail: call }));

  const askField = async (pluginId: string, path: string, field: string) => {
    // Removed, asked again or cancelled while it waited: nothing to ask.
    if (asksOf(pluginId, path)?.fields[field]?.status !== 'waiting') return;
    const callId = newCallId();
    setField(pluginId, path, field, running(callId));
    const answer = await ask(() => host.askField(pluginId, callId, path, field));
    if (runningId(asksOf(pluginId, path)?.fields[field]) !== callId) return;
    setField(pluginId, path, field, { status: 'answered', answer: answer.ok ? { ...answer, answer: answer.answer.value } : answer });
  };

  const askThumbnail = async (pluginId: string, path: string) => {
    if (asksOf(pluginId, path)?.thumbnail?.status !== 'waiting') return;
    const callId = newCallId();
    setThumbnail(pluginId, path, running(callId));
    const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
    const answer = await ask(() => host.askThumbnail(pluginId, callId, path, thumbnailPixels(ratio)));
    if (runningId(asksOf(pluginId, path)?.thumbnail) !== callId) return;
    setThumbnail(pluginId, path, { status: 'answered', answer: answer.ok ? { ...answer, answer: answer.answer.png } : answer });
  };

  /**
   * Sets every ask about the files waiting, in one change of the store (a folder of 5,000 files
   * set one by one copied the asks 5,000 times), and queues them.
   */
  const askAbout = (pluginId: string, paths: readonly string[]) => {
    const details = pluginDetails(get().tools[pluginId]);
    if (!details) return;
    const waiting: AsksChange[] = [];
    const asked: (() => Promise<void>)[] = [];
    for (const path of paths) {
      const fields = fieldsServing(details, path).map((field) => field.key);
      const thumbnail = fileServing(details, path).thumbnail;
      const asks: FileAsks = { fields: Object.fromEntries(fields.map((field) => [field, { status: 'waiting' }])) };
      if (thumbnail) asks.thumbnail = { status: 'waiting' };
      waiting.push([pluginId, path, asks]);
      for (const field of fields) asked.push(() => askField(pluginId, path, field));
      if (thumbnail) asked.push(() => askThumbnail(pluginId, path));
    }
    flushAsks();
    set((s) => ({ fileAsks: asksWith(s.fileAsks, waiting) }));
    for (const task of asked) queue(task);
  };

  const changeAdding = (pluginId: string, change: (now: FilesAdding) => FilesAdding) =>
    set((s) => ({ filesAdding: { ...s.filesAdding, [pluginId]: change(s.filesAdding[pluginId] ?? noAdding) } }));

  const cancelRunning = (asks: FileAsks | undefined) => {
    if (!asks) return;
    for (const call of [...Object.values(asks.fields), asks.thumbnail]) {
      const callId = runningId(call);
      if (callId) void get().cancelPluginCall(callId);
    }
  };

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
      flushAsks();
      const asks = asksIn(get().fileAsks, pluginId, path);
      if (!asks) return;
      cancelRunning(asks);
      updateAsks(pluginId, path, (now) => ({
        fields: Object.fromEntries(Object.entries(now.fields).map(([field, call]) => [field, call.status === 'waiting' ? cancelledHere : call])),
        ...(now.thumbnail ? { thumbnail: now.thumbnail.status === 'waiting' ? cancelledHere : now.thumbnail } : {}),
      }));
    },

    async cancelPluginCall(callId) {
      return host.cancelCall(callId).catch((error: unknown): Result => ({ ok: false, problem: problemOf(error) }));
    },

    async readCallProgress(callId) {
      return host.callProgress(callId).catch(() => null);
    },
  };
};
