// skwir-plugin.toml into our model of a plugin: the one module that knows the file's format, so that
// when Skwir's own manifest format is known, only this changes. The TOML is parsed by smol-toml,
// checked against skwir-manifest.schema.json (defaults filled), then by the rules a schema cannot
// state: one transport, unique field keys and command names, command args that are a JSON Schema,
// an api this app speaks. The folder checks (the exec or wasm on disk) are in validate-folder.ts.
import { parse, TomlError } from 'smol-toml';
import { tomlKeyLines } from '../manifest/toml-key-lines';
import { unknownKeyWarnings } from '../manifest/unknown-keys';
import { problemLine, problemOf, quote, type Problem } from '../protocol/problem-reasons';
import { SKWIR_API_OLDEST, SKWIR_API_VERSION, SKWIR_MANIFEST_FILE, spokenApi } from './limits';
import { jsonSchemaProblem, SKWIR_MANIFEST_SCHEMA_ID, skwirFaults } from './schema-check';
import manifestSchema from './skwir-manifest.schema.json';
import type { Capability, ManifestCommand, ManifestField, ManifestPreview, SkwirManifestFile } from './types';

/** Which files something serves; both empty: every file. Extensions are kept lower case. */
export interface FileKinds {
  extensions: string[];
  mimes: string[];
}

export type PluginTransport = { kind: 'program'; exec: string; args: string[] } | { kind: 'module'; wasm: string };

export interface PluginField extends FileKinds {
  key: string;
  title: string;
}

export interface PluginPreview extends FileKinds {
  converts: boolean;
  pages: boolean;
  thumbnails: boolean;
}

export interface PluginCommand extends FileKinds {
  name: string;
  title: string;
  /** The args' JSON Schema; absent when the command takes none. */
  args?: Record<string, unknown>;
}

export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  description?: string;
  api: number;
  capabilities: Capability[];
  transport: PluginTransport;
  fields: PluginField[];
  previews: PluginPreview[];
  commands: PluginCommand[];
}

export type PluginManifestReading =
  | { ok: true; manifest: PluginManifest; warnings: string[] }
  /** `value`: what the TOML held, when it could be parsed (so the folder's checks can still look at it). */
  | { ok: false; problems: Problem[]; warnings: string[]; value?: Record<string, unknown> };

const file = SKWIR_MANIFEST_FILE;

/** smol-toml's error, as `line L, column C: what` (its message repeats the document after). */
function tomlProblem(error: unknown, text: string): Problem {
  if (error instanceof TomlError) {
    const what = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    // A quote left open meets the line's end (to the parser, a control character in the string) or the file's.
    const rest = text.split('\n')[error.line - 1]?.slice(error.column - 1) ?? '';
    if (what === 'unfinished string' || (what.startsWith('control characters are not allowed') && /^\r?$/.test(rest))) {
      return problemOf(file, { code: 'stringNotClosed', line: error.line });
    }
    return problemOf(file, { code: 'notToml', detail: what, line: error.line, column: error.column });
  }
  return problemOf(file, { code: 'notToml', detail: error instanceof Error ? error.message : String(error) });
}

/**
 * Every problem of skwir-plugin.toml's text, or our model of the plugin; and, either way once it is
 * TOML, a warning for each key the manifest's schema does not know (ignored, but most are typos).
 */
export function readPluginManifest(text: string): PluginManifestReading {
  let value: Record<string, unknown>;
  try {
    value = parse(text);
  } catch (error) {
    return { ok: false, problems: [tomlProblem(error, text)], warnings: [] };
  }
  // Before the schema check, which fills in defaults: those are known keys, but not written ones.
  const warnings = unknownKeyWarnings(manifestSchema, value, tomlKeyLines(text), file);
  const problems = skwirFaults(SKWIR_MANIFEST_SCHEMA_ID, value, '', file);
  problems.push(...ruleProblems(value));
  if (problems.length > 0) return { ok: false, problems, warnings, value };
  return { ok: true, manifest: toModel(value as unknown as SkwirManifestFile), warnings };
}

function ruleProblems(value: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const hasProgram = value.program !== undefined;
  const hasModule = value.module !== undefined;
  if (!hasProgram && !hasModule) {
    problems.push(problemOf(file, { code: 'noTransport' }));
  } else if (hasProgram && hasModule) {
    problems.push(problemOf('module', { code: 'bothTransports' }));
  }
  const api = value.api;
  if (typeof api === 'number' && Number.isInteger(api) && api >= 1 && !spokenApi(api)) {
    problems.push(problemOf('api', { code: 'apiNotSpoken', value: api, oldest: SKWIR_API_OLDEST, newest: SKWIR_API_VERSION }));
  }
  problems.push(...duplicates(value.fields, 'fields', 'key'), ...duplicates(value.commands, 'commands', 'name'));
  list(value.commands).forEach((command, index) => {
    const args = (command as Record<string, unknown> | null)?.args;
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return; // the schema said so already
    const problem = jsonSchemaProblem(args);
    // The schema compiler's own words, for the plugin's author: English in every language.
    if (problem) problems.push(problemLine(`commands[${index}].args: ${problem}`));
  });
  return problems;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function duplicates(items: unknown, field: string, key: string): Problem[] {
  const firstAt = new Map<string, number>();
  const problems: Problem[] = [];
  list(items).forEach((item, index) => {
    const name = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    if (typeof name !== 'string') return;
    const first = firstAt.get(name);
    if (first === undefined) firstAt.set(name, index);
    else problems.push(problemOf(`${field}[${index}].${key}`, { code: 'duplicate', value: quote(name), key, at: `${field}[${first}]` }));
  });
  return problems;
}

const kinds = (item: { extensions?: string[]; mimes?: string[] }): FileKinds => ({
  extensions: (item.extensions ?? []).map((extension) => extension.toLowerCase()),
  mimes: item.mimes ?? [],
});

function toModel(value: SkwirManifestFile): PluginManifest {
  const transport: PluginTransport = value.program
    ? { kind: 'program', exec: value.program.exec, args: value.program.args ?? [] }
    : { kind: 'module', wasm: value.module!.wasm };
  const manifest: PluginManifest = {
    id: value.id,
    name: value.name,
    version: value.version,
    api: value.api ?? 1,
    capabilities: value.capabilities ?? [],
    transport,
    fields: (value.fields ?? []).map((field: ManifestField) => ({ key: field.key, title: field.title, ...kinds(field) })),
    previews: (value.previews ?? []).map((preview: ManifestPreview) => ({
      converts: preview.converts ?? false,
      pages: preview.pages ?? false,
      thumbnails: preview.thumbnails ?? false,
      ...kinds(preview),
    })),
    commands: (value.commands ?? []).map((command: ManifestCommand) => ({
      name: command.name,
      title: command.title,
      ...(command.args ? { args: command.args } : {}),
      ...kinds(command),
    })),
  };
  if (value.description !== undefined) manifest.description = value.description;
  return manifest;
}

/** The extension of a file name, lower case, without its dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether something declared for these kinds of file serves this one (neither list: every file). */
export function serves(kindsOf: FileKinds, file: { name: string; mime?: string }): boolean {
  if (kindsOf.extensions.length === 0 && kindsOf.mimes.length === 0) return true;
  if (kindsOf.extensions.includes(extensionOf(file.name))) return true;
  const mime = file.mime?.toLowerCase();
  if (mime === undefined) return false;
  return kindsOf.mimes.some((wanted) => wanted === mime || (wanted.endsWith('/*') && mime.startsWith(wanted.slice(0, -1))));
}
