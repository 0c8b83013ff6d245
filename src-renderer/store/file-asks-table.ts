// What was asked of plugins about every file given to them (FileAsks, by plugin and path), kept so
// that changing a few files' asks costs what those few are, not what the list is. A folder of 5,000
// files has a few answers a frame while it is answered: a flat record copied whole for each change
// of the store spent 1.5 ms a frame copying it, and finding the files whose asks run by going
// through every file spent as much again (bench/README.md, the Files tab with 5,000 files). Here the asks
// sit in shards, a change copies the shards it touches, and the files whose asks run are kept aside.
import type { FieldValue } from '../../src-shared/skwir/types';
import type { PluginCall } from './plugin-call';

/** What was asked of the plugin about one file: each serving field by key, and the thumbnail (a PNG in base64, or null). */
export interface FileAsks {
  fields: Record<string, PluginCall<FieldValue>>;
  thumbnail?: PluginCall<string | null>;
}

type Shard = Readonly<Record<string, FileAsks>>;

export interface AsksTable {
  /** The asks by fileKey, spread over SHARDS records by the key's hash. */
  readonly shards: readonly (Shard | undefined)[];
  /** Per plugin, the paths of its files with an ask running: a handful, the asks sent at once. */
  readonly running: Readonly<Record<string, Readonly<Record<string, true>>>>;
}

/** A change of one file's asks; undefined removes them. */
export type AsksChange = readonly [pluginId: string, path: string, asks: FileAsks | undefined];

/** 100,000 files are 390 a shard; a change of one copies those and the 256 slots of the table. */
const SHARDS = 256;

export const noAsks: AsksTable = { shards: [], running: {} };

export const fileKey = (pluginId: string, path: string): string => `${pluginId}\u0000${path}`;

/** FNV-1a over the key's last 64 characters: files listed together differ at the end of their paths. */
const shardOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = Math.max(0, key.length - 64); i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SHARDS;
};

export const asksIn = (table: AsksTable, pluginId: string, path: string): FileAsks | undefined => {
  const key = fileKey(pluginId, path);
  return table.shards[shardOf(key)]?.[key];
};

/** When the oldest ask still running about the file started, or undefined when none runs. */
export const asksRunningSince = (asks: FileAsks | undefined): number | undefined => {
  if (!asks) return undefined;
  let since = asks.thumbnail?.status === 'running' ? asks.thumbnail.startedAt : undefined;
  for (const key in asks.fields) {
    const call = asks.fields[key]!;
    if (call.status === 'running') since = Math.min(since ?? call.startedAt, call.startedAt);
  }
  return since;
};

/** The table with the changes made, copying only the shards and plugins' running paths they touch. */
export function asksWith(table: AsksTable, changes: Iterable<AsksChange>): AsksTable {
  const shards = table.shards.slice();
  const copied = new Set<number>();
  const running: Record<string, Record<string, true>> = { ...table.running };
  const runningCopied = new Set<string>();
  let runningChanged = false;
  for (const [pluginId, path, asks] of changes) {
    const key = fileKey(pluginId, path);
    const index = shardOf(key);
    if (!copied.has(index)) {
      copied.add(index);
      shards[index] = { ...shards[index] };
    }
    const shard = shards[index] as Record<string, FileAsks>;
    if (asks) shard[key] = asks;
    else delete shard[key];
    const runs = asksRunningSince(asks) !== undefined;
    if (runs === (running[pluginId]?.[path] === true)) continue;
    runningChanged = true;
    if (!runningCopied.has(pluginId)) {
      runningCopied.add(pluginId);
      running[pluginId] = { ...running[pluginId] };
    }
    if (runs) running[pluginId]![path] = true;
    else delete running[pluginId]![path];
  }
  return copied.size === 0 ? table : { shards, running: runningChanged ? running : table.running };
}
