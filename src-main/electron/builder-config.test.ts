// electron-builder.yml, checked against electron-builder's own JSON Schema and against what the
// app needs at run time (its id, its entitlements, its bundles, the samples, the fuses).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { appId, productName } from './app-identity';

const repository = join(import.meta.dirname, '..', '..');
/** What these tests read of electron-builder.yml; the first checks all of it against the schema. */
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  extraResources: unknown[];
  electronFuses: Record<string, boolean>;
  mac: {
    target: unknown[];
    artifactName: string;
    category: string;
    hardenedRuntime: boolean;
    extendInfo: Record<string, string>;
    entitlements: string;
    icon: string;
  };
  linux: { target: string[]; icon: string };
}
const config = load(await readFile(join(repository, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const packageJson = JSON.parse(await readFile(join(repository, 'package.json'), 'utf8')) as {
  productName: string;
  main: string;
  scripts: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it("fits electron-builder's configuration schema", async () => {
    const schema = JSON.parse(await readFile(join(repository, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    validate(config);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('names the app as the code does', () => {
    expect(config.appId).toBe(appId);
    expect(config.productName).toBe(productName);
    expect(packageJson.productName).toBe(productName);
  });

  it('builds a dmg and a zip for macOS with the hardened runtime and Apple Events, an AppImage for Linux', async () => {
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config.mac.artifactName).toBe('${productName}-${version}-${arch}.${ext}'); // the two never share a name
    expect(config.mac.category).toBe('public.app-category.developer-tools');
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.extendInfo.NSAppleEventsUsageDescription).toMatch(/System Events/);
    const entitlements = await readFile(join(repository, config.mac.entitlements), 'utf8');
    expect(entitlements).toMatch(/<key>com\.apple\.security\.automation\.apple-events<\/key>\s*<true\/>/);
    expect(config.linux.target).toEqual(['AppImage']);
  });

  it('gives the app its own icons: the .icns for macOS and the dmg, a PNG per size for Linux', async () => {
    expect(config.mac.icon).toBe('build/icon.icns');
    expect((await readFile(join(repository, config.mac.icon))).toString('latin1', 0, 4)).toBe('icns');
    expect(config.linux.icon).toBe('build/icons');
    expect((await readdir(join(repository, config.linux.icon))).sort()).toEqual(
      ['16x16.png', '32x32.png', '48x48.png', '64x64.png', '128x128.png', '256x256.png', '512x512.png'].sort(),
    );
  });

  it('turns off runAsNode, NODE_OPTIONS and file:// privileges, and checks app.asar', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the bundles package.json points at and the samples as extra resources', () => {
    expect(packageJson.main).toBe('dist/electron/main.cjs');
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'dist/electron/**/*', 'dist/renderer/**/*']));
    expect(config.extraResources).toEqual([expect.objectContaining({ from: 'tools-sample', to: 'tools-sample' })]);
    expect(packageJson.scripts.dist).toMatch(/electron-builder$/);
  });
});
