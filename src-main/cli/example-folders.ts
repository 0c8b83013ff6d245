// Test support: copies src-shared/protocol/examples/folders to a temporary folder and makes the
// cases folders.json describes under `setup` (symlinks, padded or nested manifests, a missing folder).
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import foldersJson from '../../src-shared/protocol/examples/folders.json';

export interface ExampleFolder {
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

export const exampleFolders = foldersJson.folders as ExampleFolder[];

const source = fileURLToPath(new URL('../../src-shared/protocol/examples/folders/', import.meta.url));

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
  await cp(source, folders, { recursive: true });
  const fill = (text: string, example: ExampleFolder) =>
    text.replaceAll('{outside}', outside).replaceAll('{folder}', join(folders, example.folder));
  for (const example of exampleFolders) {
    const folder = join(folders, example.folder);
    const setup = example.setup ?? {};
    if (setup.remove) await rm(folder, { recursive: true, force: true });
    for (const link of setup.symlinks ?? []) {
      await rm(join(folder, link.path), { force: true });
      await mkdir(join(folder, link.path, '..'), { recursive: true });
      await symlink(fill(link.target, example), join(folder, link.path));
    }
    const manifestPath = join(folder, 'vitruvian-tool.json');
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
    path: (example) => join(folders, example.folder),
    expected: (example) => example.lines.map((line) => fill(line, example)),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
