// The lines the host writes in a tool's log, made once as data (HostLogCode) and put in English
// here, with their level, for the log file, the CLI and a window that does not know a code; the
// window words the same data in its own language (src-renderer/words).
import type { HostLogCode, LogLevel } from '../../src-shared/host-api';
import { ErrorCodes } from './errors';
import { describeExitCode, describeStateReason, durationWords, type Noun } from './reasons';

const howLoaded = { installed: 'installed from', loadedInPlace: 'loaded in place from', reloaded: 'reloaded from' } as const;

export function describeHostLog(line: HostLogCode): string {
  const noun: Noun = 'plugin' in line && line.plugin ? 'plugin' : 'tool';
  switch (line.code) {
    case 'started':
      return noun === 'plugin'
        ? `started (pid ${line.pid}, Skwir api 1, version ${line.version})`
        : `started (pid ${line.pid}, protocol 1, version ${line.version})`;
    case 'stopped':
      return 'stopped';
    case 'neededSignal':
      return `the ${noun} did not stop by itself within ${durationWords(line.seconds * 1000)}: it needed ${line.signal}`;
    case 'exitedWhenStopped':
      return `the ${noun} ${describeExitCode(line.exit)} when stopped`;
    case 'leftoversKilled':
      return `processes the ${noun} left running were killed`;
    case 'exitedIdle':
      return noun === 'plugin'
        ? 'the plugin exited by itself (code 0); it starts again when it is next asked'
        : 'the tool exited by itself (code 0); it starts again when a command runs';
    case 'crashedRestarting':
      return `the ${noun} crashed: it ${describeExitCode(line.exit)}; restarting in ${durationWords(line.seconds * 1000)}`;
    case 'linkClosed':
      return `the ${noun} closed its end of the link but kept running; it is ended`;
    case 'commandTimeout':
      return `command "${line.command}" got no answer within ${durationWords(line.seconds * 1000)}`;
    case 'idleStopped':
      return `no call for ${durationWords(line.seconds * 1000)}: the plugin is stopped until it is next asked`;
    case 'callTimeout':
      return `no answer to ${line.method} within ${durationWords(line.seconds * 1000)}; it was cancelled`;
    case 'callFailed':
      return `${line.method} failed: ${line.message}`;
    case 'failed':
      return describeStateReason(line.reason, noun);
    case 'loaded':
      return `version ${line.version} ${howLoaded[line.how]} ${line.folder}`;
    case 'folderRefused':
      return `the folder was refused: ${line.problems.join('; ')}`;
    case 'serviceBroke':
      return `${line.method} broke in the app: ${line.problem}`;
    case 'requestRefused':
      return `${line.method} was refused (${line.errorCode}): ${line.reason}`;
  }
}

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
