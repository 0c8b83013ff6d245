// A folder loaded in place that was refused at its first load: it still shows in the window, with
// its problems, under what can be read of its manifest. Nothing of it runs; a reload that finds it
// valid makes it the tool.
import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
import type { LocalizedText } from '../../../src-shared/host-api';
import { parse as parseToml } from 'smol-toml';
import { MANIFEST_FILE, MANIFEST_MAX_BYTES } from '../../../src-shared/limits';
import { SKWIR_MANIFEST_FILE, SKWIR_MANIFEST_MAX_BYTES } from '../../../src-shared/skwir/limits';
import { idProblem } from './registry';
import { readBounded } from '../files/bounded-read';

export interface RefusedFolder {
  /** A tool's folder, or a Skwir plugin's (it holds skwir-plugin.toml and no vitruvian-tool.json). */
  kind: 'tool' | 'plugin';
  /** The manifest's id when it is usable, else one made from the folder's path. */
  id: string;
  /** True when the id was made from the path (it names nothing of the tool's own). */
  madeUpId: boolean;
  folder: string;
  name: LocalizedText;
  version: string;
  publisher: LocalizedText;
  description?: LocalizedText;
  start: 'launch' | 'demand';
}

const maxText = 200;

/** Text in several languages as the manifest gives it, when it has an `en`; only its strings. */
function localizedText(value: unknown): LocalizedText | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const text = Object.fromEntries(entries.map(([tag, words]) => [tag, words.slice(0, maxText)]));
  return typeof text.en === 'string' && text.en.trim() !== '' ? (text as LocalizedText) : undefined;
}

/** `refused.<folder name>.<hash of the path>`: the same for the same folder, a valid tool id. */
export function madeUpId(folder: string): string {
  const path = resolve(folder);
  const name =
    basename(path)
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'folder';
  return `refused.${name}.${createHash('sha256').update(path).digest('hex').slice(0, 12)}`;
}

type Read = { kind: 'tool' | 'plugin'; manifest: Record<string, unknown> };

/** The manifest as far as it parses: a tool's JSON, else a plugin's TOML (whose texts are plain strings). */
async function readManifest(folder: string): Promise<Read> {
  const parsed = async (file: string, maxBytes: number, parse: (text: string) => unknown): Promise<Record<string, unknown> | undefined> => {
    try {
      const bytes = await readBounded(join(folder, file), maxBytes + 1);
      if (bytes.length > maxBytes) return {};
      const value = parse(new TextDecoder().decode(bytes));
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch (error) {
      // Missing: not this kind. Too big, not a file, not JSON or TOML: the folder's name is all there is.
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : {};
    }
  };
  const tool = await parsed(MANIFEST_FILE, MANIFEST_MAX_BYTES, JSON.parse);
  if (tool) return { kind: 'tool', manifest: tool };
  const plugin = await parsed(SKWIR_MANIFEST_FILE, SKWIR_MANIFEST_MAX_BYTES, parseToml);
  if (!plugin) return { kind: 'tool', manifest: {} };
  const text = (value: unknown) => (typeof value === 'string' ? { en: value } : undefined);
  return { kind: 'plugin', manifest: { ...plugin, name: text(plugin.name), description: text(plugin.description) } };
}

/**
 * What can be read of a refused folder. `taken` says when an id already names another tool (the
 * refusal may be exactly that), so that tool is never shadowed.
 */
export async function readRefusedFolder(folder: string, taken: (id: string) => boolean): Promise<RefusedFolder> {
  const path = resolve(folder);
  const { kind, manifest } = await readManifest(path);
  const { id, version, runtime } = manifest;
  const usable = typeof id === 'string' && idProblem(id) === undefined && !taken(id);
  const refused: RefusedFolder = {
    kind,
    id: usable ? id : madeUpId(path),
    madeUpId: !usable,
    folder: path,
    name: localizedText(manifest.name) ?? { en: basename(path) },
    version: typeof version === 'string' ? version.slice(0, 64) : '',
    publisher: localizedText(manifest.publisher) ?? { en: '' },
    // A plugin starts when it is asked; a tool as its manifest says.
    start: kind === 'plugin' || (runtime as { start?: unknown } | undefined)?.start === 'demand' ? 'demand' : 'launch',
  };
  const description = localizedText(manifest.description);
  if (description) refused.description = description;
  return refused;
}
