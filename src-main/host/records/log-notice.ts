// The `log` notice, as both dialects have it: protocol 1's `{message, level?}` and Skwir's
// `{level, message}` are the same notice. A line for the log, cut when long; a level it does not
// know is logged as info, and the odd params are a protocol problem naming them.
import type { LogLevel, LogSource } from '../../../src-shared/host-api';
import { describe } from '../wire/message-shape';
import { MAX_LOG_LINE_CHARS } from '../../../src-shared/limits';

const LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

export type LogSink = (level: LogLevel, source: LogSource, message: string) => void;

export function logNotice(params: unknown, onLog: LogSink): void {
  const { message, level } = (params ?? {}) as { message?: unknown; level?: unknown };
  if (typeof message !== 'string') {
    onLog('warn', 'protocol', `log needs "message", text, not ${describe(message)}; ignored`);
    return;
  }
  const known = LEVELS.includes(level as LogLevel);
  if (level !== undefined && !known) onLog('warn', 'protocol', `log "level" must be error, warn, info or debug, not ${describe(level)}`);
  const text = message.length > MAX_LOG_LINE_CHARS ? `${message.slice(0, MAX_LOG_LINE_CHARS)}... (cut)` : message;
  onLog(known ? (level as LogLevel) : 'info', 'tool', text);
}
