// The installed copy of a dropped tool folder. The installer judges the source with the same
// function as `vitruvian-tool validate`, so the copy must lead everywhere the source leads, or a
// folder validate calls valid could be refused (or run something else) once copied.
//
// Files and folders are copied as they are; symlinks are copied as symlinks, each remade so that
// from the copy it leads to the same thing the source's link leads to:
// - A link that leads inside the source folder (however it is written: relative, or absolute
//   through the source's own path, or through other links) becomes a relative link to the same
//   place in the copy. Copied verbatim, an absolute one would lead back into the dropped folder.
// - A link that leads outside the folder is refused by validation only for runtime.exec; any other
//   (a shared library folder, say) keeps leading to the same place, by its absolute real path: as a
//   relative link such as ../shared it would lead into the app's data folder from the copy. What it
//   leads to is not copied in: it may be anything (a home folder, a disk), and the tool, which runs
//   as the person, can read it anyway. Such a tool keeps depending on that place, as it did.
// - A dangling link stays dangling: relative inside the copy when it pointed inside the folder,
//   else the absolute path it named.
import { cp, readdir, readlink, realpath, rm, symlink } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { isInside } from '../../src-shared/manifest/tool-path';

/** Copies the tool folder `source` to `target` (which must not exist yet). */
export async function copyToolFolder(source: string, target: string): Promise<void> {
  // A dropped folder that is itself a symlink is copied for what it leads to, not as a link.
  const from = await realpath(source);
  await cp(from, target, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
  for (const link of await symlinksIn(target)) {
    const wanted = await linkInCopy(from, link);
    const made = join(target, link);
    if ((await readlink(made)) === wanted) continue;
    await rm(made);
    await symlink(wanted, made);
  }
}

/** What the copy of the link at `link` (relative to the folder) should hold. */
async function linkInCopy(from: string, link: string): Promise<string> {
  const original = join(from, link);
  const leadsTo = await realpath(original).catch(() => undefined);
  const target = leadsTo ?? resolve(dirname(original), await readlink(original));
  if (!isInside(from, target)) return target;
  return relative(dirname(join(from, link)), target) || '.';
}

/** Every symlink under `folder`, as paths relative to it; links are not followed. */
async function symlinksIn(folder: string, under = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(folder, under), { withFileTypes: true })) {
    const path = under === '' ? entry.name : join(under, entry.name);
    if (entry.isSymbolicLink()) found.push(path);
    else if (entry.isDirectory()) found.push(...(await symlinksIn(folder, path)));
  }
  return found;
}
