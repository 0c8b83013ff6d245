// The memory cap on real core modules (made from WAT by jco's wasm-tools), compiled and run by V8.
import { describe, expect, it } from 'vitest';
import { binaryFromWat } from './component-tools';
import { capCores, coreLimits, MemoryCapError, reserveOf } from './wasm-memory-cap';

const PAGE = 65_536;
const grower = (memory: string) => `(module (memory (export "memory") ${memory})
  (func (export "grow") (param i32) (result i32) (memory.grow (local.get 0))))`;
const budget = (pages: number, tableEntries = 100) => ({ memoryBytes: pages * PAGE, tableEntries });

async function instance(bytes: Uint8Array) {
  const instance = new WebAssembly.Instance(await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>));
  return instance.exports as { grow(pages: number): number; memory: WebAssembly.Memory };
}

describe('capCores', () => {
  it('gives a memory without a maximum the budget: growing past it fails inside the module', async () => {
    const module = await binaryFromWat(grower('1'));
    const capped = await instance(capCores({ a: module }, budget(4)).a!);
    expect(capped.grow(3)).toBe(1);
    expect(capped.grow(1)).toBe(-1);
    expect(capped.memory.buffer.byteLength).toBe(4 * PAGE);
    // Uncapped, the same module grows on.
    expect((await instance(module)).grow(100)).toBe(1);
  });

  it('lowers a larger maximum to the budget and keeps a smaller one', async () => {
    expect((await instance(capCores({ a: await binaryFromWat(grower('1 100')) }, budget(2)).a!)).grow(2)).toBe(-1);
    const small = await instance(capCores({ a: await binaryFromWat(grower('1 2')) }, budget(8)).a!);
    expect(small.grow(1)).toBe(1);
    expect(small.grow(1)).toBe(-1);
  });

  it("shares the budget among every module's memories: evenly, one that needs less leaving the rest to the others", async () => {
    const cores = { a: await binaryFromWat(grower('1')), b: await binaryFromWat(grower('1 2')), c: await binaryFromWat(grower('1')) };
    const capped = capCores(cores, budget(10));
    expect(Object.fromEntries(Object.entries(capped).map(([name, bytes]) => [name, coreLimits(bytes).memories]))).toEqual({
      a: [{ min: 1, max: 4 }],
      b: [{ min: 1, max: 2 }],
      c: [{ min: 1, max: 4 }],
    });
    expect(Object.values(capped).reduce((sum, bytes) => sum + reserveOf(coreLimits(bytes)).memoryBytes, 0)).toBe(10 * PAGE);
    const a = await instance(capped.a!);
    expect(a.grow(3)).toBe(1);
    expect(a.grow(1)).toBe(-1);
  });

  it('gives tables a maximum from the table budget: growing past it fails inside the module', async () => {
    const module = await binaryFromWat(`(module (table 2 funcref) (table 1 externref)
      (func (export "grow") (param i32) (result i32) (table.grow 0 (ref.null func) (local.get 0))))`);
    const capped = capCores({ a: module }, budget(1, 10)).a!;
    expect(coreLimits(capped).tables).toEqual([
      { min: 2, max: 5 },
      { min: 1, max: 5 },
    ]);
    const tables = await instance(capped);
    expect(tables.grow(3)).toBe(2);
    expect(tables.grow(1)).toBe(-1);
  });

  it('leaves a module without memory or table byte for byte', async () => {
    const module = await binaryFromWat('(module (func (export "f") (result i32) (i32.const 7)))');
    expect(capCores({ a: module }, budget(1)).a).toEqual(module);
  });

  it('refuses a memory that starts over the budget, memories that do together, and what is not a core module', async () => {
    expect(() => capCores({ a: new Uint8Array(0) }, budget(1))).toThrow(MemoryCapError);
    expect(() => capCores({ a: new Uint8Array(0) }, budget(1))).toThrow('a: not a core WebAssembly module');
    const big = await binaryFromWat(grower('5'));
    expect(() => capCores({ big }, budget(4))).toThrow('big: memory 0 starts at 0.3125 MiB, over the 0.25 MiB a module plugin may use');
    const three = await binaryFromWat(grower('3'));
    expect(() => capCores({ a: three, b: three }, budget(4))).toThrow('its memories start at 0.375 MiB together, over the 0.25 MiB a module plugin may use');
    const table = await binaryFromWat('(module (table 8 funcref))');
    expect(() => capCores({ a: table, b: table }, budget(1, 10))).toThrow('its tables start at 16 entries together, over the 10 a module plugin may use');
  });
});
