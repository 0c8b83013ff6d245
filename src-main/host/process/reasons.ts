// The host's reasons are made once, as data (StateReasonCode, CommandReasonCode), and sent with their
// English (src-shared/reasons-en.ts, which the window's English uses too) for the log, the CLI and the
// `stateReason`/`message` texts; the window words the same data in its other languages.
import type { CommandOutcome, CommandReasonCode, ExitReasonCode, ReasonCode, Result, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import { exitEn, reasonEn, type Noun } from '../../../src-shared/reasons-en';
import type { ToolExit } from './child';

/** A reason in both forms: the English text and the data behind it. */
export interface Reason<Code> {
  text: string;
  code: Code;
}

export function exitReasonCode(exit: ToolExit): ExitReasonCode {
  return exit.signal ? { code: 'signal', signal: exit.signal } : { code: 'exited', exitCode: exit.code };
}

/** How a process ended, in English: "exited with code 3", "was ended by SIGKILL". */
export const exitText = (exit: ToolExit): string => exitEn(exitReasonCode(exit));

/** The English of a reason the host made (every code the host makes is worded, so its code never shows). */
export function reasonText(reason: ReasonCode, noun: Noun = 'tool'): string {
  return reasonEn(reason, noun) ?? reason.code;
}

export function stateReason(code: StateReasonCode, noun: Noun = 'tool'): Reason<StateReasonCode> {
  return { text: reasonText(code, noun), code };
}

/** A command that could not run, and why. */
export function unavailable(reason: CommandReasonCode): CommandOutcome {
  return { outcome: 'unavailable', message: reasonText(reason), reasonCode: reason };
}

/** A request about a tool or plugin the host does not hold. */
export function notInstalled(toolId: string, noun: Noun = 'tool'): Extract<Result, { ok: false }> {
  const code = { code: 'notInstalled', toolId } as const;
  return { ok: false, problem: reasonText(code, noun), problemCode: code };
}

/** Why nothing runs to take a request, from the state and its reason: failed (why), restarting after a crash, stopping. */
export function notRunningReason(state: ToolState, reason: StateReasonCode | undefined): CommandReasonCode {
  switch (state) {
    case 'failed':
      return reason ?? { code: 'notRunning' };
    case 'crashed':
      return reason ? { code: 'restarting', after: reason } : { code: 'restarting' };
    case 'stopping':
      return { code: 'stopping' };
    default:
      return { code: 'notRunning' };
  }
}
