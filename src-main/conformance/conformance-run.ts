// `vitruvian-tool check`: validates the folder, then drives the tool through one scripted session
// as the app would and judges its side of protocol 1, check by check.
import { problemLines } from '../../src-shared/protocol/problem-reasons';
import type { Manifest } from '../../src-shared/protocol/types';
import { checkFolder } from '../host/installs/tool-folder';
import { check, checkNames, commandRunCheck, failed, passed, skipped, warned, type CheckId, type CheckResult, type ConformanceReport } from './check-result';
import { checkCommandRuns } from './checks/command-run';
import { checkInitialize } from './checks/initialize';
import { checkShutdown } from './checks/shutdown';
import { checkLanguageChanged, checkPreferencesChanged, checkUnknownFields, checkUnknownNotice } from './checks/survival';
import { checkUnknownRequest } from './checks/unknown-request';
import { checkCommandsState, checkLineEndings, checkMessagesFit, checkQuietBeforeInitialize, checkServices, checkStdout } from './checks/wire-checks';
import { defaultLimits, type ConformanceLimits } from './limits';
import { runModuleConformance } from './plugin/module-run';
import { pluginCheckLimits, type PluginCheckLimits } from './plugin/plan-calls';
import { runProgramConformance } from './plugin/program-run';
import { LaunchFailure } from './session';
import { ToolSession } from './tool-session';

export interface ConformanceOptions {
  /** Smaller limits for tests; the protocol's own by default. */
  limits?: Partial<ConformanceLimits>;
  /** Stops the run early (Ctrl-C): the tool's process group is ended, the checks left are not run. */
  signal?: AbortSignal;
  /** A Skwir plugin's run: the author's own files to ask about (--file), and smaller limits for tests. */
  files?: string[];
  pluginLimits?: Partial<PluginCheckLimits>;
}

export async function runConformance(folder: string, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const limits = { ...defaultLimits, ...options.limits };
  const verdict = await checkFolder(folder);
  if (!verdict.ok)
    return { folder, checks: [failed(check('folder'), [...problemLines(verdict.problems), ...(verdict.warnings ?? [])].join('; '))], pass: false };
  if (verdict.kind === 'plugin') {
    const run = verdict.manifest.transport.kind === 'module' ? runModuleConformance : runProgramConformance;
    const report = await run(folder, verdict.manifest, verdict.entryPath, {
      limits: { ...pluginCheckLimits, ...options.pluginLimits },
      ...(options.files ? { files: options.files } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { ...report, checks: report.checks.map((result) => (result.id === 'folder' ? folderResult(result.reason, verdict.warnings) : result)) };
  }
  const { manifest, execPath } = verdict;
  const results: CheckResult[] = [folderResult(`${manifest.id} ${manifest.version}`, verdict.warnings)];
  const finish = (notRunReason: string) => report(folder, manifest, results, notRunReason);

  let session: ToolSession;
  try {
    session = await ToolSession.start(manifest, execPath, limits);
  } catch (error) {
    if (!(error instanceof LaunchFailure)) throw error;
    results.push(failed(check('initialize'), `the tool could not be started: ${error.message}`));
    return finish('not run: the tool could not be started');
  }
  const stop = () => void session.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  try {
    const initialize = await checkInitialize(session);
    results.push(initialize.result);
    if (initialize.goOn) {
      session.releaseOutput();
      // One at a time, in this order: each waits for the answer of the one before. language/changed
      // comes before the unknown fields, which ride on one, so a tool that cannot take the notice
      // at all fails its own check. Commands run with the preferences they start with.
      results.push(await checkUnknownRequest(session));
      results.push(await checkUnknownNotice(session));
      results.push(await checkLanguageChanged(session));
      results.push(await checkUnknownFields(session));
      results.push(...(await checkCommandRuns(session)));
      results.push(await checkPreferencesChanged(session));
      results.push(await checkShutdown(session));
    }
    await session.outputEnded();
    results.push(
      checkQuietBeforeInitialize(session),
      checkStdout(session),
      checkLineEndings(session),
      checkCommandsState(session),
      checkServices(session),
      checkMessagesFit(session),
    );
    return finish('not run: initialize was not answered with a result');
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await session.dispose();
  }
}

/** The folder's check: a WARN naming each key its manifest's schema does not know (most are typos). */
const folderResult = (reason: string, warnings: string[]): CheckResult =>
  warnings.length === 0
    ? passed(check('folder'), reason)
    : warned(check('folder'), `${reason}, with ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}: ${warnings.join('; ')}`);

/** The results in the table's order; a check with no result is listed as not run. */
function report(folder: string, manifest: Manifest, results: CheckResult[], notRunReason: string): ConformanceReport {
  const byId = new Map(results.map((result) => [result.id, result]));
  const checks: CheckResult[] = [];
  for (const id of Object.keys(checkNames) as CheckId[]) {
    if (id === 'command-run') {
      const commands = manifest.commands ?? [];
      const names = commands.length > 0 ? commands.map(({ id: command }) => commandRunCheck(command)) : [check(id)];
      for (const name of names) checks.push(byId.get(name.id) ?? skipped(name, notRunReason));
    } else {
      checks.push(byId.get(id) ?? skipped(check(id), notRunReason));
    }
  }
  return {
    folder,
    tool: { id: manifest.id, version: manifest.version },
    checks,
    pass: checks.every((result) => result.status === 'pass' || result.status === 'warn'),
  };
}
