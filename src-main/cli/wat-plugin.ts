// Module plugins written in the WebAssembly text format: the `new --kind skwir --lang wat` template
// (templates/skwir/wat) written into a folder and built, and the build itself (plugin.wat and
// world.wit into the component the manifest names), as scripts/build-wat-plugin.ts runs it for
// authors and the sample's test runs it to compare with the committed component.
import { problemLines } from '../../src-shared/protocol/problem-reasons';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SKWIR_MANIFEST_FILE } from '../../src-shared/skwir/limits';
import { SKWIR_WORLD_WIT } from '../../src-shared/skwir/module-world';
import { readPluginManifest } from '../../src-shared/skwir/plugin-manifest';
import { componentFromWat } from '../host/plugins/module/component-tools';
import { idPartFor, toolIdFor, toolNameFor, type CreatedTool } from './new-names';

const template = fileURLToPath(new URL('./templates/skwir/wat/', import.meta.url));

/** The world file beside a WAT plugin's source. */
export const WORLD_FILE = 'world.wit';

/** A path as typed into a POSIX shell: quoted only when it needs to be. */
const shellWord = (path: string): string => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/**
 * The component a WAT plugin's folder makes: its manifest's `module.wasm`, from the `.wat` of the
 * same name and world.wit. Returns the component's path and bytes; `write: false` only builds.
 */
export async function buildWatPlugin(folder: string, options: { write?: boolean } = {}): Promise<{ path: string; bytes: Uint8Array }> {
  const reading = readPluginManifest(await readFile(join(folder, SKWIR_MANIFEST_FILE), 'utf8'));
  if (!reading.ok) throw new Error(`${SKWIR_MANIFEST_FILE}: ${problemLines(reading.problems).join('; ')}`);
  const { transport } = reading.manifest;
  if (transport.kind !== 'module') throw new Error(`${SKWIR_MANIFEST_FILE}: names a program, not [module] wasm`);
  const source = transport.wasm.replace(/\.wasm$/, '') + '.wat';
  const wat = await readFile(join(folder, source), 'utf8');
  const wit = await readFile(join(folder, WORLD_FILE), 'utf8');
  let bytes: Uint8Array;
  try {
    bytes = await componentFromWat(wat, wit, 'plugin');
  } catch (error) {
    throw new Error(`${source}: ${(error as Error).message}`);
  }
  const path = join(folder, transport.wasm);
  if (options.write !== false) await writeFile(path, bytes);
  return { path, bytes };
}

/** Writes a new WAT module plugin into `folder` (absent or empty) and builds its component. Throws saying why not. */
export async function createWatPlugin(folder: string): Promise<CreatedTool> {
  const target = resolve(folder);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new Error(`${folder} exists and is not a folder`);
  if (existing && (await readdir(target)).length > 0) throw new Error(`${folder} is not empty; give a new folder, or an empty one`);
  await mkdir(target, { recursive: true });

  const id = toolIdFor(target);
  const name = toolNameFor(target);
  const tomlText = (text: string) => JSON.stringify(text).slice(1, -1);
  const values: Record<string, string> = { id, name, slug: idPartFor(target), folder: shellWord(folder) };
  const fill = (text: string, escape: (value: string) => string = (value) => value) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escape(values[key] ?? ''));
  // 'wx': never write over a file that appeared since we looked.
  const put = (file: string, text: string) => writeFile(join(target, file), text, { flag: 'wx' });
  await put(SKWIR_MANIFEST_FILE, fill(await readFile(join(template, SKWIR_MANIFEST_FILE), 'utf8'), tomlText));
  await put('plugin.wat', await readFile(join(template, 'plugin.wat'), 'utf8'));
  await put(WORLD_FILE, SKWIR_WORLD_WIT);
  await put('README.md', fill(await readFile(join(template, 'README.md'), 'utf8')));
  const { path } = await buildWatPlugin(target);
  return { folder: target, id, files: [SKWIR_MANIFEST_FILE, 'plugin.wat', WORLD_FILE, basename(path), 'README.md'] };
}
