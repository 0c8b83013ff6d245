// What a plugin offers for a file, judged from its declarations as the host judges them
// (src-shared/skwir): the file named and typed as the host names it to the plugin, the fields and
// commands that serve it, and which preview shows it: a conversion (then pages when it converts to
// nothing), pages, an inspection, or nothing.
import type { EntrySummary, PluginDetails } from '../../src-shared/host-api';
import { servedBy, type AskedFile } from '../../src-shared/skwir/asking';
import { mimeOf } from '../../src-shared/skwir/file-types';
import { serves } from '../../src-shared/skwir/plugin-manifest';
import { fileName } from '../file-path';

/** How the window shows a file through a plugin. */
export type PreviewKind = 'convert' | 'pages' | 'inspect' | 'nothing';

export interface FileServing {
  preview: PreviewKind;
  /** A conversion that answers null is read as pages instead. */
  pagesAfterConvert: boolean;
  thumbnail: boolean;
}

/** The file as a call names it to the plugin: its name, and its type when the host knows it. */
export function askedFile(path: string): AskedFile {
  const name = fileName(path);
  const mime = mimeOf(name);
  return mime ? { name, mime } : { name };
}

/** The plugin's declarations, when the tool is a plugin. */
export const pluginDetails = (tool: EntrySummary | undefined): PluginDetails | undefined => (tool?.kind === 'plugin' ? tool.plugin : undefined);

export function fileServing(details: PluginDetails, path: string): FileServing {
  const file = askedFile(path);
  const converts = servedBy(details, 'convert', file) !== undefined;
  const pages = servedBy(details, 'page', file) !== undefined;
  const inspects = servedBy(details, 'inspect', file) !== undefined;
  return {
    preview: converts ? 'convert' : pages ? 'pages' : inspects ? 'inspect' : 'nothing',
    pagesAfterConvert: converts && pages,
    thumbnail: servedBy(details, 'thumbnail', file) !== undefined,
  };
}

/** The fields that serve the file, in the manifest's order. */
export const fieldsServing = (details: PluginDetails, path: string): PluginDetails['fields'] =>
  details.fields.filter((field) => serves(field, askedFile(path)));

/** The commands that serve every one of the files (none when no file is given). */
export const commandsServing = (details: PluginDetails, paths: readonly string[]): PluginDetails['commands'] =>
  paths.length === 0 ? [] : details.commands.filter((command) => paths.every((path) => serves(command, askedFile(path))));
