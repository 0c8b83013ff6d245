// The transpile of a module plugin's component into the host's folder for it: made once, found
// again, made again when the wasm changes (the old one removed) or a file is not as it was written,
// every core module capped.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SKWIR_MODULE_MEMORY_BYTES } from '../../../../src-shared/skwir/limits';
import { buildComponent, fixtureWat } from '../../fixtures/module-harness';
import { transpiledModule } from './module-transpile';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-transpile-'));
  folders.push(folder);
  return folder;
};

describe('transpiledModule', () => {
  it('transpiles once, finds it again, and transpiles again only when the wasm changes', async () => {
    const folder = scratch();
    const cache = join(folder, 'cache');
    const wasm = await buildComponent(folder, fixtureWat());
    const first = await transpiledModule(wasm, cache);
    expect(first.transpiled).toBe(true);
    expect(first.script).toBe(join(first.folder, 'plugin.mjs'));
    expect(readdirSync(first.folder).sort()).toEqual(['plugin.core.wasm', 'plugin.core2.wasm', 'plugin.core3.wasm', 'plugin.mjs', 'stamp.json']);
    expect(readFileSync(first.script, 'utf8')).toContain('export function instantiate(getCoreModule, imports');
    expect(await transpiledModule(wasm, cache)).toEqual({ ...first, transpiled: false });

    await buildComponent(folder, fixtureWat().replaceAll('hello', 'hallo'));
    const second = await transpiledModule(wasm, cache);
    expect(second.transpiled).toBe(true);
    expect(second.folder).not.toBe(first.folder);
    expect(readdirSync(cache)).toEqual([second.folder.slice(cache.length + 1)]);
  });

  it('writes the core module that holds the memory with the cap as its maximum', async () => {
    const folder = scratch();
    const module = await transpiledModule(await buildComponent(folder, fixtureWat()), join(folder, 'cache'));
    const core = new WebAssembly.Module(readFileSync(join(module.folder, 'plugin.core.wasm')));
    const memory = WebAssembly.Module.exports(core).find((entry) => entry.kind === 'memory');
    expect(memory?.name).toBe('memory');
    const imports = WebAssembly.Module.imports(core).map((entry) => [entry.name, () => {}]);
    const instance = new WebAssembly.Instance(core, { $root: Object.fromEntries(imports) });
    const exported = instance.exports.memory as WebAssembly.Memory;
    expect(() => exported.grow(SKWIR_MODULE_MEMORY_BYTES / 65_536)).toThrow(RangeError);
    expect(exported.grow(SKWIR_MODULE_MEMORY_BYTES / 65_536 - 2)).toBe(2);
  });

  it('gives the worker only what it wrote: a file changed since (a core module, the record) is named, and the component transpiled again', async () => {
    const folder = scratch();
    const cache = join(folder, 'cache');
    const wasm = await buildComponent(folder, fixtureWat());
    const first = await transpiledModule(wasm, cache);
    const core = join(first.folder, 'plugin.core.wasm');
    const bytes = readFileSync(core);
    writeFileSync(core, Buffer.concat([bytes, Buffer.from([0])]));
    const again = await transpiledModule(wasm, cache);
    expect(again).toMatchObject({ transpiled: true, changed: 'plugin.core.wasm' });
    expect(again.code).toEqual(first.code);
    expect(readFileSync(core)).toEqual(bytes);
    // The record itself, rewritten while this host runs, is caught by the one it keeps.
    writeFileSync(
      join(first.folder, 'stamp.json'),
      readFileSync(join(first.folder, 'stamp.json'), 'utf8').replace('}}}', '},"extra.wasm":{"bytes":0,"sha256":""}}}'),
    );
    expect(await transpiledModule(wasm, cache)).toMatchObject({ transpiled: true, changed: 'stamp.json' });
    expect(await transpiledModule(wasm, cache)).toMatchObject({ transpiled: false });
  });

  it('names the file when the wasm is not a component', async () => {
    const folder = scratch();
    const wasm = join(folder, 'plugin.wasm');
    await import('node:fs/promises').then((fs) => fs.writeFile(wasm, 'not wasm'));
    await expect(transpiledModule(wasm, join(folder, 'cache'))).rejects.toThrow(/^plugin.wasm could not be transpiled: ./);
  });
});
