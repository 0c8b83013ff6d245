// What a plugin's conformance run asks, for the program and the module run alike: one check for each
// field, preview and command its manifest declares (each asked on every file it serves), the checks
// every run has, and the run's time limits.
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { FileKinds, PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { duration, type CheckName } from '../check-result';
import { argsFor } from './sample-args';

const named = (id: string, name: string): CheckName => ({ id, name });

export interface PluginCheckLimits {
  initializeMs: number;
  /** A call's limit, from the moment it was sent. */
  callMs: number;
  closeMs: number;
}

export const pluginCheckLimits: PluginCheckLimits = { initializeMs: 10_000, callMs: 60_000, closeMs: 2_000 };

/** The checks of a plugin's run that are not a declaration's, by id. */
export const pluginChecks = {
  folder: named('folder', 'the folder validates'),
  initialize: named('initialize', 'initialize answered with an api this app speaks'),
  start: named('start', 'the component starts'),
  unknown: named('unknown-request', 'an unknown method answered with an error'),
  cancel: named('cancel', '$/cancel survived'),
  moduleCancel: named('cancel', 'a cancel survived'),
  reads: named('reads', 'reads within the rules'),
  stdout: named('stdout', 'stdout carries only messages, each answering what was asked'),
  close: closeCheck(pluginCheckLimits.closeMs),
};

/** The close check as its run's limit words it: the protocol's 2 s, or what a caller gave instead. */
export function closeCheck(closeMs: number): CheckName {
  return named('close', `exits 0 within ${duration(closeMs)} of its input closing`);
}

/** One declaration the run judges: its check, how it is first asked, and of which kind of file. */
export interface Declaration {
  check: CheckName;
  method: CallMethod;
  params: Record<string, unknown>;
  kinds: FileKinds;
}

/** Every field, preview and command the manifest declares, each with the params it is first asked with. */
export function declarations(manifest: PluginManifest): Declaration[] {
  const found: Declaration[] = [];
  for (const field of manifest.fields) {
    found.push({ check: named(`field:${field.key}`, `field ${field.key}`), method: 'field', params: { key: field.key }, kinds: field });
  }
  manifest.previews.forEach((preview, index) => {
    const which = manifest.previews.length > 1 ? ` (preview ${index + 1})` : '';
    const add = (method: CallMethod, params: Record<string, unknown>) =>
      found.push({ check: named(`${method}:${index + 1}`, `${method}${which}`), method, params, kinds: preview });
    if (preview.thumbnails) add('thumbnail', { size: 128 });
    if (preview.converts) add('convert', {});
    if (preview.pages) add('page', { page: 1, side: 256, text: true });
    if (!preview.converts && !preview.pages) add('inspect', {});
  });
  for (const command of manifest.commands) {
    found.push({
      check: named(`command:${command.name}`, `command ${command.name}`),
      method: 'command',
      params: { command: command.name, args: argsFor(command.args) },
      kinds: command,
    });
  }
  return found;
}
