// A module plugin's folder judged as `validate` and the installer judge it, with real WebAssembly
// made by jco's wasm-tools: a component of the plugin world passes; a core module, a component
// that imports WASI, one without call, and a file that is not WebAssembly are refused by name.
import { inEnglish } from '../../../src-shared/test/in-english';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { componentFromWat, binaryFromWat } from '../plugins/module/component-tools';
import { buildComponent, fixtureWat } from '../fixtures/module-harness';
import { checkFolder } from './tool-folder';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vt-module-folder-'));
  await writeFile(join(folder, 'skwir-plugin.toml'), 'id = "org.example.wat"\nname = "Wat"\nversion = "1.0.0"\n[module]\nwasm = "plugin.wasm"\n');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const wasm = (bytes: Uint8Array | string) => writeFile(join(folder, 'plugin.wasm'), bytes);

describe('a module plugin folder', () => {
  it('is valid with a component of the plugin world', async () => {
    const path = await buildComponent(folder, fixtureWat());
    expect(await checkFolder(folder)).toMatchObject({
      ok: true,
      kind: 'plugin',
      entryPath: path,
      manifest: { transport: { kind: 'module', wasm: 'plugin.wasm' } },
    });
  });

  it('is refused with a core module, naming it', async () => {
    await wasm(await binaryFromWat(fixtureWat()));
    expect(inEnglish(await checkFolder(folder))).toEqual({
      ok: false,
      problems: [
        'module.wasm: "plugin.wasm" is a core WebAssembly module, not a component; make a component of it with the world skwir:plugin/plugin (wasm-tools component new, or jco new)',
      ],
    });
  });

  it('is refused with a component that imports more than read and log, or exports no call', async () => {
    const wit = `package example:other;
world other {
  import wasi:random/random@0.2.0;
  export run: func() -> u32;
}
package wasi:random@0.2.0 {
  interface random { get-random-u64: func() -> u64; }
}`;
    const wat = `(module
      (import "wasi:random/random@0.2.0" "get-random-u64" (func (result i64)))
      (memory (export "memory") 1)
      (func (export "run") (result i32) (i32.const 1)))`;
    await wasm(await componentFromWat(wat, wit, 'other'));
    expect(inEnglish(await checkFolder(folder))).toEqual({
      ok: false,
      problems: [
        'module.wasm: "plugin.wasm" imports the interface wasi:random/random@0.2.0; a module plugin may import only read and log',
        'module.wasm: "plugin.wasm" exports no call function (it exports run); the host calls call(method, params)',
      ],
    });
  });

  it('is refused with a file that is not WebAssembly, or a component that does not decode', async () => {
    await wasm('#!/bin/sh\n');
    expect(inEnglish(await checkFolder(folder))).toEqual({
      ok: false,
      problems: ['module.wasm: "plugin.wasm" is not WebAssembly (it starts 0x23 0x21 0x2f 0x62, not 0x00 "asm")'],
    });
    await wasm(new Uint8Array([0, 0x61, 0x73, 0x6d, 0x0d, 0, 1, 0, 9, 9]));
    const verdict = await checkFolder(folder);
    expect(inEnglish(verdict)).toEqual({ ok: false, problems: [expect.stringMatching(/^module.wasm: "plugin.wasm" is not a well-formed component \(.+\)$/)] });
  });
});
