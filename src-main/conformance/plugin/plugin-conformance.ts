// `vitruvian-tool check` for a Skwir plugin (a module plugin's run is module-conformance.ts): starts
// it as the host does and judges its side of the
// plugin protocol, a PASS/FAIL line a check: initialize answered with an api spoken, an unknown
// method refused, each declared field, preview and command answered with a well-formed answer on a
// file of a kind it serves, $/cancel survived, reads within the rules, only messages on stdout, and
// an exit with code 0 within 2 s of its input closing.
import path from 'node:path';
import { answerProblems } from '../../../src-shared/skwir/answers';
import { askProblems } from '../../../src-shared/skwir/asking';
import { spokenApi } from '../../../src-shared/skwir/limits';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { exitText } from '../../host/process/reasons';
import { duration, failed, passed, quoteLine, skipped, warned, type CheckName, type CheckResult } from '../check-result';
import type { ConformanceReport } from '../check-result';
import { runModuleConformance } from './module-conformance';
import { planCalls, pluginCheckLimits, type PlannedCall, type PluginCheckLimits } from './plan-calls';
import { PluginLaunchFailure, PluginSession, type SessionAnswer } from './plugin-session';
import { SampleFiles } from './sample-files';

const named = (id: string, name: string): CheckName => ({ id, name });
const fixed = {
  initialize: named('initialize', 'initialize answered with an api this app speaks'),
  unknown: named('unknown-request', 'an unknown method answered with an error'),
  cancel: named('cancel', '$/cancel survived'),
  reads: named('reads', 'reads within the rules'),
  stdout: named('stdout', 'stdout carries only messages, each answering what was asked'),
  close: named('close', 'exits 0 within 2 s of its input closing'),
};

export async function runPluginConformance(
  folder: string,
  manifest: PluginManifest,
  execPath: string,
  options: { files?: string[]; limits?: Partial<PluginCheckLimits>; signal?: AbortSignal } = {},
): Promise<ConformanceReport> {
  const limits = { ...pluginCheckLimits, ...options.limits };
  if (manifest.transport.kind === 'module') {
    return runModuleConformance(folder, manifest, execPath, { ...options, limits });
  }
  const calls = planCalls(manifest);
  const order = [
    named('folder', 'the folder validates'),
    fixed.initialize,
    fixed.unknown,
    ...calls.map((c) => c.check),
    fixed.cancel,
    fixed.reads,
    fixed.stdout,
    fixed.close,
  ];
  const results = new Map<string, CheckResult>([['folder', passed(order[0]!, `${manifest.id} ${manifest.version} (Skwir plugin)`)]]);
  const report = (notRun: string): ConformanceReport => {
    const checks = order.map((which) => results.get(which.id) ?? skipped(which, notRun));
    return { folder, tool: { id: manifest.id, version: manifest.version }, checks, pass: checks.every((c) => c.status === 'pass' || c.status === 'warn') };
  };
  let session: PluginSession;
  try {
    session = await PluginSession.start(manifest, execPath);
  } catch (error) {
    if (!(error instanceof PluginLaunchFailure)) throw error;
    results.set('initialize', failed(fixed.initialize, `the plugin could not be started: ${error.message}`));
    return report('not run: the plugin could not be started');
  }
  const stop = () => void session.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const initialize = await session.initialize(limits.initializeMs);
    results.set('initialize', judgeInitialize(initialize, session.stderr));
    if (results.get('initialize')!.status === 'fail') return report('not run: initialize was not answered with an api this app speaks');

    results.set('unknown-request', judgeUnknown(await session.request('vitruvian/no-such-method', {}, limits.callMs)));
    const samples = new SampleFiles(session.scratch, options.files ?? []);
    let cancellable: { call: PlannedCall; file: string } | undefined;
    for (const call of calls) {
      const file = await samples.for(call.kinds);
      if (!file) {
        results.set(call.check.id, skipped(call.check, 'it serves only media types, and no --file is of one; give one'));
        continue;
      }
      results.set(call.check.id, await judgeCall(session, call, file, (options.files ?? []).includes(file), limits));
      cancellable ??= { call, file };
    }
    if (cancellable) results.set('cancel', await judgeCancel(session, cancellable.call, cancellable.file, limits));
    else results.set('cancel', skipped(fixed.cancel, 'the plugin declares nothing to ask, so no call to cancel'));
    // A read the plugin sent before it saw a $/cancel is refused as the protocol says, through no fault of its own.
    const refused = session.refusedReads.filter((read) => !read.includes('was cancelled; its reads are refused'));
    results.set(
      'reads',
      refused.length > 0
        ? failed(fixed.reads, `${refused.length} refused; the first: ${refused[0]}`)
        : passed(fixed.reads, session.reads === 0 ? 'it read nothing' : 'each read was served (how many depends on when the cancel came)'),
    );
    const close = await session.closeInput(limits.closeMs);
    results.set('close', judgeClose(close, limits.closeMs));
    const faults = session.problems.filter((p) => p.kind !== 'lateAnswer');
    results.set(
      'stdout',
      faults.length > 0
        ? failed(fixed.stdout, `${faults.length === 1 ? 'one problem' : `${faults.length} problems`}; the first: ${faults[0]!.message}`)
        : passed(fixed.stdout, 'every line was a message'),
    );
    return report('not run');
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await session.dispose();
  }
}

function judgeInitialize(answer: SessionAnswer, stderr: string[]): CheckResult {
  if (answer.kind === 'result') {
    const api = (answer.result as { api?: unknown } | null)?.api;
    if (typeof api === 'number' && spokenApi(api)) return passed(fixed.initialize, `api ${api} in ${duration(answer.ms)}`);
    return failed(
      fixed.initialize,
      `answered ${quoteLine(JSON.stringify(answer.result))}: ${api === undefined ? 'no api' : `api ${JSON.stringify(api)} is not one this app speaks (1)`}`,
    );
  }
  if (answer.kind === 'failure') return failed(fixed.initialize, `answered a failure: ${answer.message} (${answer.code})`, stderr);
  if (answer.kind === 'timeout') return failed(fixed.initialize, `no answer within ${duration(answer.ms)}`, stderr);
  return failed(fixed.initialize, `${answer.how} before it answered`, stderr);
}

function judgeUnknown(answer: SessionAnswer): CheckResult {
  if (answer.kind === 'failure') {
    if (answer.code === -32601) return passed(fixed.unknown, `answered -32601: ${answer.message}`);
    return warned(fixed.unknown, `answered ${answer.code}: ${answer.message}; JSON-RPC's code for an unknown method is -32601`);
  }
  if (answer.kind === 'result') return failed(fixed.unknown, `answered a result, ${quoteLine(JSON.stringify(answer.result))}, to a method it does not have`);
  return failed(fixed.unknown, answer.kind === 'timeout' ? `no answer within ${duration(answer.ms)}` : `${answer.how} before it answered`);
}

async function judgeCall(session: PluginSession, call: PlannedCall, file: string, own: boolean, limits: PluginCheckLimits): Promise<CheckResult> {
  const params = structuredClone(call.params);
  const asked = askProblems(session.manifest, call.method, params, [{ name: file }]);
  if (asked.length > 0) return skipped(call.check, `could not be asked: ${asked.join('; ')}`);
  const entries = call.method === 'command';
  const answer = await session.call(call.method, params, [file], { entries, timeoutMs: limits.callMs });
  const on = own ? file : `a sample ${file.slice(file.lastIndexOf('.'))} file`;
  if (answer.kind === 'failure') {
    const words = `answered a failure on ${on}: ${answer.message} (${answer.code})`;
    return own ? failed(call.check, words) : warned(call.check, `${words}; give a --file it reads to judge an answer`);
  }
  if (answer.kind === 'timeout') return failed(call.check, `no answer within ${duration(answer.ms)} on ${on}`);
  if (answer.kind === 'gone') return failed(call.check, `${answer.how} before it answered`, session.stderr);
  const problems = answerProblems(call.method, answer.result, {
    files: answer.files.count,
    firstHandle: answer.files.first,
    granted: session.manifest.capabilities,
    paths: path,
  });
  if (problems.length > 0) return failed(call.check, `a malformed answer on ${on}: ${problems.join('; ')}`);
  // A page of inspection with a page after it: that one is asked too.
  const next = call.method === 'inspect' ? (answer.result as { next?: unknown } | null)?.next : undefined;
  if (typeof next === 'number') {
    const second = await session.call('inspect', { ...params, offset: next }, [file], { entries: false, timeoutMs: limits.callMs });
    const again =
      second.kind === 'result'
        ? answerProblems('inspect', second.result, {
            files: second.files.count,
            firstHandle: second.files.first,
            granted: session.manifest.capabilities,
            paths: path,
          })
        : [];
    if (second.kind !== 'result' && second.kind !== 'failure') return failed(call.check, `the next page (offset ${next}) got no answer`);
    if (again.length > 0) return failed(call.check, `the next page (offset ${next}) is malformed: ${again.join('; ')}`);
  }
  return passed(call.check, `well formed on ${on}, in ${duration(answer.ms)}${next !== undefined && next !== null ? ', and the next page' : ''}`);
}

async function judgeCancel(session: PluginSession, call: PlannedCall, file: string, limits: PluginCheckLimits): Promise<CheckResult> {
  const params = structuredClone(call.params);
  askProblems(session.manifest, call.method, params, [{ name: file }]);
  const entries = call.method === 'command';
  await session.call(call.method, params, [file], { entries, timeoutMs: limits.callMs, cancelAfterMs: 0 });
  const after = await session.call(call.method, structuredClone(params), [file], { entries, timeoutMs: limits.callMs });
  if (after.kind === 'result' || after.kind === 'failure')
    return passed(fixed.cancel, `${call.check.name} cancelled at once; the next call was answered in ${duration(after.ms)}`);
  return failed(fixed.cancel, after.kind === 'timeout' ? 'after a $/cancel the next call got no answer' : `after a $/cancel, ${after.how}`, session.stderr);
}

function judgeClose(close: Awaited<ReturnType<PluginSession['closeInput']>>, ms: number): CheckResult {
  if (close.exitedInMs !== undefined && close.exit?.code === 0) return passed(fixed.close, `exited 0 in ${duration(close.exitedInMs)}`);
  if (close.exitedInMs !== undefined) {
    return failed(fixed.close, `it ${close.exit ? exitText(close.exit) : 'exited'}`);
  }
  return failed(fixed.close, `still running ${duration(ms)} after its input closed; ended by ${close.signal ?? 'the stop sequence'}`);
}
