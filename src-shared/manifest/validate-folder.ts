// The one judgement of a folder, used by the installer and by `vitruvian-tool validate` alike. A
// folder is a tool (vitruvian-tool.json at its top) or a Skwir plugin (skwir-plugin.toml), never
// both. Order: the manifest's size (it is never read whole when too big), its text, its JSON or
// TOML, the schema and the rules beside it, then what only the folder can tell: the program (or a
// plugin's component), once symlinks are resolved, stays inside the folder; and the protocol or
// api is one this app speaks. Beside the verdict, warnings: each key of the manifest its schema does
// not know (ignored, so a folder with them is still valid), with its line and the key it most
// likely meant, so every door (the installer, validate, check, the test bed) shows the same ones.
import { MANIFEST_FILE, MANIFEST_MAX_BYTES, SPOKEN_PROTOCOLS } from '../limits';
import { problemLine, problemOf, quote, type Problem, type ProblemReason } from '../protocol/problem-reasons';
import type { Manifest } from '../protocol/types';
import { SKWIR_MANIFEST_FILE, SKWIR_MANIFEST_MAX_BYTES, SKWIR_MODULE_MAX_BYTES } from '../skwir/limits';
import { componentHeaderProblem, worldProblems } from '../skwir/module-world';
import { readPluginManifest, type PluginManifest } from '../skwir/plugin-manifest';
import manifestSchema from '../protocol/manifest.schema.json';
import { manifestProblems } from './check-manifest';
import { jsonKeyLines } from './json-key-lines';
import { decodeUtf8, parseManifestText, textProblem } from './manifest-text';
import { isAbsolutePath, isInside, joinPath, relativeSegments } from './tool-path';
import { unknownKeyWarnings } from './unknown-keys';

export interface FolderEntry {
  kind: 'file' | 'folder' | 'other';
  size: number;
  /** Has an execute permission bit (files only). */
  executable: boolean;
}

/** What validation needs from a file system; src-main/host/installs/tool-folder.ts gives Node's. */
export interface FolderAccess {
  /** What is at the path, symlinks followed; undefined when nothing is (a dangling symlink too). */
  stat(path: string): Promise<FolderEntry | undefined>;
  /** The first `maxBytes` bytes of a file (fewer when it is shorter). */
  read(path: string, maxBytes: number): Promise<Uint8Array>;
  /** The path with every symlink resolved; undefined when it leads nowhere. */
  realpath(path: string): Promise<string | undefined>;
  /**
   * The world of a WebAssembly component, as WIT text (jco's wasm-tools in Node); rejects with
   * what is wrong when the bytes are not a well-formed component.
   */
  componentWorld(bytes: Uint8Array): Promise<string>;
}

/**
 * `warnings`: in words, each naming its line of the manifest; empty for most folders, and left out
 * of a refusal that has none (the refusal the host passes on stays as it was).
 */
export type FolderVerdict =
  | { ok: true; kind: 'tool'; manifest: Manifest; /** runtime.exec, symlinks resolved */ execPath: string; warnings: string[] }
  | {
      ok: true;
      kind: 'plugin';
      manifest: PluginManifest;
      /** program.exec or module.wasm, symlinks resolved */
      entryPath: string;
      warnings: string[];
    }
  /** `problems`: each with its English line, and its reason as data where it has one (for the window's languages). */
  | { ok: false; problems: Problem[]; warnings?: string[] };

export type ValidFolder = Extract<FolderVerdict, { ok: true }>;

const refuse = (...problems: Problem[]): FolderVerdict => ({ ok: false, problems });
const refuseWarned = (problems: Problem[], warnings: string[]): FolderVerdict =>
  warnings.length > 0 ? { ok: false, problems, warnings } : { ok: false, problems };

/** A path on this machine in a reason: whole, never cut as a manifest's values are (it is where to look). */
const quotePath = (path: string): string => JSON.stringify(path);

const failure = (error: unknown): string => (error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error));

type Found = { problem: Problem } | { path: string };

interface Place {
  folder: string;
  realFolder: string;
  access: FolderAccess;
}

/**
 * A file the manifest names (a program, a plugin's component): inside the folder once symlinks are
 * resolved, a regular file, and executable when it is a program.
 */
async function fileInside(place: Place, field: string, given: string, noun: 'tool' | 'plugin', program: boolean): Promise<Found> {
  const value = quote(given);
  const found = (reason: ProblemReason): Found => ({ problem: problemOf(field, reason) });
  if (isAbsolutePath(given)) return found({ code: 'absolutePath', value, noun });
  const segments = relativeSegments(given);
  if (!segments) return found({ code: 'leavesFolder', value, noun });
  if (segments.length === 0) return found({ code: 'folderItself', value, noun, program });
  const real = await place.access.realpath(joinPath(place.folder, ...segments));
  if (real === undefined) return found({ code: 'notInFolder', value, noun });
  if (!isInside(place.realFolder, real)) return found({ code: 'leavesBySymlink', value, noun, to: quotePath(real) });
  const entry = await place.access.stat(real);
  if (!entry) return found({ code: 'notInFolder', value, noun });
  if (entry.kind !== 'file') return found({ code: 'notAFile', value, is: entry.kind, program });
  if (program && !entry.executable) return found({ code: 'notExecutable', value });
  return { path: real };
}

/** Judges a folder: every problem, or its manifest (a tool's or a plugin's) and its resolved program. */
export async function validateFolder(folder: string, access: FolderAccess): Promise<FolderVerdict> {
  try {
    return await judge(folder, access);
  } catch (error) {
    return refuse(problemOf('folder', { code: 'unreadable', value: quotePath(folder), detail: failure(error) }));
  }
}

async function judge(folder: string, access: FolderAccess): Promise<FolderVerdict> {
  const folderEntry = await access.stat(folder);
  if (!folderEntry) return refuse(problemOf('folder', { code: 'folderMissing', path: quotePath(folder) }));
  if (folderEntry.kind !== 'folder') return refuse(problemOf('folder', { code: 'notAFolder', path: quotePath(folder) }));
  const place: Place = { folder, realFolder: (await access.realpath(folder)) ?? folder, access };

  const tool = await access.stat(joinPath(folder, MANIFEST_FILE));
  const plugin = await access.stat(joinPath(folder, SKWIR_MANIFEST_FILE));
  if (tool && plugin) {
    return refuse(problemOf('folder', { code: 'bothManifests', tool: MANIFEST_FILE, plugin: SKWIR_MANIFEST_FILE }));
  }
  if (plugin) return judgePlugin(place, plugin);
  if (!tool) return refuse(problemOf(MANIFEST_FILE, { code: 'noManifest', plugin: SKWIR_MANIFEST_FILE }));
  return judgeTool(place, tool);
}

/** The manifest's text, read no further than its limit allows; or why it cannot be read. */
async function manifestText(place: Place, file: string, entry: FolderEntry, maxBytes: number): Promise<{ text: string } | { problem: Problem }> {
  const refused = (reason: ProblemReason) => ({ problem: problemOf(file, reason) });
  if (entry.kind === 'folder') return refused({ code: 'manifestIsFolder' });
  if (entry.kind !== 'file') return refused({ code: 'manifestNotRegular' });
  const path = joinPath(place.folder, file);
  const real = await place.access.realpath(path);
  if (real === undefined || !isInside(place.realFolder, real)) return refused({ code: 'manifestLeaves', noun: file === MANIFEST_FILE ? 'tool' : 'plugin' });
  const tooBig = (size: number) => refused({ code: 'tooManyBytes', size, limit: maxBytes });
  if (entry.size > maxBytes) return tooBig(entry.size);
  let bytes: Uint8Array;
  try {
    bytes = await place.access.read(path, maxBytes + 1);
  } catch (error) {
    return refused({ code: 'unreadable', detail: failure(error) });
  }
  if (bytes.length > maxBytes) return tooBig(bytes.length); // it grew since stat
  const notText = textProblem(bytes);
  if (notText) return refused(notText);
  return { text: decodeUtf8(bytes) };
}

async function judgeTool(place: Place, entry: FolderEntry): Promise<FolderVerdict> {
  const read = await manifestText(place, MANIFEST_FILE, entry, MANIFEST_MAX_BYTES);
  if ('problem' in read) return refuse(read.problem);
  const parsed = parseManifestText(read.text);
  if (!parsed.ok) return refuse(problemOf(MANIFEST_FILE, parsed.reason));

  const problems = manifestProblems(parsed.value);
  const warnings = unknownKeyWarnings(manifestSchema, parsed.value, jsonKeyLines(read.text), MANIFEST_FILE);
  const value = parsed.value as Partial<Record<string, unknown>> | null;
  const runtime = value && typeof value === 'object' ? (value.runtime as Record<string, unknown> | undefined) : undefined;
  const exec = runtime && typeof runtime === 'object' ? runtime.exec : undefined;
  let execPath: string | undefined;
  if (typeof exec === 'string' && exec !== '') {
    const found = await fileInside(place, 'runtime.exec', exec, 'tool', true);
    if ('problem' in found) problems.push(found.problem);
    else execPath = found.path;
  }
  const protocol = value && typeof value === 'object' ? value.protocol : undefined;
  if (typeof protocol === 'number' && Number.isInteger(protocol) && protocol >= 1 && !SPOKEN_PROTOCOLS.includes(protocol)) {
    problems.push(problemOf('protocol', { code: 'protocolNotSpoken', value: protocol, spoken: [...SPOKEN_PROTOCOLS] }));
  }
  if (problems.length > 0 || execPath === undefined) return refuseWarned(problems, warnings);
  return { ok: true, kind: 'tool', manifest: parsed.value as Manifest, execPath, warnings };
}

/**
 * A module plugin's component: at most SKWIR_MODULE_MAX_BYTES, a component and not a core module,
 * in the plugin world (docs/design/skwir.md). Read whole only once its size was judged.
 */
async function componentProblems(place: Place, path: string, given: string): Promise<Problem[]> {
  const field = 'module.wasm';
  const tooBig = (size: number) => [problemOf(field, { code: 'tooManyBytes', value: quote(given), size, limit: SKWIR_MODULE_MAX_BYTES })];
  const entry = await place.access.stat(path);
  if (entry && entry.size > SKWIR_MODULE_MAX_BYTES) return tooBig(entry.size);
  let bytes: Uint8Array;
  try {
    bytes = await place.access.read(path, SKWIR_MODULE_MAX_BYTES + 1);
  } catch (error) {
    return [problemOf(field, { code: 'unreadable', value: quote(given), detail: failure(error) })];
  }
  if (bytes.length > SKWIR_MODULE_MAX_BYTES) return tooBig(bytes.length);
  const header = componentHeaderProblem(bytes, field, given);
  // A component's own faults are worded for its author, in English in every language.
  if (header) return [problemLine(header)];
  let wit: string;
  try {
    wit = await place.access.componentWorld(bytes);
  } catch (error) {
    return [problemLine(`${field}: ${quote(given)} is not a well-formed component (${error instanceof Error ? error.message : String(error)})`)];
  }
  return worldProblems(wit, field, given).map(problemLine);
}

async function judgePlugin(place: Place, entry: FolderEntry): Promise<FolderVerdict> {
  const read = await manifestText(place, SKWIR_MANIFEST_FILE, entry, SKWIR_MANIFEST_MAX_BYTES);
  if ('problem' in read) return refuse(read.problem);
  const reading = readPluginManifest(read.text);
  const problems = reading.ok ? [] : [...reading.problems];
  // The file the plugin runs from, judged even when the manifest has other problems: all at once.
  const value = reading.ok ? undefined : reading.value;
  const [field, given] = reading.ok
    ? reading.manifest.transport.kind === 'program'
      ? ['program.exec', reading.manifest.transport.exec]
      : ['module.wasm', reading.manifest.transport.wasm]
    : typeof (value?.program as Record<string, unknown> | undefined)?.exec === 'string'
      ? ['program.exec', (value!.program as Record<string, string>).exec]
      : typeof (value?.module as Record<string, unknown> | undefined)?.wasm === 'string'
        ? ['module.wasm', (value!.module as Record<string, string>).wasm]
        : [undefined, undefined];
  let entryPath: string | undefined;
  if (field !== undefined && given !== undefined && given !== '') {
    const found = await fileInside(place, field, given, 'plugin', field === 'program.exec');
    if ('problem' in found) problems.push(found.problem);
    else if (field === 'module.wasm') {
      const componentFound = await componentProblems(place, found.path, given);
      if (componentFound.length > 0) problems.push(...componentFound);
      else entryPath = found.path;
    } else entryPath = found.path;
  }
  const { warnings } = reading;
  if (!reading.ok || problems.length > 0 || entryPath === undefined) return refuseWarned(problems, warnings);
  return { ok: true, kind: 'plugin', manifest: reading.manifest, entryPath, warnings };
}
