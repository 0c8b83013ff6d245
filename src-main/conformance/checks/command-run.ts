// command/run for each declared command: answered {} (it ran) or failure -32010 (it will not),
// within the app's limit.
import { ErrorCodes } from '../../../src-shared/error-codes';
import { resultProblems } from '../../../src-shared/protocol/check-message';
import { check, commandRunCheck, duration, failed, passed, quoteLine, skipped, type CheckResult } from '../check-result';
import { endReason } from '../session';
import type { ToolSession } from '../tool-session';

export async function checkCommandRuns(session: ToolSession): Promise<CheckResult[]> {
  const commands = session.manifest.commands ?? [];
  if (commands.length === 0) return [passed(check('command-run'), 'not sent: the manifest declares no command')];
  const results: CheckResult[] = [];
  for (const { id } of commands) results.push(await checkCommandRun(session, id));
  return results;
}

async function checkCommandRun(session: ToolSession, command: string): Promise<CheckResult> {
  const which = commandRunCheck(command);
  if (!session.alive) return skipped(which, session.notRunReason('tool'));
  const limit = session.limits.commandMs;
  const answer = await session.request('command/run', { command }, limit);
  const line = 'line' in answer && answer.line ? `: ${quoteLine(answer.line.text)}` : '';
  switch (answer.kind) {
    case 'gone':
      return failed(which, endReason(answer.end, 'while running it'));
    case 'timeout':
      return failed(which, `no answer within ${duration(limit)}`);
    case 'failure':
      if (answer.error.code === ErrorCodes.CommandRefused) {
        return passed(which, `refused with -32010 (${JSON.stringify(answer.error.message)}) in ${duration(answer.ms)}`);
      }
      return failed(which, `answered failure ${answer.error.code}, expected {} or -32010${line}`);
    case 'result': {
      const problems = resultProblems('command/run', answer.result);
      if (problems.length > 0) return failed(which, `${problems.join('; ')}, expected {}${line}`);
      // A command that ran is answered {}: anything in it is read by no one, and may be a mistake.
      if (Object.keys(answer.result as object).length > 0) {
        return failed(which, `answered ${quoteLine(JSON.stringify(answer.result), 80)}, expected {} or failure -32010${line}`);
      }
      return passed(which, `answered {} in ${duration(answer.ms)}`);
    }
  }
}
