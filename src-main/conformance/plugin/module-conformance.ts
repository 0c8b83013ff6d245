// `vitruvian-tool check` for a module plugin (a WebAssembly component): it is run as the host runs it
// (the host's ModulePlugin: transpiled, in a worker of its own) and judged on what a component can
// do wrong: it starts, each declared field, preview and command answers well formed on a file of a
// kind it serves, a cancel is survived (the worker is ended and the next call gets a fresh one), and
// its reads keep the rules. A program's wire checks (initialize, stdout, stdin's close) have no
// counterpart here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { askProblems } from '../../../src-shared/skwir/asking';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { ModulePlugin } from '../../host/plugins/module/module-plugin';
import type { CallOutcome } from '../../host/plugins/plugin-calls';
import { duration, failed, passed, skipped, warned, type CheckName, type CheckResult } from '../check-result';
import type { ConformanceReport } from '../check-result';
import { planCalls, type PlannedCall, type PluginCheckLimits } from './plan-calls';
import { SampleFiles } from './sample-files';

const named = (id: string, name: string): CheckName => ({ id, name });
const fixed = {
  start: named('start', 'the component starts'),
  cancel: named('cancel', 'a cancel survived'),
  reads: named('reads', 'reads within the rules'),
};

export async function runModuleConformance(
  folder: string,
  manifest: PluginManifest,
  wasmPath: string,
  options: { files?: string[]; limits: PluginCheckLimits; signal?: AbortSignal },
): Promise<ConformanceReport> {
  const calls = planCalls(manifest);
  const order = [named('folder', 'the folder validates'), fixed.start, ...calls.map((c) => c.check), fixed.cancel, fixed.reads];
  const results = new Map<string, CheckResult>([['folder', passed(order[0]!, `${manifest.id} ${manifest.version} (Skwir plugin, module)`)]]);
  const report = (notRun: string): ConformanceReport => {
    const checks = order.map((which) => results.get(which.id) ?? skipped(which, notRun));
    return { folder, tool: { id: manifest.id, version: manifest.version }, checks, pass: checks.every((c) => c.status === 'pass' || c.status === 'warn') };
  };
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-check-module-'));
  const logs: string[] = [];
  const refusedReads: string[] = [];
  let reads = 0;
  const plugin = new ModulePlugin({
    wasmPath,
    transpileFolder: join(scratch, 'transpiled'),
    version: manifest.version,
    granted: manifest.capabilities,
    onLog: (level, source, message) => logs.push(`${level} ${source}: ${message}`),
    onTrace: (direction, text, method) => {
      if (method !== 'read' || direction !== 'toTool') return;
      reads++;
      if (text.includes('"error"')) refusedReads.push(text.length > 300 ? `${text.slice(0, 299)}…` : text);
    },
    limits: { callMs: options.limits.callMs, initializeMs: options.limits.initializeMs },
  });
  const stop = () => void plugin.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const started = Date.now();
    await plugin.start();
    if (plugin.state !== 'running') {
      results.set('start', failed(fixed.start, plugin.stateReason ?? `it is ${plugin.state}`, logs.slice(-12)));
      return report('not run: the component did not start');
    }
    results.set('start', passed(fixed.start, `transpiled and instantiated in ${duration(Date.now() - started)}`));
    const samples = new SampleFiles(scratch, options.files ?? []);
    let cancellable: { call: PlannedCall; file: string } | undefined;
    for (const call of calls) {
      const file = await samples.for(call.kinds);
      if (!file) {
        results.set(call.check.id, skipped(call.check, 'it serves only media types, and no --file is of one; give one'));
        continue;
      }
      const params = structuredClone(call.params);
      const asked = askProblems(manifest, call.method, params, [{ name: file }]);
      if (asked.length > 0) {
        results.set(call.check.id, skipped(call.check, `could not be asked: ${asked.join('; ')}`));
        continue;
      }
      const own = (options.files ?? []).includes(file);
      const outcome = await plugin.call({ method: call.method, params, files: [file] });
      results.set(call.check.id, judge(call.check, outcome, own ? file : `a sample ${file.slice(file.lastIndexOf('.'))} file`, own));
      cancellable ??= { call, file };
    }
    if (cancellable) {
      const cancel = new AbortController();
      const first = plugin.call({
        method: cancellable.call.method,
        params: structuredClone(cancellable.call.params),
        files: [cancellable.file],
        signal: cancel.signal,
      });
      cancel.abort();
      await first;
      const after = await plugin.call({ method: cancellable.call.method, params: structuredClone(cancellable.call.params), files: [cancellable.file] });
      results.set(
        'cancel',
        after.outcome === 'answered' || after.outcome === 'failed'
          ? passed(fixed.cancel, `${cancellable.call.check.name} cancelled at once; the next call was answered in ${duration(after.ms)}`)
          : failed(fixed.cancel, `after a cancel, the next call: ${after.message}`),
      );
    } else {
      results.set('cancel', skipped(fixed.cancel, 'the plugin declares nothing to ask, so no call to cancel'));
    }
    const refused = refusedReads.filter((read) => !read.includes('was cancelled; its reads are refused'));
    results.set(
      'reads',
      refused.length > 0
        ? failed(fixed.reads, `${refused.length} refused; the first: ${refused[0]}`)
        : passed(fixed.reads, reads === 0 ? 'it read nothing' : 'each read was served (how many depends on when the cancel came)'),
    );
    return report('not run');
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await plugin.dispose();
    await rm(scratch, { recursive: true, force: true });
  }
}

function judge(check: CheckName, outcome: CallOutcome, on: string, own: boolean): CheckResult {
  switch (outcome.outcome) {
    case 'answered':
      return passed(check, `well formed on ${on}, in ${duration(outcome.ms)}`);
    case 'failed':
      if (outcome.malformed) return failed(check, `a malformed answer on ${on}: ${outcome.message}`);
      return own
        ? failed(check, `answered a failure on ${on}: ${outcome.message}`)
        : warned(check, `answered a failure on ${on}: ${outcome.message}; give a --file it reads to judge an answer`);
    default:
      return failed(check, `on ${on}: ${outcome.message}`);
  }
}
