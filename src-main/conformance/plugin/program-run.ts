// `vitruvian-tool check` for a Skwir program plugin: started as the host starts it, over the session
// tools are judged through too, and judged on its side of the plugin protocol, a PASS/FAIL line a
// check: initialize answered with an api spoken, an unknown method refused, each declared field,
// preview and command answered well on every file it serves (call-loop.ts, as for a module), a
// cancel survived, reads within the rules, only messages on stdout, and an exit with code 0 soon
// after its input closed.
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { failed, passed, type CheckResult, type ConformanceReport } from '../check-result';
import { checkClose, judgeInitialize, judgeStdout, judgeUnknownMethod, NO_SUCH_METHOD } from '../checks/plugin/program-checks';
import { LaunchFailure } from '../session';
import { askDeclarations, declarationChecks, pluginReport } from './call-loop';
import { closeCheck, pluginChecks, type PluginCheckLimits } from './plan-calls';
import { PluginSession } from './plugin-session';

export async function runProgramConformance(
  folder: string,
  manifest: PluginManifest,
  execPath: string,
  options: { files?: string[]; limits: PluginCheckLimits; signal?: AbortSignal },
): Promise<ConformanceReport> {
  const { folder: folderCheck, initialize, unknown, cancel, reads, stdout } = pluginChecks;
  const close = closeCheck(options.limits.closeMs);
  const order = [folderCheck, initialize, unknown, ...declarationChecks(manifest), cancel, reads, stdout, close];
  const results = new Map<string, CheckResult>([['folder', passed(folderCheck, `${manifest.id} ${manifest.version} (Skwir plugin)`)]]);
  const report = (notRun: string) => pluginReport(folder, manifest, order, results, notRun);
  let session: PluginSession;
  try {
    session = await PluginSession.start(manifest, execPath, options.limits);
  } catch (error) {
    if (!(error instanceof LaunchFailure)) throw error;
    results.set('initialize', failed(initialize, `the plugin could not be started: ${error.message}`));
    return report('not run: the plugin could not be started');
  }
  const stop = () => void session.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    results.set('initialize', judgeInitialize(await session.initialize(), session));
    if (results.get('initialize')!.status === 'fail') return report('not run: initialize was not answered with an api this app speaks');
    results.set('unknown-request', judgeUnknownMethod(await session.request(NO_SUCH_METHOD, {}, options.limits.callMs)));
    const plugin = {
      call: session.call.bind(session),
      gone: () => (session.alive ? undefined : session.notRunReason('plugin')),
      stderr: () => session.stderrLines,
      reads: () => session.reads,
    };
    await askDeclarations(plugin, manifest, { folder: session.folder, files: options.files ?? [] }, cancel, results);
    if (session.alive) results.set('close', await checkClose(session));
    await session.outputEnded();
    results.set('stdout', judgeStdout(session));
    return report(session.notRunReason('plugin'));
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await session.dispose();
  }
}
