// The lines the host writes in a tool's log (HostLogCode, host-api.ts) in English, worded once: the
// host writes them to the log file and the CLI, the window shows them in English. What a line quotes
// (a refusal's reason, a folder's problems, a plugin's message) is given as it was written.
import type { HostLogCode } from './host-api';
import { countIn } from './plural';
import { durationEn, exitEn, notKnown, quote, reasonEn, type Noun } from './reasons-en';

const howLoaded = { installed: 'installed from', loadedInPlace: 'loaded in place from', reloaded: 'reloaded from' } as const;

/** A host log line in English; undefined only for a code this build does not know. */
export function hostLogEn(line: HostLogCode): string | undefined {
  const noun: Noun = 'plugin' in line && line.plugin ? 'plugin' : 'tool';
  switch (line.code) {
    case 'started':
      return noun === 'plugin'
        ? `started (pid ${line.pid}, Skwir api 1, version ${line.version})`
        : `started (pid ${line.pid}, protocol 1, version ${line.version})`;
    case 'stopped':
      return 'stopped';
    case 'neededSignal':
      return `the ${noun} did not stop by itself within ${durationEn(line.seconds)}: it needed ${line.signal}`;
    case 'exitedWhenStopped':
      return `the ${noun} ${exitEn(line.exit)} when stopped`;
    case 'leftoversKilled':
      return `processes the ${noun} left running were killed`;
    case 'exitedIdle':
      return noun === 'plugin'
        ? 'the plugin exited by itself (code 0); it starts again when it is next asked'
        : 'the tool exited by itself (code 0); it starts again when a command runs';
    case 'crashedRestarting':
      return `the ${noun} crashed: it ${exitEn(line.exit)}; restarting in ${durationEn(line.seconds)}`;
    case 'linkClosed':
      return `the ${noun} closed its end of the link but kept running; it is ended`;
    case 'commandTimeout':
      return `the command ${quote(line.command)} got no answer within ${durationEn(line.seconds)}`;
    case 'idleStopped':
      return `no call for ${durationEn(line.seconds)}: the plugin is stopped until it is next asked`;
    case 'callTimeout':
      return callTimeoutEn(line.method, line.seconds);
    case 'callFailed':
      return `${line.method} failed: ${line.message}`;
    case 'transpiled':
      return `transpiled ${line.file} with ${line.transpiler} in ${line.ms} ms`;
    case 'transpileChanged':
      return `${line.changed} of ${line.file}'s transpile is not as the host wrote it: it was not run, and ${line.file} is transpiled again`;
    case 'workerStarted':
      return `started (a worker thread running ${line.file}${line.version === undefined ? '' : `, version ${line.version}`})`;
    case 'workerEndedByItself':
      return `the plugin's worker ended by itself (${line.why})`;
    case 'workerReplaced':
      return line.cancelled === undefined
        ? 'its worker was ended; the next call starts a fresh one'
        : `${line.cancelled} was cancelled: its worker was ended; the next call starts a fresh one`;
    case 'workerLetGo':
      return `its worker, held by a file that gave no answer, did not end within ${line.seconds} s and was let go: it ends when the file answers, and takes its open files with it`;
    case 'trapped':
      return `the plugin trapped: ${line.message} (in ${line.method}); the component is instantiated again for the next call`;
    case 'logsDropped':
      return `${countIn('en', line.count, 'more log line', 'more log lines')} of this call were dropped (a call may write ${line.max.toLocaleString('en')})`;
    case 'failed':
      return reasonEn(line.reason, noun);
    case 'loaded':
      return `version ${line.version} ${howLoaded[line.how]} ${line.folder}`;
    case 'folderRefused':
      return `the folder was refused: ${line.problems.map((problem) => problem.text).join('; ')}`;
    case 'serviceBroke':
      return `${line.method} broke in the app: ${line.problem}`;
    case 'requestRefused':
      return `${line.method} was refused (${line.errorCode}): ${line.reason}`;
    default:
      return notKnown(line);
  }
}

/** A plugin call cancelled for want of an answer: its log line, and the call's own failure. */
export const callTimeoutEn = (method: string, seconds: number): string => `no answer to ${method} within ${durationEn(seconds)}; it was cancelled`;
