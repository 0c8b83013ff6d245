// The host's reasons (ReasonCode) in English; undefined for a code this window does not know.
import type { ExitReasonCode, ReasonCode } from '../../src-shared/host-api';
import { countIn } from './plural';

const quote = (value: string) => `“${value}”`;
const count = (n: number) => n.toLocaleString('en');

/** "1 minute", "3 minutes", "10 seconds", "0.5 seconds". */
export function durationEn(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return countIn('en', seconds / 60, 'minute', 'minutes');
  return countIn('en', seconds, 'second', 'seconds');
}

function exitEn(exit: ExitReasonCode): string | undefined {
  if (exit.code === 'signal') return `it was ended by ${exit.signal}`;
  if (exit.code === 'exited') return exit.exitCode === null ? 'it exited' : `it exited with code ${exit.exitCode}`;
  return undefined;
}

const kinds: Record<string, string> = {
  text: 'it must be text',
  secret: 'it must be text',
  boolean: 'it must be on or off',
  number: 'it must be a number',
};

export function reasonEn(reason: ReasonCode): string | undefined {
  switch (reason.code) {
    case 'exited':
    case 'signal':
      return exitEn(reason);
    case 'crashedTooOften': {
      const last = exitEn(reason.last);
      return last && `it crashed ${countIn('en', reason.crashes, 'time', 'times')} within ${durationEn(reason.seconds)} (last: ${last}); it stays stopped until you restart it`;
    }
    case 'couldNotStart':
      return `could not start ${reason.program}: ${reason.problem}`;
    case 'initializeTimeout':
      return `it did not answer initialize within ${durationEn(reason.seconds)}`;
    case 'initializeFailed':
      return `it failed initialize: ${reason.message} (${reason.errorCode})`;
    case 'protocolMissing':
      return 'it answered initialize without saying which protocol version it picked';
    case 'protocolNotOffered':
      return `it picked protocol ${reason.picked}, but the app offers only ${reason.offered.join(', ')}`;
    case 'refused':
      return `the folder was refused: ${reason.problem}`;
    case 'notInstalled':
      return `no tool ${quote(reason.toolId)} is installed`;
    case 'unknownCommand':
      return `the tool has no command ${quote(reason.command)}`;
    case 'notRunnable':
      return 'the tool does not offer this command right now';
    case 'notRunning':
      return 'the tool is not running';
    case 'stopping':
      return 'the tool is stopping';
    case 'restarting': {
      const after = reason.after && reasonEn(reason.after);
      return after ? `the tool is restarting after a crash (${after})` : 'the tool is restarting after a crash';
    }
    case 'stoppedBeforeAnswer':
      return 'the tool was stopped before it answered';
    case 'linkBroken':
      return 'the link to the tool broke';
    case 'notStarted':
      return 'the tool did not start';
    case 'unknownPreference':
      return `the tool has no preference ${quote(reason.id)}`;
    case 'untitledPreference':
      return `the preference ${quote(reason.id)} is the tool’s own and cannot be changed here`;
    case 'tooLong':
      return `too long: ${countIn('en', reason.chars, 'character', 'characters')}, at most ${count(reason.max)}`;
    case 'kind':
      return kinds[reason.kind];
    case 'notAnOption':
      return `not one of the options ${reason.options.map(quote).join(', ')}`;
    default:
      return undefined;
  }
}
