// The checks only a program plugin has, judged on its wire: initialize answered with an api this app
// speaks, an unknown method answered with an error, only messages on stdout (each answering what
// was asked), and an exit with code 0 soon after its input closed.
import { spokenApi } from '../../../../src-shared/skwir/limits';
import { exitText } from '../../../host/process/reasons';
import { duration, failed, passed, quoteLine, warned, type CheckResult } from '../../check-result';
import { closeCheck, pluginChecks } from '../../plugin/plan-calls';
import type { PluginSession } from '../../plugin/plugin-session';
import { UNKNOWN_METHOD_CODE } from '../../plugin/skwir-codes';
import { endReason, type Answer } from '../../session';
import { stdoutResult } from '../wire-checks';

/** A method no plugin has, asked to see it refused. */
export const NO_SUCH_METHOD = 'vitruvian/no-such-method';

export function judgeInitialize(answer: Answer, session: PluginSession): CheckResult {
  const which = pluginChecks.initialize;
  switch (answer.kind) {
    case 'result': {
      const api = (answer.result as { api?: unknown } | null)?.api;
      if (typeof api === 'number' && spokenApi(api)) return passed(which, `api ${api} in ${duration(answer.ms)}`);
      const why = api === undefined ? 'no api' : `api ${JSON.stringify(api)} is not one this app speaks (1)`;
      return failed(which, `answered ${quoteLine(JSON.stringify(answer.result))}: ${why}`);
    }
    case 'failure':
      return failed(which, `answered a failure: ${answer.error.message} (${answer.error.code})`, session.stderrLines);
    case 'timeout':
      return failed(which, `no answer within ${duration(answer.ms)}`, session.stderrLines);
    case 'gone':
      return failed(which, endReason({ how: answer.end.how }, 'before it answered', 'plugin'), session.stderrLines);
  }
}

export function judgeUnknownMethod(answer: Answer): CheckResult {
  const which = pluginChecks.unknown;
  switch (answer.kind) {
    case 'failure': {
      const { code, message } = answer.error;
      if (code === UNKNOWN_METHOD_CODE) return passed(which, `answered ${code}: ${message}`);
      return warned(which, `answered ${code}: ${message}; JSON-RPC's code for an unknown method is ${UNKNOWN_METHOD_CODE}`);
    }
    case 'result':
      return failed(which, `answered a result, ${quoteLine(JSON.stringify(answer.result))}, to a method it does not have`);
    case 'timeout':
      return failed(which, `no answer within ${duration(answer.ms)}`);
    case 'gone':
      return failed(which, endReason(answer.end, 'before it answered', 'plugin'));
  }
}

/** Lines that were no message, answers to nothing and second answers; a late answer to a cancelled call is the protocol's own. */
export function judgeStdout({ record }: PluginSession): CheckResult {
  const faults = [...record.notMessages, ...record.strayAnswers, ...record.twiceAnswered];
  // How many lines depends on how many reads came before the cancel: not counted.
  if (faults.length === 0) return passed(pluginChecks.stdout, 'every line was a message');
  return stdoutResult(pluginChecks.stdout, record, faults);
}

export async function checkClose(session: PluginSession): Promise<CheckResult> {
  const which = closeCheck(session.limits.closeMs);
  const close = await session.closeInput();
  if (close.exitedInMs !== undefined && close.exit?.code === 0) return passed(which, `exited 0 in ${duration(close.exitedInMs)}`);
  if (close.exitedInMs !== undefined) return failed(which, `it ${close.exit ? exitText(close.exit) : 'exited'}`);
  return failed(which, `still running ${duration(session.limits.closeMs)} after its input closed; ended by ${close.signal ?? 'the stop sequence'}`);
}
