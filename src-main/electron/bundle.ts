// Builds the Electron side: the main process to dist/electron/main.cjs and the preload to
// dist/electron/preload.cjs, each one CommonJS file with electron left external (Electron gives
// it at run time), plus the icons the app loads (assets/). Worker threads start from files of their
// own: a module plugin's component and jco's transpiler, and each plugin's file thread (its reads),
// each bundled to one ES module beside main.cjs, with the core modules jco's tools load and the WASI
// shim's I/O worker beside them (the packaged app has no node_modules). The window comes from `npm run build:renderer`.
// Run with `npm run build:electron` (tsx src-main/electron/bundle.ts).
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { readJcoTranspileVersion } from '../host/plugins/module/component-tools';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

export interface BundleOptions {
  /** The repository (default: this file's repository). */
  root?: string;
  /** Default <root>/dist/electron. */
  outDir?: string;
}

export interface BundleReport {
  main: string;
  preload: string;
  /** The worker threads' scripts, beside main.cjs. */
  workers: string[];
  /** The core modules jco's tools load at run time, copied beside main.cjs and the workers. */
  coreModules: string[];
  /** Modules each bundle still requires at run time. */
  externals: { main: string[]; preload: string[]; workers: string[] };
}

/** The worker scripts main starts (see src-main/host/plugins/worker-script.ts), by their paths in src-main/host; each is bundled under its file name. */
export const WORKER_SCRIPTS = ['plugins/module/module-worker.mjs', 'plugins/module/component-transpile-worker.mjs', 'plugins/file-thread-worker.mjs'];

const repository = fileURLToPath(new URL('../../', import.meta.url));

const externalsOf = (metafile: Metafile): string[] => {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) names.add(imported.path);
  }
  return [...names].sort();
};

export async function bundleElectron(options: BundleOptions = {}): Promise<BundleReport> {
  const root = resolve(options.root ?? repository);
  const outDir = resolve(options.outDir ?? join(root, 'dist', 'electron'));
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    format: 'cjs',
    external: ['electron'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
    legalComments: 'none',
  };
  const main = join(outDir, 'main.cjs');
  const preload = join(outDir, 'preload.cjs');
  const workers = WORKER_SCRIPTS.map((path) => join(outDir, basename(path)));
  // jco-transpile is bundled without its package.json: its version goes in as a constant.
  const jcoVersion = { VITRUVIAN_JCO_TRANSPILE_VERSION: JSON.stringify(readJcoTranspileVersion()) };
  const ioWorker: { path?: string } = {};
  const [mainBuild, preloadBuild, workersBuild] = await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'src-main/electron/main.ts')],
      outfile: main,
      platform: 'node',
      target: 'node22',
      // ESM sources that read import.meta.url keep working inside the CommonJS bundle.
      define: { 'import.meta.url': '__vitruvianImportMetaUrl', ...jcoVersion },
      banner: { js: "const __vitruvianImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    }),
    build({
      ...common,
      entryPoints: [join(root, 'src-main/electron/preload.ts')],
      outfile: preload,
      // A sandboxed preload has no Node: only electron's renderer modules can be required.
      platform: 'browser',
      target: 'chrome140',
    }),
    build({
      ...common,
      entryPoints: Object.fromEntries(WORKER_SCRIPTS.map((path) => [basename(path, '.mjs'), join(root, 'src-main/host', path)])),
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      platform: 'node',
      target: 'node22',
      define: jcoVersion,
      // A native module the transpiler imports only for an option the host never sets (no-minify.ts).
      alias: { 'oxc-minify': './src-main/electron/no-minify.ts' },
      plugins: [preview2IoWorker(ioWorker)],
      // Bundled ES modules that still call require() (jco's wasm-tools) get one made for them.
      banner: { js: "import { createRequire as __vitruvianCreateRequire } from 'node:module'; const require = __vitruvianCreateRequire(import.meta.url);" },
    }),
  ]);
  await cp(join(root, 'src-main/electron/assets'), join(outDir, 'assets'), { recursive: true });
  const coreModules = await copyJcoCoreModules(root, outDir);
  if (!ioWorker.path) throw new Error(`the transpiler's worker no longer loads the WASI shim's I/O module: see PREVIEW2_IO_WORKER in bundle.ts`);
  await cp(ioWorker.path, join(outDir, PREVIEW2_IO_WORKER));
  return {
    main,
    preload,
    workers,
    coreModules,
    externals: { main: externalsOf(mainBuild.metafile!), preload: externalsOf(preloadBuild.metafile!), workers: externalsOf(workersBuild.metafile!) },
  };
}

/**
 * jco's transpiler runs as a component itself, on the WASI shim (@bytecodealliance/preview2-shim),
 * whose I/O module starts a worker of its own as soon as it loads, from a file beside it
 * (`new URL('./worker-thread.bundle.js', import.meta.url)`). Bundled, that URL points beside the
 * transpiler's worker: the file is copied there under a name Node reads as an ES module (there is
 * no package.json in dist/electron to say so), and the URL is rewritten to that name. Without it the
 * transpiler's worker fails, sooner or later, with "Cannot find module".
 */
export const PREVIEW2_IO_WORKER = 'preview2-io-worker.mjs';
const PREVIEW2_IO_WORKER_URL = './worker-thread.bundle.js';

/** Rewrites the shim's worker URL, and records which file it pointed to, for the copy. */
function preview2IoWorker(found: { path?: string }): Plugin {
  return {
    name: 'preview2-io-worker',
    setup(build) {
      build.onLoad({ filter: /preview2-shim[\\/]dist[\\/]io[\\/]worker-io\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const quoted = `"${PREVIEW2_IO_WORKER_URL}"`;
        if (!source.includes(quoted)) {
          // A new version of the shim moved its worker: stop here rather than ship a transpiler that fails.
          return { errors: [{ text: `${args.path} no longer starts its worker from ${quoted}; see PREVIEW2_IO_WORKER in bundle.ts` }] };
        }
        found.path = join(dirname(args.path), PREVIEW2_IO_WORKER_URL);
        return { contents: source.replace(quoted, `"./${PREVIEW2_IO_WORKER}"`), loader: 'js' };
      });
    },
  };
}

/**
 * jco's tools load their core modules by a URL beside their own module (`new URL('./x.wasm',
 * import.meta.url)`); once bundled, that is beside the bundle, where these copies go.
 */
async function copyJcoCoreModules(root: string, outDir: string): Promise<string[]> {
  const entry = createRequire(join(root, 'package.json')).resolve('@bytecodealliance/jco-transpile');
  const vendor = join(dirname(entry), '..', 'vendor');
  const names = (await readdir(vendor)).filter((name) => name.endsWith('.wasm')).sort();
  for (const name of names) await cp(join(vendor, name), join(outDir, name));
  return names.map((name) => join(outDir, name));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const report = await bundleElectron();
  console.log(`built ${report.main} and ${report.preload}`);
}
