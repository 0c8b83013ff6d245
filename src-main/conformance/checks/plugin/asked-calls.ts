// How a declaration's calls are asked and kept, for declaration.ts and the follow-ups of its first
// answers (inspect-calls.ts, page-calls.ts).
import type { CallMethod } from '../../../../src-shared/skwir/methods';
import type { CallOutcome, CallRequest } from '../../../host/plugins/plugin-calls';
import type { SampleFile } from '../../plugin/sample-files';

/** What asks a plugin its calls: the program's session, or the host's module plugin. */
export interface CallAsker {
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>>;
}

/** One call asked, as the reason names it: `page 2 of /home/ada/a.pdf`. */
export interface Asked {
  what: string;
  own: boolean;
  outcome: CallOutcome;
  /** What is wrong with a well-formed answer (a find's position, a page count that changes). */
  fault?: string;
  /** A failure is a right answer to it (a page past the last). */
  mayFail?: boolean;
}

/** What is wrong with a call's well-formed answer, or undefined. */
export type AnswerJudge = (outcome: Extract<CallOutcome, { outcome: 'answered' }>) => string | undefined;

/** Asks one call and keeps it in the order asked, whenever it ends. */
export type AskCall = (what: string, request: CallRequest, extra?: { mayFail?: boolean; judge?: AnswerJudge }) => Promise<CallOutcome>;

/** What a follow-up is given: the file, its first call's request and answer, and the asker. */
export interface FollowUp {
  file: SampleFile;
  request: CallRequest;
  first: CallOutcome;
  ask: AskCall;
}
