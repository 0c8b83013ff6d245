// What a new tool or plugin folder is called: the id and the name made from its folder's name, and
// what `new` tells of the folder it made. Shared by the templates of every language and the
// WebAssembly text plugin.
import { basename, resolve } from 'node:path';

const ID_PREFIX = 'local.';
const ID_MAX = 128;

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
  const words = basename(resolve(folder))
    .replace(/[-_.\s]+/g, ' ')
    .trim();
  return words === '' ? 'My tool' : words[0]!.toUpperCase() + words.slice(1);
}

export interface CreatedTool {
  folder: string;
  id: string;
  files: string[];
}
