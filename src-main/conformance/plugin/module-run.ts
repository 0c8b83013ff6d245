// `vitruvian-tool check` for a module plugin (a WebAssembly component): it is run as the host runs it
// (the host's ModulePlugin: transpiled, in a worker of its own) and judged on what a component can
// do wrong: it starts, each declared field, preview and command answers well on every file it
// serves (call-loop.ts, as for a program), a cancel is survived (the worker is ended and the next
// call gets a fresh one), and its reads keep the rules. A program's wire checks (initialize, stdout,
// stdin's close) have no counterpart here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { ModulePlugin } from '../../host/plugins/module/module-plugin';
import { duration, failed, passed, type CheckResult, type ConformanceReport } from '../check-result';
import { askDeclarations, declarationChecks, pluginReport } from './call-loop';
import { pluginChecks, type PluginCheckLimits } from './plan-calls';

const LOG_LINES_KEPT = 12;

export async function runModuleConformance(
  folder: string,
  manifest: PluginManifest,
  wasmPath: string,
  options: { files?: string[]; limits: PluginCheckLimits; signal?: AbortSignal },
): Promise<ConformanceReport> {
  const { folder: folderCheck, start, moduleCancel, reads } = pluginChecks;
  const order = [folderCheck, start, ...declarationChecks(manifest), moduleCancel, reads];
  const results = new Map<string, CheckResult>([['folder', passed(folderCheck, `${manifest.id} ${manifest.version} (Skwir plugin, module)`)]]);
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-check-module-'));
  const logs: string[] = [];
  const refused: string[] = [];
  let served = 0;
  const plugin = new ModulePlugin({
    wasmPath,
    transpileFolder: join(scratch, 'transpiled'),
    version: manifest.version,
    granted: manifest.capabilities,
    onLog: (level, source, message) => {
      logs.push(`${level} ${source}: ${message}`);
      if (logs.length > LOG_LINES_KEPT) logs.shift();
    },
    onTrace: (direction, text, method) => {
      // The host's answers to the component's reads, as the trace writes them.
      if (method !== 'read' || direction !== 'toTool') return;
      if (!text.includes('"error"')) served++;
      else if (refused.length < 100) refused.push(text.length > 300 ? `${text.slice(0, 299)}…` : text);
    },
    limits: { callMs: options.limits.callMs, initializeMs: options.limits.initializeMs },
  });
  const stop = () => void plugin.dispose();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const began = performance.now();
    await plugin.start();
    if (plugin.state !== 'running') {
      results.set('start', failed(start, plugin.stateReason ?? `it is ${plugin.state}`, [...logs]));
      return pluginReport(folder, manifest, order, results, 'not run: the component did not start');
    }
    results.set('start', passed(start, `transpiled and instantiated in ${duration(performance.now() - began)}`));
    const asked = {
      call: plugin.call.bind(plugin),
      // A trapped component's worker is replaced on the next call: it can always be asked again.
      gone: () => undefined,
      stderr: () => [...logs],
      reads: () => ({ refused, served }),
    };
    await askDeclarations(asked, manifest, { folder: scratch, files: options.files ?? [] }, moduleCancel, results);
    return pluginReport(folder, manifest, order, results, 'not run');
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await plugin.dispose();
    await rm(scratch, { recursive: true, force: true });
  }
}
