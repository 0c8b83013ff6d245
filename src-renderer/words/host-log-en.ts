// The host's own log lines (HostLogCode) in English; undefined for a code this window does not know.
import type { HostLogCode } from '../../src-shared/host-api';
import { durationEn, exitEn, reasonEn } from './reasons-en';

const loaded = { installed: 'installed from', loadedInPlace: 'loaded in place from', reloaded: 'reloaded from' } as const;

export function hostLogEn(line: HostLogCode): string | undefined {
  switch (line?.code) {
    case 'started':
      return `started (pid ${line.pid}, protocol 1, version ${line.version})`;
    case 'stopped':
      return 'stopped';
    case 'neededSignal':
      return `the tool did not stop by itself within ${durationEn(line.seconds)}: it needed ${line.signal}`;
    case 'exitedWhenStopped': {
      const exit = exitEn(line.exit);
      return exit && `the tool was stopped: ${exit}`;
    }
    case 'leftoversKilled':
      return 'processes the tool left running were ended';
    case 'exitedIdle':
      return 'the tool exited by itself (code 0); it starts again when a command runs';
    case 'crashedRestarting': {
      const exit = exitEn(line.exit);
      return exit && `the tool crashed: ${exit}; it starts again in ${durationEn(line.seconds)}`;
    }
    case 'linkClosed':
      return 'the tool closed its end of the link but kept running; it was ended';
    case 'commandTimeout':
      return `the command “${line.command}” got no answer within ${durationEn(line.seconds)}`;
    case 'failed':
      return reasonEn(line.reason);
    case 'loaded':
      return `version ${line.version} ${loaded[line.how]} ${line.folder}`;
    case 'folderRefused':
      return `the folder was refused: ${line.problems.join('; ')}`;
    case 'serviceBroke':
      return `${line.method} broke in the app: ${line.problem}`;
    case 'requestRefused':
      return `${line.method} was refused (${line.errorCode}): ${line.reason}`;
    default:
      return undefined;
  }
}
