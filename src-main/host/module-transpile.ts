// A module plugin's component as JavaScript the worker can run: transpiled by jco once, into the
// plugin's cache folder (<app data>/cache/<id>/module-<sha256 of the wasm>/), and transpiled again
// only when the wasm changes (another hash), or the transpiler or the memory cap did (the stamp).
// Every core module is written with its memories capped (wasm-memory-cap.ts). The folder appears
// whole or not at all: it is written aside and renamed into place, the stamp last.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { formatCount } from '../../src-shared/protocol/problem-words';
import { SKWIR_MODULE_MAX_BYTES, SKWIR_MODULE_MEMORY_BYTES } from '../../src-shared/skwir/limits';
import { jcoTranspileVersion, transpileComponent } from './component-tools';
import { makeOwnFolder, ownerOnly } from './storage';
import { readBounded } from './tool-folder';
import { capMemories } from './wasm-memory-cap';

export interface TranspiledModule {
  /** The folder of the JavaScript module and its core modules. */
  folder: string;
  /** The JavaScript module (an ES module exporting `instantiate(getCoreModule, imports)`). */
  script: string;
  /** False when it was found in the cache. */
  transpiled: boolean;
}

/** The transpiled files' name in the cache folder. */
const NAME = 'plugin';
const STAMP_FILE = 'stamp.json';
const stampOfNow = () => JSON.stringify({ transpiler: `jco-transpile ${jcoTranspileVersion()}`, memoryBytes: SKWIR_MODULE_MEMORY_BYTES });

async function stampOf(folder: string): Promise<string | undefined> {
  return readFile(join(folder, STAMP_FILE), 'utf8').catch(() => undefined);
}

/** The component at `wasmPath`, transpiled in `cacheFolder` (or found there). Rejects naming what failed. */
export async function transpiledModule(wasmPath: string, cacheFolder: string): Promise<TranspiledModule> {
  const bytes = await readBounded(wasmPath, SKWIR_MODULE_MAX_BYTES + 1);
  if (bytes.length > SKWIR_MODULE_MAX_BYTES) {
    throw new Error(`${wasmPath} is now over ${formatCount(SKWIR_MODULE_MAX_BYTES)} bytes`);
  }
  const folder = join(cacheFolder, `module-${createHash('sha256').update(bytes).digest('hex')}`);
  const stamp = stampOfNow();
  const done = { folder, script: join(folder, `${NAME}.mjs`) };
  if ((await stampOf(folder)) === stamp) return { ...done, transpiled: false };

  const files = await transpileComponent(bytes, NAME).catch((error: Error) => {
    throw new Error(`${basename(wasmPath)} could not be transpiled: ${error.message}`);
  });
  await makeOwnFolder(cacheFolder);
  const staged = join(cacheFolder, `.staged-${randomBytes(6).toString('hex')}`);
  try {
    await makeOwnFolder(staged);
    for (const [name, content] of Object.entries(files)) {
      // The cache folder has no package.json to say its .js is an ES module.
      const file = name === `${NAME}.js` ? `${NAME}.mjs` : name;
      const data = name.endsWith('.wasm') ? capMemories(content, SKWIR_MODULE_MEMORY_BYTES) : content;
      await writeFile(join(staged, file), data, { mode: ownerOnly.file });
    }
    await writeFile(join(staged, STAMP_FILE), stamp, { mode: ownerOnly.file });
    await rm(folder, { recursive: true, force: true });
    await rename(staged, folder).catch(async (error: unknown) => {
      // Another host (the CLI beside the app) put the same transpile there first.
      if ((await stampOf(folder)) !== stamp) throw error;
    });
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
  // Earlier versions of the component are no longer run.
  for (const entry of await readdir(cacheFolder)) {
    if (entry.startsWith('module-') && join(cacheFolder, entry) !== folder) {
      await rm(join(cacheFolder, entry), { recursive: true, force: true });
    }
  }
  return { ...done, transpiled: true };
}
