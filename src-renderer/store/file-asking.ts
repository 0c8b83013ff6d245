// Asking a plugin about the files it was given (the Files tab): every field that serves a file and
// its thumbnail, each asked once, a few calls at a time, the values put in the store as they come.
import type { HostApi } from '../../src-shared/host-api';
import type { FieldValue } from '../../src-shared/skwir/types';
import type { GetState, SetState } from './app-store';
import { asksIn, asksWith, fileKey, type AsksChange, type FileAsks } from './file-asks-table';
import { ask, askQueue, newCallId, running, runningId, type PluginCall } from './plugin-call';
import { fieldsServing, fileServing, pluginDetails } from './plugin-serving';

/** Field and thumbnail asks sent at once: the plugin answers one call at a time anyway. */
export const ASKS_AT_ONCE = 4;
/** The side of a thumbnail's square in the list, in CSS pixels. */
export const THUMBNAIL_SIDE = 64;

/** The side asked of the plugin: the square's, in the screen's pixels. */
export const thumbnailPixels = (ratio: number): number => Math.min(512, Math.round(THUMBNAIL_SIDE * Math.max(1, ratio || 1)));

const cancelledHere = { status: 'answered', answer: { ok: false, outcome: 'cancelled', message: '' } } as const;

/** The asks of one store, as the files slice uses them. */
export function createFileAsking(set: SetState, get: GetState, host: HostApi) {
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

  const cancelRunning = (asks: FileAsks | undefined) => {
    if (!asks) return;
    for (const call of [...Object.values(asks.fields), asks.thumbnail]) {
      const callId = runningId(call);
      if (callId) void get().cancelPluginCall(callId);
    }
  };

  /** Cancels what is asked about a file: calls running are cancelled, those waiting answered as cancelled here. */
  const cancelAsks = (pluginId: string, path: string) => {
    flushAsks();
    const asks = asksIn(get().fileAsks, pluginId, path);
    if (!asks) return;
    cancelRunning(asks);
    updateAsks(pluginId, path, (now) => ({
      fields: Object.fromEntries(Object.entries(now.fields).map(([field, call]) => [field, call.status === 'waiting' ? cancelledHere : call])),
      ...(now.thumbnail ? { thumbnail: now.thumbnail.status === 'waiting' ? cancelledHere : now.thumbnail } : {}),
    }));
  };

  return { askAbout, flushAsks, cancelRunning, cancelAsks };
}
