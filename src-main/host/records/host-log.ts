// The lines the host writes in a tool's log, made once as data (HostLogCode), with their level; their
// English (src-shared/host-log-en.ts, which the window's English uses too) goes to the log file and
// the CLI; the window words the same data in its other languages (src-renderer/words).
import type { HostLogCode, LogLevel } from '../../../src-shared/host-api';
import { hostLogEn } from '../../../src-shared/host-log-en';
import { ErrorCodes } from '../wire/errors';

/** The English of a line the host wrote (every code the host writes is worded, so its code never shows). */
export const hostLogText = (line: HostLogCode): string => hostLogEn(line) ?? line.code;

const levels: Record<HostLogCode['code'], LogLevel> = {
  started: 'info',
  stopped: 'info',
  neededSignal: 'warn',
  exitedWhenStopped: 'warn',
  leftoversKilled: 'warn',
  exitedIdle: 'info',
  crashedRestarting: 'error',
  linkClosed: 'warn',
  commandTimeout: 'warn',
  idleStopped: 'info',
  callTimeout: 'warn',
  callFailed: 'debug',
  transpiled: 'info',
  transpileChanged: 'warn',
  workerStarted: 'info',
  workerEndedByItself: 'error',
  workerReplaced: 'info',
  workerLetGo: 'warn',
  trapped: 'warn',
  logsDropped: 'warn',
  failed: 'error',
  loaded: 'info',
  folderRefused: 'error',
  serviceBroke: 'error',
  requestRefused: 'warn',
};

export const hostLogLevel = (line: HostLogCode): LogLevel => levels[line.code];

/**
 * A line that says the tool broke a rule of the protocol, for `run --strict`: a stop that needed a
 * signal, a request for a service not in its uses, one the app does not know, or params that do not fit.
 * (The peer's own findings, a line that is no message, an answer to nothing, come as source `protocol`.)
 */
export function isToolFault(line: HostLogCode): boolean {
  if (line.code === 'neededSignal') return true;
  if (line.code !== 'requestRefused') return false;
  const faults: number[] = [ErrorCodes.ServiceNotDeclared, ErrorCodes.MethodNotFound, ErrorCodes.InvalidParams];
  return faults.includes(line.errorCode);
}
