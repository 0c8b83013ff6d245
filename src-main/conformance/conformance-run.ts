// `vitruvian-tool check`: validates the folder, then drives the tool through one scripted session
// as the app would and judges its side of protocol 1, check by check.
import { checkToolFolder } from '../host/tool-folder';
import { failed, passed, skipped, type CheckResult } from './check-result';
import { checkCommandRuns } from './checks/command-run';
import { checkInitialize } from './checks/initialize';
import { checkShutdown } from './checks/shutdown';
import {
  checkLanguageChanged, checkPreferencesChanged, checkUnknownFields, checkUnknownNotice,
} from './checks/survival';
import { checkUnknownRequest } from './checks/unknown-request';
import {
  checkCommandsState, checkMessagesFit, checkQuietBeforeInitialize, checkServices, checkStdout,
} from './checks/wire-checks';
import { defaultLimits, type ConformanceLimits } from './limits';
import { ConformanceSession } from './session';

export interface ConformanceReport {
  folder: string;
  /** The tool's id and version, once its folder validated. */
  tool?: { id: string; version: string };
  checks: CheckResult[];
  /** Every check passed. */
  pass: boolean;
}

export interface ConformanceOptions {
  /** Smaller limits for tests; the protocol's own by default. */
  limits?: Partial<ConformanceLimits>;
  /** Stops the run early (Ctrl-C): the tool's process group is ended, the checks left are not run. */
  signal?: AbortSignal;
}

export async function runConformance(folder: string, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const limits = { ...defaultLimits, ...options.limits };
  const verdict = await checkToolFolder(folder);
  if (!verdict.ok) {
    return report(folder, undefined, [failed('folder', 'the folder validates', verdict.problems.join('; '))]);
  }
  const { manifest, execPath } = verdict;
  const tool = { id: manifest.id, version: manifest.version };
  const folderCheck = passed('folder', 'the folder validates', `${manifest.id} ${manifest.version}`);
  const session = await ConformanceSession.start(manifest, execPath, limits);
  const stop = () => void session.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  try {
    const initialize = await checkInitialize(session);
    let steps: Steps;
    if (initialize.goOn) {
      session.releaseOutput();
      steps = await runSteps(session);
    } else {
      steps = notRun(session, 'not run: initialize was not answered with a result');
    }
    await session.outputEnded();
    return report(folder, tool, [
      folderCheck,
      initialize.result,
      checkQuietBeforeInitialize(session),
      checkStdout(session),
      steps.unknownRequest,
      steps.unknownNotice,
      steps.languageChanged,
      steps.unknownFields,
      ...steps.commandRuns,
      steps.preferencesChanged,
      checkCommandsState(session),
      checkServices(session),
      checkMessagesFit(session),
      steps.shutdown,
    ]);
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await session.dispose();
  }
}

interface Steps {
  unknownRequest: CheckResult;
  unknownNotice: CheckResult;
  unknownFields: CheckResult;
  commandRuns: CheckResult[];
  preferencesChanged: CheckResult;
  languageChanged: CheckResult;
  shutdown: CheckResult;
}

async function runSteps(session: ConformanceSession): Promise<Steps> {
  // One at a time, in this order: each waits for the answer of the one before. language/changed
  // comes before the unknown fields, which ride on one, so a tool that cannot take the notice at
  // all fails its own check. Commands run before preferences change, with the values they start with.
  const unknownRequest = await checkUnknownRequest(session);
  const unknownNotice = await checkUnknownNotice(session);
  const languageChanged = await checkLanguageChanged(session);
  const unknownFields = await checkUnknownFields(session);
  const commandRuns = await checkCommandRuns(session);
  const preferencesChanged = await checkPreferencesChanged(session);
  const shutdown = await checkShutdown(session);
  return { unknownRequest, unknownNotice, unknownFields, commandRuns, preferencesChanged, languageChanged, shutdown };
}

function notRun(session: ConformanceSession, reason: string): Steps {
  const commands = session.manifest.commands ?? [];
  return {
    unknownRequest: skipped('unknown-request', 'unknown request answered -32601', reason),
    unknownNotice: skipped('unknown-notice', 'unknown notice ignored', reason),
    unknownFields: skipped('unknown-fields', 'unknown fields ignored', reason),
    commandRuns: commands.map(({ id }) => skipped(`command-run:${id}`, `command/run ${id}`, reason)),
    preferencesChanged: skipped('preferences-changed', 'preferences/changed survived', reason),
    languageChanged: skipped('language-changed', 'language/changed survived', reason),
    shutdown: skipped('shutdown', 'exits 0 after shutdown', reason),
  };
}

function report(folder: string, tool: ConformanceReport['tool'], checks: CheckResult[]): ConformanceReport {
  return { folder, ...(tool ? { tool } : {}), checks, pass: checks.every((check) => check.status === 'pass') };
}
