// The built window the test bed serves (dist/renderer), and building it when it is missing or older
// than its sources, so `vitruvian-tool testbed` works right after `npm ci`.
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const defaultRendererDir = join(repoRoot, 'dist', 'renderer');

/**
 * What the window is built from: its own sources (any file: pages, styles, assets), the shared modules
 * it imports (TypeScript, and the JSON schemas they import), and the build's own files at the top.
 * Test files, test support, examples (protocol test data) and notes are left out: editing them must not
 * bring a rebuild.
 */
const sourceFolders: Array<{ folder: string; counts: (name: string) => boolean }> = [
  { folder: 'src-renderer', counts: (name) => !/\.md$/i.test(name) },
  { folder: 'src-shared', counts: (name) => /\.(ts|json)$/.test(name) },
];
const buildFilesAtTop = /^(vite\.config\.[cm]?[jt]s|index\.html|package\.json|package-lock\.json)$/;
const isTest = /\.test\.tsx?$/;
const notSourceFolders = new Set(['examples', 'test', 'tests', '__tests__', 'fixtures', 'node_modules']);

async function newestChange(folder: string, counts: (name: string) => boolean): Promise<number> {
  let newest = 0;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!notSourceFolders.has(entry.name)) newest = Math.max(newest, await newestChange(path, counts));
    } else if (entry.isFile() && counts(entry.name) && !isTest.test(entry.name)) {
      newest = Math.max(newest, (await stat(path)).mtimeMs);
    }
  }
  return newest;
}

/** True when dist/renderer/index.html exists and no source changed after it was built. */
export async function rendererIsCurrent(root = repoRoot, rendererDir = join(root, 'dist', 'renderer')): Promise<boolean> {
  const built = await stat(join(rendererDir, 'index.html')).catch(() => undefined);
  if (!built) return false;
  let newest = 0;
  for (const { folder, counts } of sourceFolders) newest = Math.max(newest, await newestChange(join(root, folder), counts));
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.isFile() && buildFilesAtTop.test(entry.name)) {
      newest = Math.max(newest, (await stat(join(root, entry.name))).mtimeMs);
    }
  }
  return newest <= built.mtimeMs;
}

/** Builds the window with `npm run build:renderer`; its output goes to stderr, never stdout. */
export function buildRenderer(root = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', '--silent', 'build:renderer'], { cwd: root, stdio: ['ignore', 2, 2] });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`building the window failed (npm run build:renderer ended with ${signal ?? `code ${code}`})`));
    });
  });
}

/** Builds the window unless the built one is current; says so on `report`. */
export async function ensureRenderer(report: (line: string) => void, root = repoRoot): Promise<void> {
  if (await rendererIsCurrent(root)) return;
  report('building the window (npm run build:renderer)...');
  await buildRenderer(root);
}
