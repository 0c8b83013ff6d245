// What the window reads of the files a person gave each plugin (plugin-files-slice.ts): the list,
// the choice, the asks about each file, and which files have asks running, found among the few the
// asks' table keeps running rather than in a list of thousands.
import type { AppState } from './app-store';
import { asksIn, asksRunningSince } from './file-asks-table';
import type { FileChoice } from './file-choices';
import { noAdding, type PluginFile } from './plugin-files-slice';

const noFiles: PluginFile[] = [];
const noChoice: FileChoice = { chosen: [] };

const noneRunning: Readonly<Record<string, true>> = {};

export const pluginFileSelectors = {
  files: (pluginId: string) => (s: AppState) => s.pluginFiles[pluginId] ?? noFiles,
  adding: (pluginId: string) => (s: AppState) => s.filesAdding[pluginId] ?? noAdding,
  choice: (pluginId: string) => (s: AppState) => s.fileChoices[pluginId] ?? noChoice,
  chosenPaths: (pluginId: string) => (s: AppState) => (s.fileChoices[pluginId] ?? noChoice).chosen,
  currentFile: (pluginId: string) => (s: AppState) => s.fileChoices[pluginId]?.current,
  fileAsks: (pluginId: string, path: string) => (s: AppState) => asksIn(s.fileAsks, pluginId, path),
  field: (pluginId: string, path: string, key: string) => (s: AppState) => asksIn(s.fileAsks, pluginId, path)?.fields[key],
  thumbnail: (pluginId: string, path: string) => (s: AppState) => asksIn(s.fileAsks, pluginId, path)?.thumbnail,
  asksRunningSince: (pluginId: string, path: string) => (s: AppState) => asksRunningSince(asksIn(s.fileAsks, pluginId, path)),
  /** The id of the oldest ask still running about the file: its progress is the one said. */
  oldestRunningCall: (pluginId: string, path: string) => (s: AppState) => {
    const asks = asksIn(s.fileAsks, pluginId, path);
    let oldest: { callId: string; startedAt: number } | undefined;
    for (const call of asks ? [...Object.values(asks.fields), asks.thumbnail] : []) {
      if (call?.status === 'running' && (!oldest || call.startedAt < oldest.startedAt)) oldest = call;
    }
    return oldest?.callId;
  },
  /**
   * The files whose asks are running, in the list's order: found among the few the table keeps
   * running, never by going through a list of thousands at each answer; made again only when
   * those changed (the store changes for log and trace lines too).
   */
  filesAsking: (pluginId: string, files: readonly PluginFile[]) => {
    let places: Map<string, number> | undefined;
    let seen: Readonly<Record<string, true>> | undefined;
    let asking: PluginFile[] = [];
    return (s: AppState) => {
      const running = s.fileAsks.running[pluginId] ?? noneRunning;
      if (running !== seen) {
        seen = running;
        places ??= new Map(files.map((file, index) => [file.path, index]));
        const found = Object.keys(running).flatMap((path) => places?.get(path) ?? []);
        asking = found.sort((a, b) => a - b).map((index) => files[index]!);
      }
      return asking;
    };
  },
};
