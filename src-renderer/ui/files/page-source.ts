// The pages of one file for the reader: each page asked under an id of its own, so that what is
// still being asked when the reader goes (another file chosen, the tab left) can be cancelled.
import { useEffect, useMemo } from 'react';
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import { newCallId } from '../../store/plugin-call';
import { useAppStore } from '../../store/store-context';
import type { PageSource } from '../preview/PageReader';

type AskPage = (callId: string, request: PageRequest) => Promise<PluginAnswer<CheckedPage | null>>;

export interface PageSourceLifetime {
  source: PageSource;
  /** Cancels every page still being asked. */
  cancelAsked(): void;
}

export function pageSourceOf(askPage: AskPage, cancel: (callId: string) => void): PageSourceLifetime {
  const asked = new Set<string>();
  return {
    source: {
      page(request) {
        const callId = newCallId();
        asked.add(callId);
        return askPage(callId, request).finally(() => asked.delete(callId));
      },
    },
    cancelAsked() {
      for (const callId of asked) cancel(callId);
      asked.clear();
    },
  };
}

export function usePageSource(pluginId: string, path: string): PageSource {
  const askPage = useAppStore((s) => s.askPage);
  const cancel = useAppStore((s) => s.cancelPluginCall);
  const lifetime = useMemo(
    () =>
      pageSourceOf(
        (callId, request) => askPage(pluginId, callId, path, request),
        (callId) => void cancel(callId),
      ),
    [askPage, cancel, pluginId, path],
  );
  useEffect(() => () => lifetime.cancelAsked(), [lifetime]);
  return lifetime.source;
}
