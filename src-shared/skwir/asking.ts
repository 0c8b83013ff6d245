// What may be asked of a plugin, from its manifest: a field it declares, a thumbnail, inspection,
// conversion or pages from a preview that says so, a command it declares with args its schema takes.
// Judged before anything goes on the wire, by the host, the CLI and the window alike; the params are
// then checked against the protocol's schema (defaults filled). Problems name the field and the value.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { deeperThan } from '../json-depth';
import { VALUE_MAX_DEPTH } from '../limits';
import { firstProblems, quote, schemaProblems } from '../protocol/problem-words';
import type { CallMethod } from './methods';
import { serves, type FileKinds, type PluginManifest, type PluginPreview } from './plugin-manifest';
import { skwirDef, skwirProblems } from './schema-check';
import { skwirTypeName, skwirMethodInfo } from './methods';

/** A file as a call names it, before it has a handle. */
export interface AskedFile {
  name: string;
  mime?: string;
}

/** Which preview, if any, a method is asked through. */
const previewWants: Partial<Record<CallMethod, (preview: PluginPreview) => boolean>> = {
  thumbnail: (preview) => preview.thumbnails,
  convert: (preview) => preview.converts,
  page: (preview) => preview.pages,
  inspect: (preview) => !preview.converts && !preview.pages,
};

const previewWords: Partial<Record<CallMethod, string>> = {
  thumbnail: 'thumbnails = true',
  convert: 'converts = true',
  page: 'pages = true',
  inspect: 'neither converts nor pages',
};

const names = (items: string[]): string => (items.length === 0 ? 'none' : items.map((item) => quote(item)).join(', '));
const kindsWords = (kinds: FileKinds): string => [...kinds.extensions.map((e) => `.${e}`), ...kinds.mimes].join(', ') || 'every file';

/**
 * Why this call cannot be asked of this plugin (empty: it can). `params` are the call's params
 * beyond its files; `files` the files it names. Params that pass have the protocol's defaults
 * filled in. `strictFiles`: a file the declaration does not serve is a problem too (the window
 * asks only what applies); without it, the CLI may ask anyway.
 */
export function askProblems(
  manifest: Declarations,
  method: CallMethod,
  params: Record<string, unknown>,
  files: readonly AskedFile[],
  options: { strictFiles?: boolean } = {},
): string[] {
  const info = skwirMethodInfo(method)!;
  // A window's target is a plugin's, handed back: measured before ajv or JSON.stringify walks into it.
  const deep = deeperThan(params, VALUE_MAX_DEPTH, 'params');
  if (deep) return [`${deep}: nested more than ${VALUE_MAX_DEPTH} levels deep; a call's params may nest ${VALUE_MAX_DEPTH} at most`];
  if (info.files === 'file' && files.length !== 1) return [`files: ${method} is asked about one file at a time, not ${files.length}`];
  const problems: string[] = [];
  let kinds: FileKinds | undefined;
  if (method === 'field') {
    const field = manifest.fields.find((f) => f.key === params.key);
    if (params.key === undefined) problems.push(`key: missing; name one of the plugin's fields (${names(manifest.fields.map((f) => f.key))})`);
    else if (!field) problems.push(`key: ${quote(params.key)} is not a field of the plugin (it declares ${names(manifest.fields.map((f) => f.key))})`);
    kinds = field;
  } else if (method === 'command') {
    const command = manifest.commands.find((c) => c.name === params.command);
    if (params.command === undefined) problems.push(`command: missing; name one of the plugin's commands (${names(manifest.commands.map((c) => c.name))})`);
    else if (!command)
      problems.push(`command: ${quote(params.command)} is not a command of the plugin (it declares ${names(manifest.commands.map((c) => c.name))})`);
    else {
      // A command whose args are an object gets {} when none are given, so its schema's defaults fill it.
      if (params.args === undefined && command.args?.type === 'object') params.args = {};
      problems.push(...argsProblems(command.args, params.args));
    }
    kinds = command;
  } else {
    const wants = previewWants[method]!;
    const previews = manifest.previews.filter(wants);
    if (previews.length === 0) return [`${method}: the plugin declares no preview with ${previewWords[method]}, so it is not asked ${method}`];
    kinds = previews.find((preview) => files.every((file) => serves(preview, file))) ?? previews[0];
  }
  if (options.strictFiles && kinds) {
    for (const file of files) {
      if (!serves(kinds, file)) problems.push(`files: ${quote(file.name)} is not a file this serves (${kindsWords(kinds)})`);
    }
  }
  if (problems.length > 0) return problems;
  // The whole params as they will go, with stand-in files, against the protocol's schema.
  const stand = (file: AskedFile, index: number) => ({ handle: index + 1, name: file.name, path: file.name });
  const whole = info.files === 'entries' ? { ...params, entries: files.map(stand) } : { ...params, file: stand(files[0]!, 0) };
  const schemaFound = skwirProblems(skwirDef(`${skwirTypeName(method)}Params`), whole, 'params');
  for (const [key, value] of Object.entries(whole)) if (key !== 'file' && key !== 'entries') params[key] = value;
  return schemaFound;
}

/** What servedBy looks at: the manifest, or the window's copy of it (PluginDetails). */
export type Declarations = Pick<PluginManifest, 'fields' | 'previews' | 'commands'>;

/** The declaration that serves a file for a method, if the plugin has one (what the window offers). */
export function servedBy(manifest: Declarations, method: CallMethod, file: AskedFile): FileKinds | undefined {
  if (method === 'field') return manifest.fields.find((field) => serves(field, file));
  if (method === 'command') return manifest.commands.find((command) => serves(command, file));
  const wants = previewWants[method]!;
  return manifest.previews.find((preview) => wants(preview) && serves(preview, file));
}

const argsValidators = new WeakMap<object, ValidateFunction>();

function argsProblems(schema: Record<string, unknown> | undefined, args: unknown): string[] {
  if (schema === undefined) {
    return args === undefined || args === null ? [] : ['args: the command takes no args (its manifest gives no args schema)'];
  }
  let validate = argsValidators.get(schema);
  if (!validate) {
    validate = new Ajv2020({ strict: false, allErrors: true, verbose: true, useDefaults: true }).compile(schema);
    argsValidators.set(schema, validate);
  }
  return validate(args ?? null) ? [] : firstProblems(schemaProblems(validate.errors ?? [], 'args'));
}
