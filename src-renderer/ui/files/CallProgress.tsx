// A call that runs longer than 300 ms says so, with a Cancel button; a quicker one shows nothing,
// so answers that come at once do not flash a progress bar. Give it a `key` per call.
import { useEffect, useState } from 'react';
import { useWords } from '../use-words';

export const SLOW_CALL_MS = 300;

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

export function CallProgress(props: { startedAt: number; onCancel: () => void; label?: string }) {
  const words = useWords();
  const slow = useSlowCall(props.startedAt);
  if (!slow) return null;
  const label = props.label ?? words.plugin.asking;
  return (
    <span className="call-progress" role="status">
      <progress className="call-bar" aria-label={label} />
      <span className="call-label">{label}</span>
      <button type="button" className="button small" onClick={props.onCancel}>
        {words.cancel}
      </button>
    </span>
  );
}
