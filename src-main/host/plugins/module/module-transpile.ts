// A module plugin's component as the worker runs it: transpiled by jco once, into a folder of the
// host's own (<app data>/modules/<plugin id>/module-<sha256 of the wasm>/, owner only), never under
// a plugin's data or cache folder; transpiled again when the wasm changes (another hash), when the
// transpiler or the limits did, or when a file is no longer what was written. The record
// (stamp.json) holds each file's size and sha256. Before every start the host reads the files and
// checks them against the record this host wrote or first checked (else the one on disk), then hands
// the worker the very bytes it checked: the worker reads no file, so one changed after the check is
// not run either. Every core module is written capped (wasm-memory-cap.ts). The folder appears
// whole or not at all: it is written aside and renamed into place.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { formatCount } from '../../../../src-shared/protocol/problem-words';
import { SKWIR_MODULE_MAX_BYTES, SKWIR_MODULE_MEMORY_BYTES, SKWIR_MODULE_TABLE_ENTRIES } from '../../../../src-shared/skwir/limits';
import { jcoTranspileVersion, transpileComponent, type TranspiledFiles } from './component-tools';
import { readBounded } from '../../files/bounded-read';
import { makeOwnFolder, ownerOnly } from '../../files/own-files';
import { capCores, coreLimits, reserveOf, type WasmBudget } from './wasm-memory-cap';

/** All the memories of a module plugin's component together, and all its tables. */
export const MODULE_BUDGET: WasmBudget = { memoryBytes: SKWIR_MODULE_MEMORY_BYTES, tableEntries: SKWIR_MODULE_TABLE_ENTRIES };

/** What the worker runs: the script's text and the core modules' bytes, as checked. */
export interface ModuleCode {
  /** The JavaScript module: it exports `instantiate(getCoreModule, imports, instantiateCore)`. */
  script: string;
  /** Each core module by the name the script asks for it, capped, with what one instance of it may take of the budget. */
  cores: Record<string, { bytes: Uint8Array } & WasmBudget>;
}

export interface TranspiledModule {
  /** The folder of the JavaScript module and its core modules. */
  folder: string;
  /** The JavaScript module's file. */
  script: string;
  code: ModuleCode;
  /** False when it was found in the folder, as it was written. */
  transpiled: boolean;
  /** The file found changed since it was written (it was not run; the component was transpiled again). */
  changed?: string;
}

/** The transpiled files' name in the folder. */
const NAME = 'plugin';
const SCRIPT = `${NAME}.mjs`;
const STAMP_FILE = 'stamp.json';

interface Stamp {
  transpiler: string;
  budget: WasmBudget;
  /** Every file of the transpile: its size and sha256. */
  files: Record<string, { bytes: number; sha256: string }>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const madeNow = (stamp: Stamp): boolean =>
  stamp.transpiler === `jco-transpile ${jcoTranspileVersion()}` && JSON.stringify(stamp.budget) === JSON.stringify(MODULE_BUDGET);

/** The records this host wrote or checked, by folder: a file rewritten together with stamp.json while the host runs is still caught. */
const recorded = new Map<string, string>();

/** jco's files as the worker takes them: the script as text (named .mjs on disk), every core module capped; throws a MemoryCapError naming what cannot be. */
export function moduleCode(files: TranspiledFiles): ModuleCode {
  const script = files[`${NAME}.js`] ?? files[SCRIPT];
  if (!script) throw new Error(`the transpile has no ${NAME}.js`);
  const wasm = Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith('.wasm')));
  const capped = capCores(wasm, MODULE_BUDGET);
  return { script: Buffer.from(script).toString('utf8'), cores: Object.fromEntries(Object.entries(capped).map(([name, bytes]) => [name, coreOf(bytes)])) };
}

const coreOf = (bytes: Uint8Array) => ({ bytes, ...reserveOf(coreLimits(bytes)) });

/** The component at `wasmPath`, transpiled in `folder` (or found there, unchanged). Rejects naming what failed. */
export async function transpiledModule(wasmPath: string, folder: string): Promise<TranspiledModule> {
  const bytes = await readBounded(wasmPath, SKWIR_MODULE_MAX_BYTES + 1);
  if (bytes.length > SKWIR_MODULE_MAX_BYTES) {
    throw new Error(`${wasmPath} is now over ${formatCount(SKWIR_MODULE_MAX_BYTES)} bytes`);
  }
  const made = join(folder, `module-${sha256(bytes)}`);
  const done = { folder: made, script: join(made, SCRIPT) };
  const found = await checkedCode(made);
  if (found && 'code' in found) return { ...done, code: found.code, transpiled: false };

  const files = await transpileComponent(bytes, NAME).catch((error: Error) => {
    throw new Error(`${basename(wasmPath)} could not be transpiled: ${error.message}`);
  });
  const code = moduleCode(files);
  await write(folder, made, code);
  // Earlier versions of the component are no longer run.
  for (const entry of await readdir(folder)) {
    if (entry.startsWith('module-') && join(folder, entry) !== made) await rm(join(folder, entry), { recursive: true, force: true });
  }
  return { ...done, code, transpiled: true, ...(found ? { changed: found.changed } : {}) };
}

/** A file of a transpile, at most: a core module is part of the component, the script about its size at most. */
const FILE_MAX_BYTES = 2 * SKWIR_MODULE_MAX_BYTES;

/** The record, if it is one: what it says of each file is read before a byte of it is (a size is a buffer to fill). */
function stampOf(text: string): Stamp | undefined {
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(text) as Partial<Stamp>;
  } catch {
    return undefined;
  }
  if (typeof stamp !== 'object' || stamp === null || typeof stamp.files !== 'object' || stamp.files === null) return undefined;
  const files = Object.values(stamp.files as Record<string, unknown>);
  const fits = (file: unknown) => {
    const { bytes, sha256: hash } = (file ?? {}) as Partial<Stamp['files'][string]>;
    return Number.isSafeInteger(bytes) && bytes! >= 0 && bytes! <= FILE_MAX_BYTES && typeof hash === 'string';
  };
  return files.every(fits) ? (stamp as Stamp) : undefined;
}

/** The code in `folder` as its record says it was written; `changed`: the first file that is not; undefined when there is none to check (or it is of an older transpiler or budget). */
async function checkedCode(folder: string): Promise<{ code: ModuleCode } | { changed: string } | undefined> {
  const onDisk = await readBounded(join(folder, STAMP_FILE), 1_048_576).then(
    (data) => Buffer.from(data).toString('utf8'),
    () => undefined,
  );
  const text = recorded.get(folder) ?? onDisk;
  if (text === undefined) return undefined;
  const stamp = stampOf(text);
  if (!stamp) return { changed: STAMP_FILE };
  if (!madeNow(stamp)) return undefined;
  const read: TranspiledFiles = {};
  for (const [name, { bytes, sha256: wanted }] of Object.entries(stamp.files)) {
    const data = await readBounded(join(folder, name), bytes + 1).catch(() => undefined);
    if (!data || data.length !== bytes || sha256(data) !== wanted) return { changed: name };
    read[name] = data;
  }
  if (!read[SCRIPT]) return { changed: SCRIPT };
  if (onDisk !== text) return { changed: STAMP_FILE };
  recorded.set(folder, text);
  const cores = Object.entries(read).filter(([name]) => name.endsWith('.wasm'));
  try {
    return { code: { script: Buffer.from(read[SCRIPT]).toString('utf8'), cores: Object.fromEntries(cores.map(([name, bytes]) => [name, coreOf(bytes)])) } };
  } catch {
    return { changed: cores[0]?.[0] ?? SCRIPT };
  }
}

/** Writes the code and its record into `made`, aside first, then renamed into place. */
async function write(folder: string, made: string, code: ModuleCode): Promise<void> {
  const files: Record<string, Uint8Array> = { [SCRIPT]: Buffer.from(code.script, 'utf8') };
  for (const [name, core] of Object.entries(code.cores)) files[name] = core.bytes;
  const stamp: Stamp = { transpiler: `jco-transpile ${jcoTranspileVersion()}`, budget: MODULE_BUDGET, files: {} };
  for (const [name, data] of Object.entries(files)) stamp.files[name] = { bytes: data.length, sha256: sha256(data) };
  const text = JSON.stringify(stamp);
  await makeOwnFolder(folder);
  const staged = join(folder, `.staged-${randomBytes(6).toString('hex')}`);
  try {
    await makeOwnFolder(staged);
    for (const [name, data] of Object.entries(files)) await writeFile(join(staged, name), data, { mode: ownerOnly.file });
    await writeFile(join(staged, STAMP_FILE), text, { mode: ownerOnly.file });
    await rm(made, { recursive: true, force: true });
    const placed = await rename(staged, made).then(
      () => true,
      async (error: unknown) => {
        // Another host (the CLI beside the app) put a transpile there first: it is checked at the next start.
        if (!(await readFile(join(made, STAMP_FILE), 'utf8').catch(() => undefined))) throw error;
        return false;
      },
    );
    if (placed) recorded.set(made, text);
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}
