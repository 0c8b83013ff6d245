// vitruvian-tool new <folder> [--kind tool|skwir] [--lang node|python|sh]: a working tool (or Skwir
// plugin) to start from, made from the templates next to this file: a manifest, a program that speaks
// the protocol, a README for its author.
import { chmod, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from '../../src-shared/protocol/types';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';
import { idPartFor, toolIdFor, toolNameFor, type CreatedTool } from './new-names';
import { createWatPlugin } from './wat-plugin';
import { NAME } from './usage';

/** How the CLI is called from the repository once `npm ci` ran there. */
const NPX = `npx ${NAME}`;
const templates = fileURLToPath(new URL('./templates/', import.meta.url));

export type ToolLanguage = 'node' | 'python' | 'sh';

interface Template {
  /** Said in the README: "written in ...". */
  title: string;
  /** The program the manifest starts; made executable. */
  program: string;
  /** Other files copied as they are, with a line each for the README's table. */
  companions: Record<string, string>;
}

const templateOf: Record<ToolLanguage, Template> = {
  node: {
    title: 'JavaScript for Node',
    program: 'tool.mjs',
    companions: { 'wire.mjs': 'The link with the app: reads and writes the messages. No packages needed.' },
  },
  python: { title: 'Python 3, standard library only', program: 'tool.py', companions: {} },
  sh: {
    title: 'POSIX shell',
    program: 'tool.sh',
    companions: { 'member.awk': "Picks one field out of a message, so the script needn't parse JSON." },
  },
};

/** A Skwir plugin's templates (templates/skwir): the program and the files that go with it. */
const pluginTemplateOf: Record<ToolLanguage, Template> = {
  node: {
    title: 'JavaScript for Node',
    program: 'plugin.mjs',
    companions: { 'skwir-link.mjs': 'The link with the host: reads and writes the messages, asks `read`. No packages needed.' },
  },
  python: {
    title: 'Python 3, standard library only',
    program: 'plugin.py',
    companions: { 'skwir_link.py': 'The link with the host: reads and writes the messages, asks `read`.' },
  },
  sh: {
    title: 'POSIX shell',
    program: 'plugin.sh',
    companions: { 'member.awk': "Picks one field out of a message, so the script needn't parse JSON." },
  },
};

/** The languages there is a template for (usage.ts lists the same for --lang). */
export const toolLanguages = Object.keys(templateOf) as ToolLanguage[];

/** A path as typed into a POSIX shell: quoted only when it needs to be. */
const shellWord = (path: string): string => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/** Makes `folder`, which must be absent or empty; its absolute path. Throws an Error that says why not. */
async function emptyFolder(folder: string): Promise<string> {
  const target = resolve(folder);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new Error(`${folder} exists and is not a folder`);
  if (existing && (await readdir(target)).length > 0) {
    throw new Error(`${folder} is not empty; give a new folder, or an empty one`);
  }
  await mkdir(target, { recursive: true });
  return target;
}

/** The template's program (made executable) and companions, copied; never over a file that appeared. */
async function copyProgram(from: string, template: Template, target: string): Promise<void> {
  for (const file of [template.program, ...Object.keys(template.companions)]) {
    await copyFile(join(from, file), join(target, file), 1 /* COPYFILE_EXCL */);
  }
  await chmod(join(target, template.program), 0o755);
}

/** A README template with its {{placeholders}} filled for this folder and template. */
async function readmeFor(file: string, target: string, id: string, name: string, template: Template): Promise<string> {
  const extraFiles = Object.entries(template.companions)
    .map(([companion, what]) => `| \`${companion}\` | ${what} |\n`)
    .join('');
  return (await readFile(file, 'utf8')).replace(
    /\{\{(\w+)\}\}/g,
    (_, key: string) =>
      // The folder's whole path: the README is read later, from wherever its author is.
      ({ name, id, slug: idPartFor(target), language: template.title, program: template.program, folder: shellWord(target), extraFiles })[key] ?? '',
  );
}

/** Writes a new Skwir plugin into `folder`, which must be absent or empty. Throws an Error that says why not. */
export async function createPlugin(folder: string, language: ToolLanguage): Promise<CreatedTool> {
  const target = await emptyFolder(folder);
  const template = pluginTemplateOf[language];
  const id = toolIdFor(target);
  const name = toolNameFor(target);
  // A TOML basic string is escaped as a JSON one is, for what a folder's name can hold.
  const toml = (text: string) => JSON.stringify(text).slice(1, -1);
  const values: Record<string, string> = { id: toml(id), name: toml(name), program: template.program };
  const manifest = (await readFile(join(templates, 'skwir', 'skwir-plugin.toml'), 'utf8')).replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  await writeFile(join(target, 'skwir-plugin.toml'), manifest, { flag: 'wx' });
  await copyProgram(join(templates, 'skwir', language), template, target);
  await writeFile(join(target, 'README.md'), await readmeFor(join(templates, 'skwir', 'README.md'), target, id, name, template), { flag: 'wx' });
  return { folder: target, id, files: ['skwir-plugin.toml', template.program, ...Object.keys(template.companions), 'README.md'] };
}

/** Writes a new tool into `folder`, which must be absent or empty. Throws an Error that says why not. */
export async function createTool(folder: string, language: ToolLanguage): Promise<CreatedTool> {
  const target = await emptyFolder(folder);

  const template = templateOf[language];
  const id = toolIdFor(target);
  const name = toolNameFor(target);
  // Our own template, a manifest: new.test.ts validates what is made from it.
  const manifest = JSON.parse(await readFile(join(templates, 'manifest.json'), 'utf8')) as Manifest;
  manifest.id = id;
  manifest.name = { en: name };
  manifest.publisher = { en: process.env.USER || 'Me' };
  manifest.runtime.exec = template.program;
  // 'wx': never write over a file that appeared since we looked.
  await writeFile(join(target, 'vitruvian-tool.json'), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });

  await copyProgram(join(templates, language), template, target);
  await writeFile(join(target, 'README.md'), await readmeFor(join(templates, 'README.md'), target, id, name, template), { flag: 'wx' });
  return { folder: target, id, files: ['vitruvian-tool.json', template.program, ...Object.keys(template.companions), 'README.md'] };
}

export async function command(args: string[], io: CliIo): Promise<number> {
  const reading = readArgs('new', args);
  if (!reading.ok) return usageError(io, 'new', reading.problem);
  const plugin = reading.options.kind === 'skwir';
  const [folder] = reading.operands as [string];
  if (reading.options.lang === 'wat') {
    if (!plugin) return usageError(io, 'new', '--lang wat makes a Skwir module plugin, not a tool: add --kind skwir');
    return newModulePlugin(folder, io);
  }
  const language = (reading.options.lang ?? 'node') as ToolLanguage;
  let created: CreatedTool;
  try {
    created = await (plugin ? createPlugin(folder, language) : createTool(folder, language));
  } catch (error) {
    io.err(`new: ${error instanceof Error ? error.message : String(error)}`);
    return ExitCodes.failed;
  }
  const title = (plugin ? pluginTemplateOf : templateOf)[language].title;
  io.out(`created ${folder}: ${created.id} (${plugin ? `a Skwir plugin, ${title}` : title})`);
  for (const file of created.files) io.out(`  ${join(folder, file)}`);
  // Printed as they work when typed where `new` was: npx finds the CLI in the repository.
  const here = shellWord(folder);
  if (plugin) io.out(`try it:   ${NPX} ask ${here} field --file ${shellWord(join(folder, 'README.md'))} --params '{"key":"file-size.bytes"}' --trace`);
  else io.out(`try it:   ${NPX} run ${here} --command sayHello --trace`);
  io.out(`check it: ${NPX} check ${here}`);
  io.out(`then drag the folder onto the Vitruvian window to install it; ${join(folder, 'README.md')} says more.`);
  return ExitCodes.ok;
}

/** new --kind skwir --lang wat: a module plugin, its component built from WebAssembly text. */
async function newModulePlugin(folder: string, io: CliIo): Promise<number> {
  let created: CreatedTool;
  try {
    created = await createWatPlugin(folder);
  } catch (error) {
    io.err(`new: ${error instanceof Error ? error.message : String(error)}`);
    return ExitCodes.failed;
  }
  io.out(`created ${folder}: ${created.id} (a Skwir module plugin, WebAssembly text)`);
  for (const file of created.files) io.out(`  ${join(folder, file)}`);
  const here = shellWord(folder);
  io.out(`try it:   ${NPX} ask ${here} field --file ${shellWord(join(folder, 'README.md'))} --params '{"key":"file-size.bytes"}' --trace`);
  io.out(`check it: ${NPX} check ${here}`);
  io.out(`then drag the folder onto the Vitruvian window to install it; ${join(folder, 'README.md')} says how to rebuild plugin.wasm.`);
  return ExitCodes.ok;
}
