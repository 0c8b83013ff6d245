// A call that runs longer than 300 ms says so, with a Cancel button; a quicker one shows nothing,
// so answers that come at once do not flash a progress bar. While it waits it says what it waits
// for: the plugin starting (a module's first use compiles it, which takes seconds), then how far
// the plugin has read its files, asked of the host twice a second. Give it a `key` per call.
import { useEffect, useState } from 'react';
import type { CallBytes } from '../../../src-shared/plugin-api';
import { useAppStore } from '../../store/store-context';
import { useWords } from '../use-words';

export const SLOW_CALL_MS = 300;
/** How often a slow call's progress is asked. */
export const PROGRESS_EVERY_MS = 500;

/** Whether a call started then has run for longer than 300 ms, turning true when it has. */
export function useSlowCall(startedAt: number): boolean {
  const [slow, setSlow] = useState(() => Date.now() - startedAt >= SLOW_CALL_MS);
  useEffect(() => {
    if (slow) return;
    const timer = setTimeout(() => setSlow(true), Math.max(0, SLOW_CALL_MS - (Date.now() - startedAt)));
    return () => clearTimeout(timer);
  }, [slow, startedAt]);
  return slow;
}

/** How far the call has read, asked while `active`; undefined until known. */
function useCallBytes(callId: string | undefined, active: boolean): CallBytes | undefined {
  const readProgress = useAppStore((s) => s.readCallProgress);
  const [bytes, setBytes] = useState<CallBytes>();
  useEffect(() => {
    if (!active || callId === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const now = await readProgress(callId);
      if (stopped) return;
      if (now) setBytes(now);
      timer = setTimeout(() => void ask(), PROGRESS_EVERY_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, callId, readProgress]);
  return bytes;
}

export function CallProgress(props: { startedAt: number; onCancel: () => void; label?: string; callId?: string; pluginId?: string }) {
  const words = useWords();
  const slow = useSlowCall(props.startedAt);
  const bytes = useCallBytes(props.callId, slow);
  const plugin = useAppStore((s) => (props.pluginId === undefined ? undefined : s.tools[props.pluginId]));
  if (!slow) return null;
  const label = props.label ?? words.plugin.asking;
  const starting = plugin?.state === 'starting';
  const reading = bytes && bytes.size > 0 && bytes.read > 0;
  const said = starting
    ? plugin.kind === 'plugin' && plugin.plugin.transport === 'module'
      ? words.plugin.preparing
      : words.plugin.starting
    : reading
      ? words.plugin.bytesRead(words.fileSize(bytes.read), words.fileSize(bytes.size))
      : undefined;
  return (
    <span className="call-progress" role="status">
      <progress className="call-bar" aria-label={label} {...(reading && !starting ? { value: bytes.read, max: bytes.size, 'aria-valuetext': said } : {})} />
      <span className="call-label">{label}</span>
      {said && <span className="call-said muted">{said}</span>}
      <button type="button" className="button small" onClick={props.onCancel}>
        {words.cancel}
      </button>
    </span>
  );
}
