// An unsigned build must launch on Apple silicon: flipping the fuses edits Electron's binary, which
// breaks the ad-hoc signature an arm64 Mac demands, and macOS kills the app at launch. electron-
// builder signs again only when told (resetAdHocDarwinSignature), so this runs electron-builder's
// own fuse step on a stand-in Vitruvian.app with electron-builder.yml's fuses and a `codesign` on
// PATH that records what it is asked. A Developer ID, when found, signs afterwards over it.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { MacPackager } from 'electron-builder';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repository = join(import.meta.dirname, '..', '..');
/** What this test reads of electron-builder.yml (builder-config.test.ts checks all of it). */
interface BuilderConfig {
  electronFuses: Record<string, boolean>;
  mac: { identity?: string | null; hardenedRuntime: boolean };
}
const config = load(await readFile(join(repository, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

let work: string;
let app: string;
let framework: string;
let codesignLog: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitruvian-mac-signing-'));
  app = join(work, 'mac-arm64', 'Vitruvian.app');
  const frameworkFolder = join(app, 'Contents', 'Frameworks', 'Electron Framework.framework');
  await mkdir(frameworkFolder, { recursive: true });
  framework = join(frameworkFolder, 'Electron Framework');
  await writeFile(framework, Buffer.concat([Buffer.from(`stand-in#${fuseSentinel}`), Buffer.from([1, 8]), Buffer.from('10110001')]));
  const bin = join(work, 'bin');
  await mkdir(bin);
  codesignLog = join(work, 'codesign.log');
  await writeFile(join(bin, 'codesign'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${codesignLog}'\n`);
  await chmod(join(bin, 'codesign'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${bin}${delimiter}${path}`;
  try {
    // What electron-builder runs for each mac app right after packing and before any signing.
    const packager = Object.create(MacPackager.prototype, {
      config: { value: config },
      appInfo: { value: { productFilename: 'Vitruvian' } },
    }) as { doAddElectronFuses(context: object): Promise<void> };
    await packager.doAddElectronFuses({ appOutDir: join(work, 'mac-arm64'), electronPlatformName: 'darwin' });
  } finally {
    process.env.PATH = path;
  }
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a mac build without a Developer ID', () => {
  it('is signed ad hoc again right after its fuses are flipped, so Apple silicon launches it', async () => {
    expect(config.electronFuses.resetAdHocDarwinSignature).toBe(true);
    const asked = (await readFile(codesignLog, 'utf8')).trim().split('\n');
    expect(asked).toEqual(['--sign', '-', '--force', '--preserve-metadata=entitlements,requirements,flags,runtime', '--deep', app]);
    const bytes = await readFile(framework);
    const at = bytes.indexOf(fuseSentinel) + fuseSentinel.length;
    // The fuses are flipped before the signature is made again: runAsNode, nodeOptions, inspect and
    // file:// privileges off; cookie encryption, asar integrity and app.asar only on.
    expect(bytes.subarray(at + 2, at + 10).toString('latin1')).toBe('01001100');
  });

  it('still lets electron-builder find and use a Developer ID: no identity is forced', () => {
    // identity "-" would sign ad hoc even with a Developer ID in the keychain; null would skip signing.
    expect(config.mac.identity).toBeUndefined();
    expect(config.mac.hardenedRuntime).toBe(true);
  });
});
