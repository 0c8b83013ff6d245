// A request the tool does not know is answered with failure -32601, never with a result.
import { ErrorCodes } from '../../../src-shared/error-codes';
import { check, duration, failed, passed, quoteLine, skipped, type CheckResult } from '../check-result';
import { endReason } from '../session';
import type { ToolSession } from '../tool-session';
import { UNKNOWN_METHOD } from './survival';

const CHECK = check('unknown-request');

export async function checkUnknownRequest(session: ToolSession): Promise<CheckResult> {
  if (!session.alive) return skipped(CHECK, session.notRunReason('tool'));
  const answer = await session.request(UNKNOWN_METHOD, undefined, session.limits.answerMs);
  const line = 'line' in answer && answer.line ? `: ${quoteLine(answer.line.text)}` : '';
  switch (answer.kind) {
    case 'gone':
      return failed(CHECK, endReason(answer.end, `after ${UNKNOWN_METHOD} was sent`));
    case 'timeout':
      return failed(CHECK, `no answer to ${UNKNOWN_METHOD} within ${duration(session.limits.answerMs)}`);
    case 'result':
      return failed(CHECK, `answered ${UNKNOWN_METHOD} with a result, expected failure -32601${line}`);
    case 'failure':
      if (answer.error.code === ErrorCodes.MethodNotFound) return passed(CHECK, `${UNKNOWN_METHOD} answered -32601`);
      return failed(CHECK, `answered ${UNKNOWN_METHOD} with failure ${answer.error.code}, expected -32601${line}`);
  }
}
