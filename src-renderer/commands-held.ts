// When a tool's commands cannot run at all, and so which states the window explains above them.
// Its own module: the store tells the state, the words say it, and neither depends on the other.
import type { EntrySummary, ToolState } from '../src-shared/host-api';

/** States in which no command can run: a click would only answer "not available". */
export type CommandsHeldState = Extract<ToolState, 'stopped' | 'stopping' | 'crashed' | 'failed' | 'refused'>;

/**
 * Why no command of the tool can run now, or undefined when a click may run one: running, starting
 * (the command waits for it), idle (a command starts it), and a stopped `demand` tool (one starts it too).
 */
export const commandsHeld = (tool: EntrySummary | undefined): CommandsHeldState | undefined => {
  switch (tool?.state) {
    case 'stopped':
      return tool.kind === 'plugin' || tool.start === 'demand' ? undefined : 'stopped';
    case 'stopping':
    case 'crashed':
    case 'failed':
    case 'refused':
      return tool.state;
    default:
      return undefined;
  }
};
