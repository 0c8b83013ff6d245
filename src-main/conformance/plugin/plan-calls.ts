// The calls a plugin's conformance run makes, one for each field, preview and command its manifest
// declares, with the params each is asked with, and the run's time limits. Shared by the program
// and the module runs.
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { FileKinds, PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import type { CheckName } from '../check-result';
import { argsFor } from './sample-args';

const named = (id: string, name: string): CheckName => ({ id, name });

export interface PluginCheckLimits {
  initializeMs: number;
  callMs: number;
  closeMs: number;
}

export const pluginCheckLimits: PluginCheckLimits = { initializeMs: 10_000, callMs: 60_000, closeMs: 2_000 };

/** One call the run makes: what it judges, how it is asked, and of which kind of file. */
export interface PlannedCall {
  check: CheckName;
  method: CallMethod;
  params: Record<string, unknown>;
  kinds: FileKinds;
}

/** The calls that judge every field, preview and command the manifest declares. */
export function planCalls(manifest: PluginManifest): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const field of manifest.fields) {
    calls.push({ check: named(`field:${field.key}`, `field ${field.key}`), method: 'field', params: { key: field.key }, kinds: field });
  }
  manifest.previews.forEach((preview, index) => {
    const which = manifest.previews.length > 1 ? ` (preview ${index + 1})` : '';
    const add = (method: CallMethod, params: Record<string, unknown>) =>
      calls.push({ check: named(`${method}:${index + 1}`, `${method}${which}`), method, params, kinds: preview });
    if (preview.thumbnails) add('thumbnail', { size: 128 });
    if (preview.converts) add('convert', {});
    if (preview.pages) add('page', { page: 1, side: 256, text: true });
    if (!preview.converts && !preview.pages) add('inspect', {});
  });
  for (const command of manifest.commands) {
    calls.push({
      check: named(`command:${command.name}`, `command ${command.name}`),
      method: 'command',
      params: { command: command.name, args: argsFor(command.args) },
      kinds: command,
    });
  }
  return calls;
}
