// vitruvian-tool new <folder> [--lang node|python|sh]: a working tool to start from, made from the
// templates next to this file: a manifest, a program that speaks the protocol, a README for its author.
import { chmod, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';
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

const ID_PREFIX = 'local.';
const ID_MAX = 128;

/** The languages there is a template for (usage.ts lists the same for --lang). */
export const toolLanguages = Object.keys(templateOf) as ToolLanguage[];

/** The part of a tool id made from a folder's name: lower-case ASCII letters, digits and '-'. */
export function idPartFor(folder: string): string {
  const slug = basename(resolve(folder))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // the accents NFKD split off
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, ID_MAX - ID_PREFIX.length)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'tool' : slug;
}

/** The id a new tool in this folder gets; its author is told to change the `local.` part. */
export const toolIdFor = (folder: string): string => ID_PREFIX + idPartFor(folder);

/** The English name a new tool in this folder gets: "my-clipboard_tool" -> "My clipboard tool". */
export function toolNameFor(folder: string): string {
  const words = basename(resolve(folder)).replace(/[-_.\s]+/g, ' ').trim();
  return words === '' ? 'My tool' : words[0]!.toUpperCase() + words.slice(1);
}

/** A path as typed into a POSIX shell: quoted only when it needs to be. */
const shellWord = (path: string): string => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

export interface CreatedTool {
  folder: string;
  id: string;
  files: string[];
}

/** Writes a new tool into `folder`, which must be absent or empty. Throws an Error that says why not. */
export async function createTool(folder: string, language: ToolLanguage): Promise<CreatedTool> {
  const target = resolve(folder);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new Error(`${folder} exists and is not a folder`);
  if (existing && (await readdir(target)).length > 0) {
    throw new Error(`${folder} is not empty; give a new folder, or an empty one`);
  }
  await mkdir(target, { recursive: true });

  const template = templateOf[language];
  const id = toolIdFor(target);
  const name = toolNameFor(target);
  const manifest = JSON.parse(await readFile(join(templates, 'manifest.json'), 'utf8'));
  manifest.id = id;
  manifest.name = { en: name };
  manifest.publisher = { en: process.env.USER || 'Me' };
  manifest.runtime.exec = template.program;
  // 'wx': never write over a file that appeared since we looked.
  await writeFile(join(target, 'vitruvian-tool.json'), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });

  for (const file of [template.program, ...Object.keys(template.companions)]) {
    await copyFile(join(templates, language, file), join(target, file), 1 /* COPYFILE_EXCL */);
  }
  await chmod(join(target, template.program), 0o755);

  const extraFiles = Object.entries(template.companions)
    .map(([file, what]) => `| \`${file}\` | ${what} |\n`)
    .join('');
  const readme = (await readFile(join(templates, 'README.md'), 'utf8')).replace(
    /\{\{(\w+)\}\}/g,
    (_, key: string) =>
      // The folder's whole path: the README is read later, from wherever its author is.
      ({ name, id, slug: idPartFor(target), language: template.title, program: template.program, folder: shellWord(target), extraFiles })[key] ?? '',
  );
  await writeFile(join(target, 'README.md'), readme, { flag: 'wx' });
  return { folder: target, id, files: ['vitruvian-tool.json', template.program, ...Object.keys(template.companions), 'README.md'] };
}

export async function command(args: string[], io: CliIo): Promise<number> {
  const reading = readArgs('new', args);
  if (!reading.ok) return usageError(io, 'new', reading.problem);
  const language = (reading.options.lang ?? 'node') as ToolLanguage;
  const [folder] = reading.operands as [string];
  let created: CreatedTool;
  try {
    created = await createTool(folder, language);
  } catch (error) {
    io.err(`new: ${error instanceof Error ? error.message : String(error)}`);
    return ExitCodes.failed;
  }
  io.out(`created ${folder}: ${created.id} (${templateOf[language].title})`);
  for (const file of created.files) io.out(`  ${join(folder, file)}`);
  // Printed as they work when typed where `new` was: npx finds the CLI in the repository.
  io.out(`try it:   ${NPX} run ${shellWord(folder)} --command sayHello --trace`);
  io.out(`check it: ${NPX} check ${shellWord(folder)}`);
  io.out(`then drag the folder onto the Vitruvian window to install it; ${join(folder, 'README.md')} says more.`);
  return ExitCodes.ok;
}
