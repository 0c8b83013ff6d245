import type { ToolState } from '../../src-shared/host-api';
import { useWords } from './use-words';

/** Colour family of each state, for the dot and badge. */
export const stateTone: Record<ToolState, 'ok' | 'busy' | 'off' | 'bad'> = {
  running: 'ok',
  starting: 'busy',
  stopping: 'busy',
  idle: 'off',
  stopped: 'off',
  crashed: 'bad',
  failed: 'bad',
  refused: 'bad',
};

export function StateDot({ state }: { state: ToolState }) {
  return <span className={`state-dot tone-${stateTone[state]}`} aria-hidden="true" />;
}

export function StateBadge({ state, reason, id }: { state: ToolState; reason?: string; id?: string }) {
  const words = useWords();
  return (
    <p className="state-badge" id={id} data-state={state}>
      <StateDot state={state} />
      <span className="state-word">{words.states[state]}</span>
      {reason && <span className="state-reason">{reason}</span>}
    </p>
  );
}
