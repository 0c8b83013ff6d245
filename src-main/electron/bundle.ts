// Builds the Electron side: the main process to dist/electron/main.cjs and the preload to
// dist/electron/preload.cjs, each one CommonJS file with electron left external (Electron gives
// it at run time), plus the icons the app loads (assets/). The window comes from `npm run build:renderer`.
// Run with `npm run build:electron` (tsx src-main/electron/bundle.ts).
import { cp, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';

export interface BundleOptions {
  /** The repository (default: this file's repository). */
  root?: string;
  /** Default <root>/dist/electron. */
  outDir?: string;
}

export interface BundleReport {
  main: string;
  preload: string;
  /** Modules each bundle still requires at run time. */
  externals: { main: string[]; preload: string[] };
}

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
  const [mainBuild, preloadBuild] = await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'src-main/electron/main.ts')],
      outfile: main,
      platform: 'node',
      target: 'node22',
      // ESM sources that read import.meta.url keep working inside the CommonJS bundle.
      define: { 'import.meta.url': '__vitruvianImportMetaUrl' },
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
  ]);
  await cp(join(root, 'src-main/electron/assets'), join(outDir, 'assets'), { recursive: true });
  return {
    main,
    preload,
    externals: { main: externalsOf(mainBuild.metafile!), preload: externalsOf(preloadBuild.metafile!) },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const report = await bundleElectron();
  console.log(`built ${report.main} and ${report.preload}`);
}
