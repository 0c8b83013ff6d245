// One declaration of a plugin (a field, a preview's method, a command), asked on every file it
// serves as the app asks it: the first calls of all files queued at once (as when a folder is
// listed), then what their answers lead to (an inspection's next page and a find, a page reader's
// middle, last and one-past-the-last pages). Each call is timed from when it was sent, so one slow
// call is one FAIL naming it and its time, not a FAIL for every call queued behind it.
import { askProblems } from '../../../../src-shared/skwir/asking';
import type { CallMethod } from '../../../../src-shared/skwir/methods';
import type { PluginManifest } from '../../../../src-shared/skwir/plugin-manifest';
import type { CallOutcome, CallRequest } from '../../../host/plugins/plugin-calls';
import { duration, failed, passed, skipped, warned, type CheckResult } from '../../check-result';
import type { Declaration } from '../../plugin/plan-calls';
import { fileWords, type SampleFile } from '../../plugin/sample-files';
import type { Asked, AskCall, CallAsker } from './asked-calls';
import { inspectFollowUps } from './inspect-calls';
import { pageFollowUps } from './page-calls';

export interface DeclarationVerdict {
  result: CheckResult;
  /** A call of it that was answered in time (a failure too), to be cancelled by the cancel check. */
  answered?: CallRequest;
}

export async function checkDeclaration(asker: CallAsker, manifest: PluginManifest, declaration: Declaration, files: SampleFile[]): Promise<DeclarationVerdict> {
  const { check, method } = declaration;
  if (files.length === 0) return { result: skipped(check, 'it serves only media types, and no --file is of one; give one') };
  // A command is asked once about all its files, as a selection; the rest once a file.
  const groups = method === 'command' ? [files] : files.map((file) => [file]);
  const requests: CallRequest[] = [];
  for (const group of groups) {
    const params = structuredClone(declaration.params);
    const problems = askProblems(
      manifest,
      method,
      params,
      group.map((file) => ({ name: file.path })),
    );
    if (problems.length > 0) return { result: skipped(check, `could not be asked: ${problems.join('; ')}`) };
    requests.push({ method, params, files: group.map((file) => file.path) });
  }
  const asked: Asked[] = [];
  const own = (paths: readonly string[]) => files.some((file) => file.own && paths.includes(file.path));
  const ask: AskCall = async (what, request, extra = {}) => {
    const entry: Asked = { what, own: own(request.files), outcome: { ms: 0, outcome: 'unavailable', message: 'not answered yet' } };
    asked.push(entry);
    entry.outcome = await asker.call(request);
    const fault = entry.outcome.outcome === 'answered' ? extra.judge?.(entry.outcome) : undefined;
    if (fault) entry.fault = fault;
    if (extra.mayFail) entry.mayFail = true;
    return entry.outcome;
  };
  const firsts = await Promise.all(requests.map((request, index) => ask(firstWords(method, groups[index]!), request)));
  const followUps = method === 'inspect' ? inspectFollowUps : method === 'page' ? pageFollowUps : undefined;
  if (followUps) await Promise.all(groups.map((group, index) => followUps({ file: group[0]!, request: requests[index]!, first: firsts[index]!, ask })));
  const inTime = (outcome: CallOutcome) => outcome.outcome === 'answered' || outcome.outcome === 'failed';
  const answered = requests.find((_, index) => inTime(firsts[index]!));
  return { result: verdict(declaration, asked, groups), ...(answered ? { answered } : {}) };
}

function firstWords(method: CallMethod, group: SampleFile[]): string {
  const files = group.map(fileWords).join(', ');
  if (method === 'page') return `page 1 of ${files}`;
  return method === 'inspect' ? `the first page of ${files}` : files;
}

/** Why a call is a fault, or a warning (a failure on a sample file, which the plugin may not read); nothing when it is right. */
function judged(call: Asked): { fail?: string; warn?: string } {
  const { outcome, what } = call;
  switch (outcome.outcome) {
    case 'answered':
      return call.fault ? { fail: `on ${what}: ${call.fault}` } : {};
    case 'failed': {
      if (outcome.malformed) return { fail: `a malformed answer on ${what}: ${outcome.message.replace(/^the plugin's answer to \w+ is malformed: /, '')}` };
      if (call.mayFail) return {};
      const words = `answered a failure on ${what}: ${outcome.message}`;
      return call.own ? { fail: words } : { warn: `${words}; give a --file it reads to judge an answer` };
    }
    case 'cancelled':
      return { fail: `no answer within ${duration(outcome.ms)} on ${what}` };
    default:
      return { fail: `on ${what}: ${outcome.message}` };
  }
}

function verdict(declaration: Declaration, asked: Asked[], groups: SampleFile[][]): CheckResult {
  const verdicts = asked.map(judged);
  const fails = verdicts.flatMap((v) => (v.fail ? [v.fail] : []));
  if (fails.length > 0) {
    const more = fails.length === 1 ? '' : ` (and ${fails.length - 1} more ${fails.length === 2 ? 'call' : 'calls'} that failed)`;
    return failed(declaration.check, `${fails[0]}${more}`);
  }
  const warning = verdicts.find((v) => v.warn)?.warn;
  if (warning) return warned(declaration.check, warning);
  const slowest = Math.max(...asked.map((call) => call.outcome.ms));
  const files = groups.length === 1 ? groups[0]!.map(fileWords).join(', ') : `${groups.length} files`;
  const calls = asked.length === 1 ? `, in ${duration(slowest)}` : `, ${asked.length} calls, the slowest in ${duration(slowest)}`;
  return passed(declaration.check, `well formed on ${files}${calls}`);
}
