// The Electron bundles as they ship: one CommonJS file each, needing nothing at run time but
// electron (and, for main, Node's own modules), and the main bundle loads and runs its lifecycle
// when given a stand-in for electron.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleElectron, type BundleReport } from './bundle';

let outDir: string;
let report: BundleReport;
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vitruvian-bundle-'));
  report = await bundleElectron({ outDir });
}, 60_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

const isNodeBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

describe('the Electron bundles', () => {
  it('main needs only electron and Node built-ins; the sandboxed preload needs only electron', () => {
    expect(report.externals.main).toContain('electron');
    expect(report.externals.main.filter((name) => name !== 'electron' && !isNodeBuiltin(name))).toEqual([]);
    expect(report.externals.preload).toEqual(['electron']);
  });

  it('writes main.cjs, preload.cjs and the icons the app loads', async () => {
    const icons = ['menubarTemplate.png', 'menubarTemplate@2x.png', 'trayIcon.png', 'trayIcon@2x.png', 'appIcon.png'];
    for (const file of ['main.cjs', 'preload.cjs', ...icons.map((icon) => `assets/${icon}`)]) {
      expect((await stat(join(outDir, file))).size, file).toBeGreaterThan(0);
    }
    const preload = await readFile(report.preload, 'utf8');
    expect(preload).toContain('host:request');
    expect(preload).toContain('exposeInMainWorld');
  });

  it('main loads as CommonJS and starts its lifecycle (here: a second instance, which quits)', async () => {
    // A stand-in for electron: the app object records what main asks of it.
    const standIn = join(outDir, 'electron-stand-in.cjs');
    await writeFile(
      standIn,
      `const Module = require('node:module');
const load = Module._load;
const said = (text) => process.stdout.write(text + '\\n');
const app = {
  isPackaged: false,
  setName: (name) => said('setName ' + name),
  getPath: (name) => '/tmp/' + name,
  setPath: (name, path) => said('setPath ' + name + ' ' + path),
  requestSingleInstanceLock: () => { said('requestSingleInstanceLock'); return false; },
  quit: () => said('quit'),
};
Module._load = function (request, ...rest) {
  const protocol = { registerSchemesAsPrivileged: (schemes) => said('registerSchemesAsPrivileged ' + schemes.map((s) => s.scheme)) };
  if (request === 'electron') return new Proxy({ app, protocol }, { get: (target, name) => target[name] ?? {} });
  return load.call(this, request, ...rest);
};`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', standIn, report.main], { timeout: 20_000 });
    expect(stdout.trim().split('\n')).toEqual([
      'registerSchemesAsPrivileged app',
      'setName Vitruvian Dev',
      'setPath userData /tmp/appData/Vitruvian Dev',
      'requestSingleInstanceLock',
      'quit',
    ]);
  });
});
