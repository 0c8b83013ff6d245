// What the docs and package.json say about versions agrees with what the tooling itself declares:
// Node for the tools (engines of vite, vitest, ...) and for the desktop app (Electron's installer),
// and the oldest macOS Electron runs on.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = join(import.meta.dirname, '..', '..');
const json = async (path: string) => JSON.parse(await readFile(join(repository, path), 'utf8')) as { engines?: { node?: string } };
const text = (path: string) => readFile(join(repository, path), 'utf8');

type Version = [number, number, number];
const version = (value: string): Version => {
  const [major = 0, minor = 0, patch = 0] = value.trim().replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether a version meets an engines range made of `||`, `>=`, `^` and plain versions. */
function satisfies(value: Version, range: string): boolean {
  return range.split('||').some((set) =>
    set
      .trim()
      .split(/\s+(?=[>^<=\d])/)
      .every((comparator) => {
        const match = /^(\^|>=|>|<=|<|=)?\s*(\d[\d.]*)$/.exec(comparator.trim());
        if (!match) throw new Error(`engines range ${JSON.stringify(range)}: cannot read ${JSON.stringify(comparator)}`);
        const [, op = '=', bound] = match;
        const b = version(bound!);
        const order = compare(value, b);
        if (op === '^') return order >= 0 && value[0] === b[0];
        return { '>=': order >= 0, '>': order > 0, '<=': order <= 0, '<': order < 0, '=': order === 0 }[op]!;
      }),
  );
}

/** The lowest version of each part of a range: what it promises to run on. */
const lowest = (range: string): Version[] => range.split('||').map((set) => version(/(\d[\d.]*)/.exec(set)![1]!));

describe('the versions we state', () => {
  it('package.json engines: every Node it admits runs the tooling, from the lowest it names', async () => {
    const ours = (await json('package.json')).engines?.node as string;
    for (const tool of [
      'vite',
      '@vitejs/plugin-react',
      'vitest',
      'happy-dom',
      '@playwright/test',
      'electron-builder',
      'tsx',
      'eslint',
      'typescript-eslint',
      'eslint-plugin-react-hooks',
      'prettier',
    ]) {
      const theirs = (await json(`node_modules/${tool}/package.json`)).engines?.node;
      if (!theirs) continue;
      for (const floor of lowest(ours)) expect(satisfies(floor, theirs), `${tool} needs ${theirs}; engines admits ${floor.join('.')}`).toBe(true);
    }
  });

  it("the desktop app asks for the Node Electron's installer needs, and engines admits it", async () => {
    const electronNeeds = (await json('node_modules/electron/package.json')).engines?.node as string;
    const [floor] = lowest(electronNeeds);
    const said = `${floor![0]}.${floor![1]}`;
    expect(await text('docs/desktop.md')).toContain(`Node.js ${said} or later`);
    expect(await text('README.md')).toContain(`Node.js ${said} or later`);
    expect(satisfies(floor!, (await json('package.json')).engines?.node as string)).toBe(true);
  });

  it('says the macOS Electron runs on (Ventura, macOS 13, since Electron 44), nowhere an older one', async () => {
    expect(await text('node_modules/electron/README.md')).toContain('macOS (Ventura and up)');
    const desktop = await text('docs/desktop.md');
    expect(desktop).toContain('macOS 13 (Ventura) or later');
    expect(desktop).not.toMatch(/macOS 1[0-2]\b/);
  });

  it('never says npm ci downloads Electron: since Electron 42 it downloads at its first run', async () => {
    const claims = /`?npm ci`? (also )?(downloads|installs) (the )?Electron|Electron(’s|'s)? binary,? which `?npm ci`? downloads/i;
    for (const path of ['README.md', 'docs/desktop.md', 'e2e/electron.spec.ts', 'e2e/README.md', 'src-main/electron/bundle.ts']) {
      expect(await text(path), path).not.toMatch(claims);
    }
  });
});
