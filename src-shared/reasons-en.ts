// The host's reasons (ReasonCode, host-api.ts) in English, worded once for all who say them: the
// host (the text beside each code, its log, the CLI) and the window in English. The window's other
// languages word the same codes in src-renderer/words.
import type { ExitReasonCode, ReasonCode } from './host-api';
import type { GivenFileProblem } from './plugin-api';
import { countIn } from './plural';

/** What a reason speaks of: a tool (protocol 1) or a Skwir plugin. */
export type Noun = 'tool' | 'plugin';

/** A name in an English sentence, between typographic quotes (a value in a protocol's reason is problem-words.ts's quote). */
export const quote = (value: string) => `“${value}”`;

/** Why a program that writes its answers writes nothing: the usual cause, for a person who can act on it. */
const UNFLUSHED_EN =
  "the usual cause is output that is never flushed (Python's print without flush=True, or any program whose standard output is block-buffered, as it is when it is a pipe)";

/** A code this build does not know (from a newer host) gets no words: the caller shows the host's. */
export const notKnown = (_code: never): undefined => undefined;

/** "1 minute", "3 minutes", "10 seconds", "0.5 seconds". */
export function durationEn(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return countIn('en', seconds / 60, 'minute', 'minutes');
  return countIn('en', seconds, 'second', 'seconds');
}

/** How a process ended, said of it: "exited with code 3", "was ended by SIGKILL". */
export function exitEn(exit: ExitReasonCode): string {
  if (exit.code === 'signal') return `was ended by ${exit.signal}`;
  if (exit.code === 'exited') return exit.exitCode === null ? 'exited' : `exited with code ${exit.exitCode}`;
  if (exit.code === 'trapped') return 'trapped';
  return 'ended'; // a way of ending this build does not know (a newer host's)
}

/** What ended a command's process, said of a command that got no answer. */
export const beforeAnswerEn = (how: string): string => `${how} before it answered`;

/** What is wrong with a path a person gave a plugin: "no file is at this path". */
export function givenFileEn(problem: GivenFileProblem): string {
  switch (problem.code) {
    case 'relativePath':
      return 'the path does not start from the root of the disk (such as /Users/you/notes.txt); give the whole path';
    case 'missing':
      return 'no file is at this path';
    case 'folder':
      return 'it is a folder; give the files in it';
    case 'notAFile':
      return 'it is not a regular file (a device, a pipe or a socket)';
    case 'unreadable':
      return `it cannot be read (${problem.reason})`;
    case 'noAnswer':
      return `it gave no answer within ${problem.seconds} s (a disk or network share that stopped responding?)`;
    default:
      return notKnown(problem) ?? 'it cannot be given';
  }
}

const kinds: Record<string, string> = {
  text: 'it must be text',
  secret: 'it must be text',
  boolean: 'it must be on or off',
  number: 'it must be a number',
};

/** A reason in English; undefined only for a code this build does not know. */
export function reasonEn(reason: ReasonCode, noun: Noun = 'tool'): string | undefined {
  switch (reason.code) {
    case 'exited':
    case 'signal':
    case 'trapped':
      return `it ${exitEn(reason)}`;
    case 'crashedTooOften': {
      const crashes = countIn('en', reason.crashes, 'time', 'times');
      return `the ${noun} crashed ${crashes} within ${durationEn(reason.seconds)} (last: it ${exitEn(reason.last)}); it stays stopped until you restart it`;
    }
    case 'couldNotStart':
      return `could not start ${reason.program}: ${reason.problem}`;
    case 'initializeTimeout':
      return `the ${noun} did not answer initialize within ${durationEn(reason.seconds)}${reason.silent ? `, and wrote nothing on its output: ${UNFLUSHED_EN}` : ''}`;
    case 'initializeFailed':
      return `the ${noun} failed initialize: ${reason.message} (${reason.errorCode})`;
    case 'protocolMissing':
      return 'the tool answered initialize without saying which protocol version it picked';
    case 'protocolNotOffered':
      return `the tool picked protocol ${reason.picked}, but the app offers only ${reason.offered.join(', ')}`;
    case 'apiMissing':
      return 'the plugin answered initialize without saying which api it speaks';
    case 'apiNotSpoken':
      return `the plugin speaks api ${reason.picked}, but the app speaks only ${reason.spoken}`;
    case 'refused':
      return `the folder was refused: ${reason.problem}`;
    case 'notInstalled':
      return `no ${noun} ${quote(reason.toolId)} is installed`;
    case 'unknownCommand':
      return `the ${noun} has no command ${quote(reason.command)}`;
    case 'notRunnable':
      return `the ${noun} does not offer the command ${quote(reason.command)} right now`;
    case 'notRunning':
      return `the ${noun} is not running`;
    case 'stopping':
      return `the ${noun} is stopping`;
    case 'restarting': {
      const after = reason.after && reasonEn(reason.after, noun);
      return after ? `the ${noun} is restarting after a crash (${after})` : `the ${noun} is restarting after a crash`;
    }
    case 'stoppedBeforeAnswer':
      return `the ${noun} was stopped before it answered`;
    case 'linkBroken':
      return `the link to the ${noun} broke`;
    case 'fileNotGiven':
      return `${reason.path} was not given to the ${noun}: ${givenFileEn(reason.problem)}`;
    case 'notStarted':
      return `the ${noun} did not start`;
    case 'unknownPreference':
      return `the ${noun} has no preference ${quote(reason.id)}`;
    case 'untitledPreference':
      return `the preference ${quote(reason.id)} is the ${noun}’s own and cannot be changed here`;
    case 'tooLong':
      return `too long: ${countIn('en', reason.chars, 'character', 'characters')}, at most ${reason.max.toLocaleString('en')}`;
    case 'kind':
      return kinds[reason.kind];
    case 'notAnOption':
      return `not one of the options ${reason.options.map(quote).join(', ')}`;
    case 'belowMinimum':
      return `it must be ${reason.minimum.toLocaleString('en')} or more`;
    case 'aboveMaximum':
      return `it must be ${reason.maximum.toLocaleString('en')} or less`;
    case 'notWhole':
      return 'it must be a whole number';
    case 'notUrl':
      return 'it must be a link such as https://example.com (http, https or mailto)';
    default:
      return notKnown(reason);
  }
}
