// The preview of the file shown in a plugin's Files tab: by what the plugin declares for it, a
// conversion (read as pages when it converts to nothing), pages, or an inspection that pages,
// searches, shows the source and opens rows' targets. One preview per plugin: choosing another file
// cancels what was still being asked for the one before.
import type { InspectRequest, PageRequest, PluginAnswer } from '../../src-shared/plugin-api';
import type { CheckedInspection, CheckedPage } from '../../src-shared/skwir/answers';
import type { ShownConversion } from '../../src-shared/plugin-api';
import type { AppState, SliceCreator } from './app-store';
import { ask, newCallId, running, runningId, type PluginCall } from './plugin-call';
import { fileServing, pluginDetails, type PreviewKind } from './plugin-serving';

export interface InspectPreview {
  /** What the page shown was asked with. */
  request: InspectRequest;
  /** The requests of the pages a row's target was opened from, the latest last (Back). */
  back: InspectRequest[];
  call: PluginCall<CheckedInspection | null>;
  /** The page last answered, shown while the next one is asked. */
  last?: CheckedInspection | null;
}

/** A converted file as the window holds it: the host's answer and the URL its transport serves it at. */
export type ConvertedFileLink = ShownConversion & { url: string };

export interface FilePreview {
  path: string;
  kind: PreviewKind;
  /** A conversion answered null is read as pages. */
  pagesAfterConvert: boolean;
  inspect?: InspectPreview;
  /** A converted file, with the URL the host serves it at (released once the preview lets go of it). */
  convert?: PluginCall<ConvertedFileLink | null>;
}

export interface PluginPreviewState {
  filePreviews: Record<string, FilePreview>;
}

export interface PluginPreviewActions {
  /** Shows the file's preview (asked afresh), or none. */
  showPreview: (pluginId: string, path: string | undefined) => void;
  /** Asks a page of inspection; `opening`: a row's target, so Back returns to the page shown now. */
  inspectPage: (pluginId: string, request: InspectRequest, opening?: boolean) => void;
  /** Returns to the page a target was opened from. */
  inspectBack: (pluginId: string) => void;
  /** Asks one page of a file for the reader, under the given id (the host caches). */
  askPage: (pluginId: string, callId: string, path: string, request: PageRequest) => Promise<PluginAnswer<CheckedPage | null>>;
}

export type PluginPreviewSlice = PluginPreviewState & PluginPreviewActions;

export const initialPluginPreviewState: PluginPreviewState = { filePreviews: {} };

const runningCall = (preview: FilePreview | undefined): string | undefined => runningId(preview?.inspect?.call) ?? runningId(preview?.convert);

/** The token of the converted file a preview shows, if any. */
const convertedToken = (preview: FilePreview | undefined): string | undefined => {
  const call = preview?.convert;
  return call?.status === 'answered' && call.answer.ok ? (call.answer.answer?.token ?? undefined) : undefined;
};

export const createPluginPreviewSlice: SliceCreator<PluginPreviewSlice> = (set, get, host) => {
  const release = (token: string) => void host.releaseConverted(token).catch(() => undefined);
  const setPreview = (pluginId: string, preview: FilePreview | undefined) => {
    const before = convertedToken(get().filePreviews[pluginId]);
    set((s) => {
      const filePreviews = { ...s.filePreviews };
      if (preview) filePreviews[pluginId] = preview;
      else delete filePreviews[pluginId];
      return { filePreviews };
    });
    // The window no longer shows that converted file: the host may stop serving it.
    if (before !== undefined && before !== convertedToken(preview)) release(before);
  };

  /** Changes the preview only while it still waits for this call (the person may have moved on). */
  const answered = (pluginId: string, callId: string, change: (preview: FilePreview) => FilePreview) => {
    const preview = get().filePreviews[pluginId];
    if (preview && runningCall(preview) === callId) setPreview(pluginId, change(preview));
  };

  const stopAsking = (pluginId: string) => {
    const callId = runningCall(get().filePreviews[pluginId]);
    if (callId) void get().cancelPluginCall(callId);
  };

  const inspect = async (pluginId: string, preview: FilePreview, request: InspectRequest, back: InspectRequest[]) => {
    stopAsking(pluginId);
    const callId = newCallId();
    const last = preview.inspect?.last;
    setPreview(pluginId, { ...preview, inspect: { request, back, call: running(callId), ...(last !== undefined ? { last } : {}) } });
    const answer = await ask(() => host.inspect(pluginId, callId, preview.path, request));
    answered(pluginId, callId, (now) => ({
      ...now,
      inspect: { ...now.inspect!, call: { status: 'answered', answer }, ...(answer.ok ? { last: answer.answer } : {}) },
    }));
  };

  const convert = async (pluginId: string, preview: FilePreview) => {
    const callId = newCallId();
    setPreview(pluginId, { ...preview, convert: running(callId) });
    const answer = await ask(() => host.convert(pluginId, callId, preview.path));
    const file = answer.ok && answer.answer ? { ...answer.answer, url: host.convertedUrl(answer.answer.token) } : undefined;
    const shown: PluginAnswer<ConvertedFileLink | null> = answer.ok ? { ...answer, answer: file ?? null } : answer;
    answered(pluginId, callId, (now) => ({ ...now, convert: { status: 'answered', answer: shown } }));
    // Answered after the person moved on: nothing shows it.
    if (file && convertedToken(get().filePreviews[pluginId]) !== file.token) release(file.token);
  };

  return {
    ...initialPluginPreviewState,

    showPreview(pluginId, path) {
      stopAsking(pluginId);
      const details = pluginDetails(get().tools[pluginId]);
      if (path === undefined || !details) return setPreview(pluginId, undefined);
      const serving = fileServing(details, path);
      const preview: FilePreview = { path, kind: serving.preview, pagesAfterConvert: serving.pagesAfterConvert };
      setPreview(pluginId, preview);
      if (serving.preview === 'inspect') void inspect(pluginId, preview, {}, []);
      if (serving.preview === 'convert') void convert(pluginId, preview);
    },

    inspectPage(pluginId, request, opening = false) {
      const preview = get().filePreviews[pluginId];
      if (preview?.kind !== 'inspect') return;
      const before = preview.inspect;
      const back = before ? (opening ? [...before.back, before.request] : before.back) : [];
      void inspect(pluginId, preview, request, back);
    },

    inspectBack(pluginId) {
      const preview = get().filePreviews[pluginId];
      const back = preview?.inspect?.back ?? [];
      if (!preview || back.length === 0) return;
      void inspect(pluginId, preview, back.at(-1)!, back.slice(0, -1));
    },

    askPage(pluginId, callId, path, request) {
      return ask(() => host.page(pluginId, callId, path, request));
    },
  };
};

export const pluginPreviewSelectors = {
  preview: (pluginId: string) => (s: AppState) => s.filePreviews[pluginId],
};
