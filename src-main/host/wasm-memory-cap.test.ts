// The memory cap on real core modules (made from WAT by jco's wasm-tools), compiled and run by V8.
import { describe, expect, it } from 'vitest';
import { coreFromWat } from './component-tools';
import { capMemories, MemoryCapError } from './wasm-memory-cap';

const PAGE = 65_536;
const grower = (memory: string) => `(module (memory (export "memory") ${memory})
  (func (export "grow") (param i32) (result i32) (memory.grow (local.get 0))))`;

async function instance(bytes: Uint8Array) {
  const instance = new WebAssembly.Instance(await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>));
  return instance.exports as { grow(pages: number): number; memory: WebAssembly.Memory };
}

describe('capMemories', () => {
  it('gives a memory without a maximum the cap: growing past it fails inside the module', async () => {
    const module = await coreFromWat(grower('1'));
    const capped = await instance(capMemories(module, 4 * PAGE));
    expect(capped.grow(3)).toBe(1);
    expect(capped.grow(1)).toBe(-1);
    expect(capped.memory.buffer.byteLength).toBe(4 * PAGE);
    // Uncapped, the same module grows on.
    expect((await instance(module)).grow(100)).toBe(1);
  });

  it('lowers a larger maximum to the cap and keeps a smaller one', async () => {
    expect((await instance(capMemories(await coreFromWat(grower('1 100')), 2 * PAGE))).grow(2)).toBe(-1);
    const small = await instance(capMemories(await coreFromWat(grower('1 2')), 8 * PAGE));
    expect(small.grow(1)).toBe(1);
    expect(small.grow(1)).toBe(-1);
  });

  it('leaves a module without memory byte for byte', async () => {
    const module = await coreFromWat('(module (func (export "f") (result i32) (i32.const 7)))');
    expect(capMemories(module, PAGE)).toEqual(module);
  });

  it('refuses a memory that starts over the cap, and what is not a core module', async () => {
    expect(() => capMemories(new Uint8Array(0), PAGE)).toThrow(MemoryCapError);
    const big = await coreFromWat(grower('5'));
    expect(() => capMemories(big, 4 * PAGE)).toThrow('memory 0 starts at 0.3125 MiB, over the 0.25 MiB a module plugin may use');
  });
});
