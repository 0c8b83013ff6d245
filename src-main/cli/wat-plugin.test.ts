// The WAT module plugin template, written and built as `new --kind skwir --lang wat` is to, then
// judged as the installer judges it and run as the host runs it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SKWIR_WORLD_WIT } from '../../src-shared/skwir/module-world';
import { ModulePlugin } from '../host/plugins/module/module-plugin';
import { checkFolder } from '../host/installs/tool-folder';
import { buildWatPlugin, createWatPlugin } from './wat-plugin';

const scratch = mkdtempSync(join(tmpdir(), 'vitruvian-wat-plugin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('createWatPlugin', () => {
  it('writes a module plugin that the installer takes and the host runs', async () => {
    const folder = join(scratch, 'My "wat" plugin');
    const created = await createWatPlugin(folder);
    expect(created).toEqual({ folder, id: 'local.my-wat-plugin', files: ['skwir-plugin.toml', 'plugin.wat', 'world.wit', 'plugin.wasm', 'README.md'] });
    expect(readFileSync(join(folder, 'world.wit'), 'utf8')).toBe(SKWIR_WORLD_WIT);
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    expect(readme).toContain('# My "wat" plugin');
    expect(readme).toContain(`npx tsx scripts/build-wat-plugin.ts '${folder}'`);
    expect(readme).not.toMatch(/\{\{\w+\}\}/);

    const verdict = await checkFolder(folder);
    expect(verdict).toMatchObject({
      ok: true,
      kind: 'plugin',
      manifest: { id: 'local.my-wat-plugin', name: 'My "wat" plugin', transport: { kind: 'module' } },
    });
    if (!verdict.ok || verdict.kind !== 'plugin') return;

    const logs: string[] = [];
    const plugin = new ModulePlugin({
      wasmPath: verdict.entryPath,
      transpileFolder: join(scratch, 'transpiled'),
      granted: verdict.manifest.capabilities,
      onLog: (_level, _source, message) => logs.push(message),
    });
    try {
      const file = join(scratch, 'some.txt');
      writeFileSync(file, Buffer.alloc(300_000, 'x'));
      expect(await plugin.call({ method: 'field', params: { key: 'file-size.bytes' }, files: [file] })).toMatchObject({
        outcome: 'answered',
        answer: { value: 300_000 },
      });
      expect(logs).toContain('counted the bytes');
      expect(await plugin.call({ method: 'inspect', params: {}, files: [file] })).toMatchObject({
        outcome: 'failed',
        message: 'only field is answered by this plugin',
      });
    } finally {
      await plugin.dispose();
    }
  });

  it('refuses a folder that is not empty, and names the source a build fails in', async () => {
    const full = join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'keep.txt'), 'mine');
    await expect(createWatPlugin(full)).rejects.toThrow(`${full} is not empty; give a new folder, or an empty one`);

    const broken = join(scratch, 'broken');
    await createWatPlugin(broken);
    writeFileSync(join(broken, 'plugin.wat'), '(module (func $f (result i32) (i32.const 1) (i32.const 2)))');
    await expect(buildWatPlugin(broken)).rejects.toThrow(/^plugin\.wat: .+/);
  });
});
