// The shared judgement over an in-memory file system: what it reads, and in which order it judges.
import { describe, expect, it } from 'vitest';
import { isAbsolutePath, isInside, joinPath, relativeSegments } from './tool-path';
import { validateFolder, type FolderAccess, type FolderEntry } from './validate-folder';

/** The verdict with each problem as its English line: what these tests read. */
const judged = async (folder: string, access: FolderAccess) => {
  const verdict = await validateFolder(folder, access);
  return verdict.ok ? verdict : { ...verdict, problems: verdict.problems.map((problem) => problem.text) };
};

const manifest = {
  id: 'com.acme.deploys',
  name: { en: 'Deploys' },
  version: '1.2.0',
  protocol: 1,
  publisher: { en: 'Acme' },
  runtime: { exec: 'bin/deploys' },
};

interface MemoryFile {
  entry: FolderEntry;
  bytes?: Uint8Array;
  real?: string;
}

function memory(files: Record<string, MemoryFile>, worlds: Record<string, string> = {}) {
  const reads: { path: string; maxBytes: number }[] = [];
  const access: FolderAccess = {
    stat: async (path) => files[path]?.entry,
    read: async (path, maxBytes) => {
      reads.push({ path, maxBytes });
      return (files[path]?.bytes ?? new Uint8Array()).subarray(0, maxBytes);
    },
    realpath: async (path) => (files[path] ? (files[path].real ?? path) : undefined),
    // The fake's components are their WIT after the 8-byte header.
    componentWorld: async (bytes) => {
      const wit = worlds[Buffer.from(bytes.subarray(8)).toString()];
      if (wit === undefined) throw new Error('invalid component');
      return wit;
    },
  };
  return { access, reads };
}

const folder: MemoryFile = { entry: { kind: 'folder', size: 0, executable: false } };
const file = (text: string): MemoryFile => ({
  entry: { kind: 'file', size: Buffer.byteLength(text), executable: false },
  bytes: new Uint8Array(Buffer.from(text)),
});
const program: MemoryFile = { entry: { kind: 'file', size: 10, executable: true } };

describe('validateFolder', () => {
  it('gives the manifest and the real path of the program', async () => {
    const { access } = memory({
      '/t': folder,
      '/t/vitruvian-tool.json': file(JSON.stringify(manifest)),
      '/t/bin/deploys': { ...program, real: '/t/libexec/deploys' },
      '/t/libexec/deploys': program,
    });
    expect(await judged('/t', access)).toEqual({ ok: true, kind: 'tool', manifest, execPath: '/t/libexec/deploys', warnings: [] });
  });

  it('never reads a manifest whose size is over the limit', async () => {
    const { access, reads } = memory({
      '/t': folder,
      '/t/vitruvian-tool.json': { entry: { kind: 'file', size: 10 * 1024 * 1024, executable: false } },
    });
    expect(await judged('/t', access)).toEqual({
      ok: false,
      problems: ['vitruvian-tool.json: 10,485,760 bytes, at most 65,536'],
    });
    expect(reads).toEqual([]);
  });

  it('reads at most one byte past the limit, and refuses a file that grew after its size was taken', async () => {
    const grown = { ...file(`${JSON.stringify(manifest)}${' '.repeat(70_000)}`), entry: { kind: 'file' as const, size: 100, executable: false } };
    const { access, reads } = memory({ '/t': folder, '/t/vitruvian-tool.json': grown });
    expect(await judged('/t', access)).toEqual({ ok: false, problems: ['vitruvian-tool.json: 65,537 bytes, at most 65,536'] });
    expect(reads).toEqual([{ path: '/t/vitruvian-tool.json', maxBytes: 65_537 }]);
  });

  it('refuses a manifest that is a symlink leading out of the folder', async () => {
    const { access } = memory({ '/t': folder, '/t/vitruvian-tool.json': { ...file('{}'), real: '/etc/passwd' } });
    expect(await judged('/t', access)).toEqual({
      ok: false,
      problems: ["vitruvian-tool.json: a symlink that leaves the tool's folder"],
    });
  });

  it('judges the program against the real folder when the folder itself is a symlink', async () => {
    const { access } = memory({
      '/link': { ...folder, real: '/real' },
      '/link/vitruvian-tool.json': { ...file(JSON.stringify(manifest)), real: '/real/vitruvian-tool.json' },
      '/link/bin/deploys': { ...program, real: '/real/bin/deploys' },
      '/real/bin/deploys': program,
    });
    expect(await judged('/link', access)).toMatchObject({ ok: true, execPath: '/real/bin/deploys' });
  });

  it('turns a file system failure into one line instead of throwing', async () => {
    const { access } = memory({});
    access.stat = async () => {
      throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
    };
    expect(await judged('/t', access)).toEqual({ ok: false, problems: ['folder: "/t" could not be read (EACCES)'] });
  });
});

describe('tool paths', () => {
  it('keeps relative paths inside the folder', () => {
    expect(relativeSegments('bin/../bin/./run')).toEqual(['bin', 'run']);
    expect(relativeSegments('bin/../../run')).toBeUndefined();
    expect(relativeSegments('..')).toBeUndefined();
    expect(isAbsolutePath('/bin/sh')).toBe(true);
    expect(isAbsolutePath('C:\\tools\\x.exe')).toBe(true);
    expect(isAbsolutePath('bin/sh')).toBe(false);
    expect(joinPath('/t/', 'bin', 'run')).toBe('/t/bin/run');
    expect(joinPath('/', 'run')).toBe('/run');
  });

  it('tells inside from a sibling sharing a prefix', () => {
    expect(isInside('/t', '/t/bin/run')).toBe(true);
    expect(isInside('/t/', '/t/bin/run')).toBe(true);
    expect(isInside('/t', '/tools/run')).toBe(false);
    expect(isInside('/', '/anything')).toBe(true);
  });
});

describe('validateFolder, a module plugin', () => {
  const toml = 'id = "org.example.wat"\nname = "Wat"\nversion = "1.0.0"\n[module]\nwasm = "plugin.wasm"\n';
  const component = (name: string, header = [0, 0x61, 0x73, 0x6d, 0x0d, 0, 1, 0]): MemoryFile => {
    const bytes = new Uint8Array([...header, ...Buffer.from(name)]);
    return { entry: { kind: 'file', size: bytes.length, executable: false }, bytes };
  };
  const plugin = (wasm: MemoryFile, worlds: Record<string, string> = {}) =>
    memory({ '/p': folder, '/p/skwir-plugin.toml': file(toml), '/p/plugin.wasm': wasm }, worlds);
  const good =
    'world root {\n  import log: func(level: string, message: string);\n  export call: func(method: string, params: string) -> result<string, string>;\n}';

  it('takes a component in the plugin world', async () => {
    const { access } = plugin(component('good'), { good });
    expect(await judged('/p', access)).toMatchObject({ ok: true, kind: 'plugin', entryPath: '/p/plugin.wasm' });
  });

  it('refuses a core module, a component in another world, one that is not well formed', async () => {
    const core = plugin(component('good', [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), { good });
    expect(await judged('/p', core.access)).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^module.wasm: "plugin.wasm" is a core WebAssembly module, not a component/)],
    });
    const other = plugin(component('other'), {
      other: 'world root {\n  import wasi:random/random@0.2.0;\n  export call: func(method: string, params: string) -> result<string, string>;\n}',
    });
    expect(await judged('/p', other.access)).toEqual({
      ok: false,
      problems: ['module.wasm: "plugin.wasm" imports the interface wasi:random/random@0.2.0; a module plugin may import only read and log'],
    });
    const broken = plugin(component('broken'));
    expect(await judged('/p', broken.access)).toEqual({
      ok: false,
      problems: ['module.wasm: "plugin.wasm" is not a well-formed component (invalid component)'],
    });
  });

  it('refuses a component over 64 MiB without reading it', async () => {
    const { access, reads } = plugin({ entry: { kind: 'file', size: 67_108_865, executable: false } });
    expect(await judged('/p', access)).toEqual({
      ok: false,
      problems: ['module.wasm: "plugin.wasm" is 67,108,865 bytes, at most 67,108,864'],
    });
    expect(reads.map((read) => read.path)).toEqual(['/p/skwir-plugin.toml']);
  });
});
