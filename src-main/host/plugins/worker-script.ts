// Where a worker thread's script is. Beside this module in the sources and in the Electron bundle
// (dist/electron); in the packaged app that folder is inside app.asar, which Electron reads for
// require and fs but a worker thread cannot start from, so the scripts are shipped unpacked
// (electron-builder.yml, asarUnpack) and are started from app.asar.unpacked.
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const inAsar = `${sep}app.asar${sep}`;

/** The file URL of `name` beside `base` (a module's import.meta.url), outside app.asar when packaged. */
export function workerScript(name: string, base: string): URL {
  const path = fileURLToPath(new URL(name, base));
  return pathToFileURL(path.includes(inAsar) ? path.replace(inAsar, `${sep}app.asar.unpacked${sep}`) : path);
}
