// The Electron bundles as they ship: one CommonJS file each, needing nothing at run time but
// electron (and, for main, Node's own modules), and the main bundle loads and runs its lifecycle
// when given a stand-in for electron.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileThread } from '../host/plugins/file-thread';
import { moduleCode } from '../host/plugins/module/module-transpile';
import { WorkerLink } from '../host/plugins/module/module-worker-link';
import type { CallEvent } from '../host/plugins/module/module-worker-messages';
import { bundleElectron, PREVIEW2_IO_WORKER, type BundleReport } from './bundle';

const repository = join(import.meta.dirname, '..', '..');
let outDir: string;
let report: BundleReport;
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vitruvian-bundle-'));
  report = await bundleElectron({ outDir });
}, 60_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

const isNodeBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

describe('the Electron bundles', () => {
  it('main needs only electron and Node built-ins; the sandboxed preload needs only electron; the workers only Node', () => {
    expect(report.externals.main).toContain('electron');
    expect(report.externals.main.filter((name) => name !== 'electron' && !isNodeBuiltin(name))).toEqual([]);
    expect(report.externals.preload).toEqual(['electron']);
    expect(report.externals.workers.filter((name) => !isNodeBuiltin(name))).toEqual([]);
  });

  it('every file a worker loads by a URL beside itself is there (jco core modules, the WASI shim I/O worker)', async () => {
    const beside = /new URL\(\s*["'`](\.\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g;
    const referenced = new Set<string>();
    for (const worker of report.workers) {
      for (const [, relative] of (await readFile(worker, 'utf8')).matchAll(beside)) referenced.add(relative!);
    }
    // The transpiler's core modules and the shim's worker at least; each one must have been copied.
    expect(referenced.size).toBeGreaterThan(1);
    expect([...referenced]).toContain(`./${PREVIEW2_IO_WORKER}`);
    for (const relative of referenced)
      expect(
        await stat(join(outDir, relative)).then(
          (found) => found.isFile(),
          () => false,
        ),
        relative,
      ).toBe(true);
  });

  it('runs a module plugin with the bundled workers alone, outside the repository (no node_modules): transpiled, instantiated, called', async () => {
    const component = await readFile(join(repository, 'tools-sample', 'skwir-lines', 'plugin.wasm'));
    // The transpiler's worker, as the packaged app starts it: jco and its core modules come from the bundle.
    // Judged first, as an install does: its world read by the same worker, from the bundle, then transpiled there.
    const jco = new Worker(join(outDir, 'component-transpile-worker.mjs'), { execArgv: [] });
    const ask = <T>(task: object) =>
      new Promise<T>((resolve, reject) => {
        jco.once('message', resolve);
        jco.once('error', reject);
        jco.postMessage(task);
      });
    const judged = await ask<{ id: number; world?: string; error?: string }>({ id: 1, task: 'world', bytes: component });
    expect(judged).toMatchObject({ id: 1, world: expect.stringContaining('export call: func') });
    const answer = await ask<{ id: number; files?: Record<string, Uint8Array>; error?: string }>({
      id: 2,
      task: 'transpile',
      bytes: component,
      options: { name: 'plugin', instantiation: 'async', base64Cutoff: 0, noComponentErrorWrapping: true, emitTypescriptDeclarations: false },
    });
    await jco.terminate();
    expect(answer.id).toBe(2);
    expect(answer.error).toBeUndefined();

    // The component's worker from the bundle, through the host's own link; it reads the call's file itself.
    const text = 'one\ntwo\nthree\n';
    const path = join(outDir, 'module-call-file.txt');
    await writeFile(path, text);
    const { dev, ino } = await stat(path, { bigint: true });
    const output: string[] = [];
    const served: CallEvent[] = [];
    const link = await WorkerLink.start(
      {
        // As module-transpile.ts hands it over: the script's text, every core module capped.
        code: moduleCode(answer.files ?? {}),
        script: pathToFileURL(join(outDir, 'module-worker.mjs')),
        onRead: () => Promise.resolve({ refused: 'the worker should have served it' }),
        onEvents: (events) => served.push(...events),
        onLogsDropped: () => {},
        onOutput: (line) => output.push(line),
      },
      20_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; files ${Object.keys(answer.files ?? {}).join(', ')}; the worker said: ${output.join(' | ')}`);
    });
    try {
      // Described in the worker (not read whole: opened at its first read).
      expect(await link.call(1, 'field', { first: 1, files: [{ path, name: 'a.txt' }], serve: true, params: { key: 'lines.count' }, place: 'file' })).toEqual({
        type: 'answered',
        text: expect.stringContaining('3'),
      });
      expect(served[0]).toEqual({
        type: 'began',
        params: JSON.stringify({ key: 'lines.count', file: { handle: 1, name: 'a.txt', path, size: text.length } }),
        files: [{ real: path, dev, ino, size: text.length }],
      });
      expect(served[1]).toMatchObject({ type: 'served', file: 1, offset: 0n, bytes: text.length, head: new TextEncoder().encode(text) });
    } finally {
      await link.stop();
    }
  }, 60_000);

  it("reads a plugin's call file through the bundled file thread", async () => {
    const path = join(outDir, 'call-file.txt');
    await writeFile(path, 'the bytes of a call');
    const { dev, ino } = await stat(path, { bigint: true });
    const thread = new FileThread({ script: pathToFileURL(join(outDir, 'file-thread-worker.mjs')) });
    try {
      expect(await thread.describe(path)).toEqual({ real: path, identity: { dev, ino }, size: 19n });
      const read = await thread.read({ path, identity: { dev, ino } }, 4, 5);
      if (!('fd' in read)) throw new Error(`not opened: it is now ${read.changed}`);
      expect(read.data.toString()).toBe('bytes');
      expect(await thread.read({ fd: read.fd }, 8, 100)).toEqual({ fd: read.fd, data: Buffer.from('the bytes of a call'.slice(8)) });
      thread.close(read.fd);
    } finally {
      thread.stop();
    }
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
      'registerSchemesAsPrivileged app,vitruvian-converted',
      'setName Vitruvian Dev',
      'setPath userData /tmp/appData/Vitruvian Dev',
      'requestSingleInstanceLock',
      'quit',
    ]);
  });
});
