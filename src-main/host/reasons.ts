// The host's reasons are made once, as data (StateReasonCode, CommandReasonCode), and put in English
// here for the log, the CLI and the `stateReason`/`message` texts; the window words the same data
// in its own language (src-renderer/words). One source, so text and data never disagree.
import type { CommandOutcome, CommandReasonCode, ExitReasonCode, StateReasonCode } from '../../src-shared/host-api';
import type { ToolExit } from './program-process';

/** A reason in both forms: the English text and the data behind it. */
export interface Reason<Code> {
  text: string;
  code: Code;
}

export function exitReasonCode(exit: ToolExit): ExitReasonCode {
  return exit.signal ? { code: 'signal', signal: exit.signal } : { code: 'exited', exitCode: exit.code };
}

/** "exited with code 3", "was ended by SIGKILL". */
export function describeExitCode(exit: ExitReasonCode): string {
  return exit.code === 'signal' ? `was ended by ${exit.signal}` : `exited with code ${exit.exitCode}`;
}

/** A duration for a person: "1 minute", "3 minutes", "0.5 s". */
export function durationWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  return `${ms / 1000} s`;
}

/** What the reasons speak of: a tool (protocol 1) or a Skwir plugin. */
export type Noun = 'tool' | 'plugin';

export function describeStateReason(reason: StateReasonCode, noun: Noun = 'tool'): string {
  switch (reason.code) {
    case 'exited':
    case 'signal':
      return `it ${describeExitCode(reason)}`;
    case 'crashedTooOften':
      return `the ${noun} crashed ${reason.crashes} times within ${durationWords(reason.seconds * 1000)} (last: it ${describeExitCode(reason.last)}); it stays stopped until restarted`;
    case 'couldNotStart':
      return `could not start ${reason.program}: ${reason.problem}`;
    case 'initializeTimeout':
      return `the ${noun} did not answer initialize within ${durationWords(reason.seconds * 1000)}`;
    case 'initializeFailed':
      return `the ${noun} failed initialize: ${reason.message} (${reason.errorCode})`;
    case 'protocolMissing':
      return 'the tool answered initialize without the protocol version it picked';
    case 'protocolNotOffered':
      return `the tool picked protocol ${reason.picked}, but the app offered only ${reason.offered.join(', ')}`;
    case 'apiMissing':
      return 'the plugin answered initialize without the api it speaks';
    case 'apiNotSpoken':
      return `the plugin speaks api ${reason.picked}, but the app speaks only ${reason.spoken}`;
    case 'refused':
      return `the folder was refused: ${reason.problem}`;
  }
}

export function describeCommandReason(reason: CommandReasonCode, noun: Noun = 'tool'): string {
  switch (reason.code) {
    case 'notInstalled':
      return `no ${noun} "${reason.toolId}" is installed`;
    case 'unknownCommand':
      return `the ${noun} declares no command "${reason.command}"`;
    case 'notRunnable':
      return `the command "${reason.command}" is not runnable now`;
    case 'notRunning':
      return `the ${noun} is not running`;
    case 'stopping':
      return `the ${noun} is stopping`;
    case 'restarting':
      return `the ${noun} is restarting after a crash (${reason.after ? describeStateReason(reason.after, noun) : 'unknown'})`;
    case 'stoppedBeforeAnswer':
      return `the ${noun} was stopped before it answered`;
    case 'linkBroken':
      return `the link to the ${noun} broke`;
    default:
      return describeStateReason(reason, noun);
  }
}

export function stateReason(code: StateReasonCode, noun: Noun = 'tool'): Reason<StateReasonCode> {
  return { text: describeStateReason(code, noun), code };
}

/** A command that could not run, and why. */
export function unavailable(reason: CommandReasonCode): CommandOutcome {
  return { outcome: 'unavailable', message: describeCommandReason(reason), reasonCode: reason };
}
