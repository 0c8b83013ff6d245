// Test support: copies the example folders of both protocols (src-shared/protocol/examples/folders,
// src-shared/skwir/examples/folders) to a temporary folder and makes the cases their folders.json
// describe under `setup` (symlinks, padded or nested manifests, a missing folder).
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import foldersJson from '../../src-shared/protocol/examples/folders.json';
import skwirFoldersJson from '../../src-shared/skwir/examples/folders.json';

export interface ExampleFolder {
  /** Which protocol's examples it is one of. */
  set: 'protocol' | 'skwir';
  folder: string;
  about: string;
  exit: 0 | 1;
  lines: string[];
  setup?: {
    symlinks?: { path: string; target: string }[];
    padManifestTo?: number;
    nest?: { field: string; depth: number };
    remove?: boolean;
  };
}

const sets = {
  protocol: { json: foldersJson, source: fileURLToPath(new URL('../../src-shared/protocol/examples/folders/', import.meta.url)) },
  skwir: { json: skwirFoldersJson, source: fileURLToPath(new URL('../../src-shared/skwir/examples/folders/', import.meta.url)) },
} as const;

export const exampleFolders: ExampleFolder[] = (['protocol', 'skwir'] as const).flatMap((set) =>
  (sets[set].json.folders as Omit<ExampleFolder, 'set'>[]).map((example) => ({ set, ...example })),
);

/** How a test names an example: the Skwir ones say so. */
export const exampleName = (example: ExampleFolder): string => (example.set === 'skwir' ? `skwir/${example.folder}` : example.folder);

export interface PreparedExamples {
  /** The folder's path in the temporary copy. */
  path(example: ExampleFolder): string;
  /** The labelled lines with {outside} and {folder} filled in. */
  expected(example: ExampleFolder): string[];
  dispose(): Promise<void>;
}

export async function prepareExamples(): Promise<PreparedExamples> {
  const root = await mkdtemp(join(tmpdir(), 'vitruvian-examples-'));
  const outside = join(root, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'run'), '#!/bin/sh\nexit 0\n');
  await chmod(join(outside, 'run'), 0o755);
  const folders = join(root, 'folders');
  for (const set of ['protocol', 'skwir'] as const) await cp(sets[set].source, join(folders, set), { recursive: true });
  const pathOf = (example: ExampleFolder) => join(folders, example.set, example.folder);
  const fill = (text: string, example: ExampleFolder) => text.replaceAll('{outside}', outside).replaceAll('{folder}', pathOf(example));
  for (const example of exampleFolders) {
    const folder = pathOf(example);
    const setup = example.setup ?? {};
    if (setup.remove) await rm(folder, { recursive: true, force: true });
    for (const link of setup.symlinks ?? []) {
      await rm(join(folder, link.path), { force: true });
      await mkdir(join(folder, link.path, '..'), { recursive: true });
      await symlink(fill(link.target, example), join(folder, link.path));
    }
    const toml = join(folder, 'skwir-plugin.toml');
    const manifestPath = example.set === 'skwir' && existsSync(toml) ? toml : join(folder, 'vitruvian-tool.json');
    if (setup.nest) {
      const text = await readFile(manifestPath, 'utf8');
      const nested = '['.repeat(setup.nest.depth) + ']'.repeat(setup.nest.depth);
      await writeFile(manifestPath, `{"${setup.nest.field}": ${nested},${text.trimStart().slice(1)}`);
    }
    if (setup.padManifestTo !== undefined) {
      const bytes = await readFile(manifestPath);
      await writeFile(manifestPath, Buffer.concat([bytes, Buffer.alloc(setup.padManifestTo - bytes.length, ' ')]));
    }
  }
  return {
    path: pathOf,
    expected: (example) => example.lines.map((line) => fill(line, example)),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
