// initialize: answered within the limit, with a version that was offered and the tool's own
// version as text. Its answer also tells the run whether there is a tool to go on with.
import { resultProblems } from '../../../src-shared/protocol/check-message';
import type { InitializeParams, InitializeResult } from '../../../src-shared/protocol/types';
import { PROTOCOLS_OFFERED } from '../../host/tools/initialize';
import { check, duration, failed, passed, quoteLine, type CheckResult } from '../check-result';
import { endReason } from '../session';
import type { ToolSession } from '../tool-session';

const CHECK = check('initialize');

export interface InitializeOutcome {
  result: CheckResult;
  /** A result came: the run goes on (a failure, a silence or an exit ends it). */
  goOn: boolean;
}

export async function checkInitialize(session: ToolSession): Promise<InitializeOutcome> {
  const offered: number[] = [...PROTOCOLS_OFFERED];
  const params: InitializeParams = { protocols: offered, language: 'en', dataFolder: session.dataFolder };
  const answering = session.request('initialize', params, session.limits.initializeMs);
  session.holdOutput();
  const answer = await answering;
  // Never answered: the cause is usually on stderr (a syntax error, a missing module), shown under the FAIL.
  switch (answer.kind) {
    case 'timeout':
      return { goOn: false, result: failed(CHECK, `no answer within ${duration(session.limits.initializeMs)}`, session.stderrLines) };
    case 'gone':
      return { goOn: false, result: failed(CHECK, endReason({ how: answer.end.how }, 'before answering'), session.stderrLines) };
    case 'failure':
      return {
        goOn: false,
        result: failed(CHECK, `answered with failure ${answer.error.code} instead of a result: ${quoteLine(answer.line?.text ?? answer.error.message)}`),
      };
    case 'result':
      break;
  }
  const line = answer.line ? `: ${quoteLine(answer.line.text)}` : '';
  const problems = resultProblems('initialize', answer.result);
  if (problems.length > 0) return { goOn: true, result: failed(CHECK, `${problems.join('; ')}${line}`) };
  const { protocol, version } = answer.result as InitializeResult;
  if (!offered.includes(protocol)) {
    return {
      goOn: true,
      result: failed(CHECK, `picked protocol ${protocol}, which was not offered (offered ${offered.join(', ')})${line}`),
    };
  }
  const manifestVersion = session.manifest.version;
  const note = version === manifestVersion ? '' : ` (the manifest says ${JSON.stringify(manifestVersion)})`;
  return {
    goOn: true,
    result: passed(CHECK, `protocol ${protocol}, version ${JSON.stringify(version)}${note}, in ${duration(answer.ms)}`),
  };
}
