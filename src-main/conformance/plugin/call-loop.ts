// The part of a plugin's conformance run the program and the module share: every declaration asked
// on every file it serves, then a cancel and the reads judged, and the report in the checks' order
// (a check with no result listed as not run).
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { skipped, type CheckName, type CheckResult, type ConformanceReport } from '../check-result';
import { checkCancel, checkReads, type Cancellable } from '../checks/plugin/after-calls';
import type { CallAsker } from '../checks/plugin/asked-calls';
import { checkDeclaration } from '../checks/plugin/declaration';
import { declarations } from './plan-calls';
import { SampleFiles } from './sample-files';

export interface AskedPlugin extends CallAsker {
  /** Why the rest is not run once the plugin is gone for good (a program that exited); undefined while it can be asked. */
  gone(): string | undefined;
  /** Its last lines on stderr, shown under a failure they may explain. */
  stderr(): string[];
  /** The reads refused (each with why) and how many were served. */
  reads(): { refused: readonly string[]; served: number };
}

/** The checks of the declarations, in the manifest's order. */
export const declarationChecks = (manifest: PluginManifest): CheckName[] => declarations(manifest).map((declaration) => declaration.check);

/** Asks every declaration, then the cancel and the reads; each result under its check's id. */
export async function askDeclarations(
  plugin: AskedPlugin,
  manifest: PluginManifest,
  samples: { folder: string; files: readonly string[] },
  cancelCheck: CheckName,
  results: Map<string, CheckResult>,
): Promise<void> {
  const files = new SampleFiles(samples.folder, samples.files);
  let cancellable: Cancellable | undefined;
  for (const declaration of declarations(manifest)) {
    const gone = plugin.gone();
    if (gone) {
      results.set(declaration.check.id, skipped(declaration.check, gone));
      continue;
    }
    const { result, answered } = await checkDeclaration(plugin, manifest, declaration, await files.for(declaration.kinds));
    // A crash's cause is usually on stderr (a traceback): shown under the FAIL.
    const stderr = result.status === 'fail' && plugin.gone() ? plugin.stderr() : [];
    results.set(declaration.check.id, stderr.length > 0 ? { ...result, stderr } : result);
    if (answered) cancellable ??= { request: answered, name: declaration.check.name };
  }
  const gone = plugin.gone();
  if (gone) results.set(cancelCheck.id, skipped(cancelCheck, gone));
  else if (declarations(manifest).length === 0) results.set(cancelCheck.id, skipped(cancelCheck, 'the plugin declares nothing to ask, so no call to cancel'));
  else results.set(cancelCheck.id, await checkCancel(plugin, cancelCheck, cancellable, () => plugin.stderr()));
  const { refused, served } = plugin.reads();
  results.set('reads', checkReads(refused, served));
}

/** The report: the checks in `order`, each its result or not run for `notRun`. */
export function pluginReport(
  folder: string,
  manifest: PluginManifest,
  order: CheckName[],
  results: Map<string, CheckResult>,
  notRun: string,
): ConformanceReport {
  const checks = order.map((which) => results.get(which.id) ?? skipped(which, notRun));
  return { folder, tool: { id: manifest.id, version: manifest.version }, checks, pass: checks.every((c) => c.status === 'pass' || c.status === 'warn') };
}
