import { describe, expect, it } from 'vitest';
import { componentHeaderProblem, SKWIR_WORLD_WIT, worldItems, worldProblems } from './module-world';

const bytes = (...values: number[]) => new Uint8Array(values);
const at = ['module.wasm', 'plugin.wasm'] as const;

describe('componentHeaderProblem', () => {
  it('takes a component and names a core module, other WebAssembly and anything else', () => {
    expect(componentHeaderProblem(bytes(0, 0x61, 0x73, 0x6d, 0x0d, 0, 1, 0, 1), ...at)).toBeUndefined();
    expect(componentHeaderProblem(bytes(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0), ...at)).toBe(
      'module.wasm: "plugin.wasm" is a core WebAssembly module, not a component; make a component of it with the world skwir:plugin/plugin (wasm-tools component new, or jco new)',
    );
    expect(componentHeaderProblem(bytes(0, 0x61, 0x73, 0x6d, 0x0c, 0, 1, 0), ...at)).toBe(
      'module.wasm: "plugin.wasm" is WebAssembly of version and layer 0x0c 0x00 0x01 0x00; the app runs components (0x0d 0x00 0x01 0x00)',
    );
    expect(componentHeaderProblem(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), ...at)).toBe(
      'module.wasm: "plugin.wasm" is not WebAssembly (it starts 0x7f 0x45 0x4c 0x46, not 0x00 "asm")',
    );
    expect(componentHeaderProblem(bytes(), ...at)).toBe('module.wasm: "plugin.wasm" is not WebAssembly (it starts empty, not 0x00 "asm")');
  });
});

// As jco's componentWit prints a component built for the world.
const printed = (lines: string) => `package root:component;\n\nworld root {\n${lines}\n}\n`;

describe('worldProblems', () => {
  it('reads the world with types and no parameter names', () => {
    expect(worldItems(SKWIR_WORLD_WIT)).toEqual([
      { direction: 'import', name: 'read', func: 'func(u32, u64, u32) -> result<list<u8>, string>' },
      { direction: 'import', name: 'log', func: 'func(string, string)' },
      { direction: 'export', name: 'call', func: 'func(string, string) -> result<string, string>' },
    ]);
  });

  it('takes the world itself, other parameter names and a component that imports nothing', () => {
    expect(worldProblems(SKWIR_WORLD_WIT, ...at)).toEqual([]);
    expect(
      worldProblems(
        printed(
          '  import read: func(handle: u32, at: u64, count: u32) -> result<list<u8>,string>;\n  export call: func(m: string, p: string) -> result<string, string>;',
        ),
        ...at,
      ),
    ).toEqual([]);
    expect(worldProblems(printed('  export call: func(method: string, params: string) -> result<string, string>;'), ...at)).toEqual([]);
  });

  it('names an import beyond read and log, an interface too', () => {
    const wit = printed(
      [
        '  import wasi:cli/environment@0.2.3;',
        '  import clock: func() -> u64;',
        '  import host: interface {\n    now: func() -> u64;\n  }',
        '  export call: func(method: string, params: string) -> result<string, string>;',
      ].join('\n'),
    );
    expect(worldProblems(wit, ...at)).toEqual([
      'module.wasm: "plugin.wasm" imports the interface wasi:cli/environment@0.2.3; a module plugin may import only read and log',
      'module.wasm: "plugin.wasm" imports clock: func() -> u64; a module plugin may import only read and log',
      'module.wasm: "plugin.wasm" imports the interface host; a module plugin may import only read and log',
    ]);
  });

  it('names a missing call and a function of other types', () => {
    const wit = printed('  import log: func(message: string);\n  export run: func();');
    expect(worldProblems(wit, ...at)).toEqual([
      'module.wasm: "plugin.wasm" imports log: func(string); the world skwir:plugin/plugin has log: func(string, string)',
      'module.wasm: "plugin.wasm" exports no call function (it exports run); the host calls call(method, params)',
    ]);
    expect(worldProblems(printed('  export call: func(method: string) -> string;'), ...at)).toEqual([
      'module.wasm: "plugin.wasm" exports call: func(string) -> string; the world skwir:plugin/plugin has call: func(string, string) -> result<string, string>',
    ]);
    expect(worldProblems('package a:b;', ...at)).toEqual([
      'module.wasm: "plugin.wasm" exports no call function (it exports nothing); the host calls call(method, params)',
    ]);
  });
});
