// A request the tool does not know is answered with failure -32601, never with a result.
import { ErrorCodes } from '../../../src-shared/error-codes';
import { duration, failed, passed, quoteLine, skipped, type CheckResult } from '../check-result';
import { endReason, type ConformanceSession } from '../session';
import { UNKNOWN_METHOD } from './survival';

const ID = 'unknown-request';
const NAME = 'unknown request answered -32601';

export async function checkUnknownRequest(session: ConformanceSession): Promise<CheckResult> {
  if (!session.alive) return skipped(ID, NAME, session.notRunReason());
  const answer = await session.request(UNKNOWN_METHOD, undefined, session.limits.answerMs);
  const line = 'line' in answer && answer.line ? `: ${quoteLine(answer.line.text)}` : '';
  switch (answer.kind) {
    case 'gone':
      return failed(ID, NAME, endReason(answer.end, `after ${UNKNOWN_METHOD} was sent`));
    case 'timeout':
      return failed(ID, NAME, `no answer to ${UNKNOWN_METHOD} within ${duration(session.limits.answerMs)}`);
    case 'result':
      return failed(ID, NAME, `answered ${UNKNOWN_METHOD} with a result, expected failure -32601${line}`);
    case 'failure':
      if (answer.error.code === ErrorCodes.MethodNotFound) return passed(ID, NAME, `${UNKNOWN_METHOD} answered -32601`);
      return failed(ID, NAME, `answered ${UNKNOWN_METHOD} with failure ${answer.error.code}, expected -32601${line}`);
  }
}
