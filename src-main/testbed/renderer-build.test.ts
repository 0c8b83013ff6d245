import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { rendererIsCurrent } from './renderer-build';

let root: string;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitruvian-build-'));
  await mkdir(join(root, 'src-renderer', 'ui'), { recursive: true });
  await mkdir(join(root, 'src-shared'));
  await writeFile(join(root, 'src-renderer', 'ui', 'app.tsx'), 'x');
  await utimes(join(root, 'src-renderer', 'ui', 'app.tsx'), at(0), at(0));
});

afterEach(() => rm(root, { recursive: true, force: true }));

const build = async (seconds: number) => {
  await mkdir(join(root, 'dist', 'renderer'), { recursive: true });
  await writeFile(join(root, 'dist', 'renderer', 'index.html'), '<html>');
  await utimes(join(root, 'dist', 'renderer', 'index.html'), at(seconds), at(seconds));
};

it('wants a build when the window was never built', async () => {
  expect(await rendererIsCurrent(root)).toBe(false);
});

it('is current when built after every source, and stale after a source changes', async () => {
  await build(10);
  expect(await rendererIsCurrent(root)).toBe(true);
  await writeFile(join(root, 'src-shared', 'text.ts'), 'y');
  await utimes(join(root, 'src-shared', 'text.ts'), at(20), at(20));
  expect(await rendererIsCurrent(root)).toBe(false);
});

it('counts the build config at the top, and not test files', async () => {
  await build(10);
  await writeFile(join(root, 'src-renderer', 'ui', 'app.test.tsx'), 'z');
  expect(await rendererIsCurrent(root)).toBe(true);
  await writeFile(join(root, 'vite.config.ts'), 'export default {}');
  expect(await rendererIsCurrent(root)).toBe(false);
});

it('leaves out what the window is not built from: protocol examples, test support, notes', async () => {
  await build(10);
  await mkdir(join(root, 'src-shared', 'protocol', 'examples', 'folders', 'valid-minimal'), { recursive: true });
  await writeFile(join(root, 'src-shared', 'protocol', 'examples', 'folders', 'valid-minimal', 'vitruvian-tool.json'), '{}');
  await writeFile(join(root, 'src-shared', 'protocol', 'examples', 'messages.json'), '[]');
  await writeFile(join(root, 'src-shared', 'protocol', 'README.md'), 'notes');
  await writeFile(join(root, 'src-shared', 'text.test.ts'), 'test');
  await mkdir(join(root, 'src-renderer', 'test'));
  await writeFile(join(root, 'src-renderer', 'test', 'render-app.tsx'), 'test support');
  await mkdir(join(root, 'src-shared', 'test'));
  await writeFile(join(root, 'src-shared', 'test', 'fake-host.ts'), 'test support');
  await writeFile(join(root, 'src-renderer', 'README.md'), 'notes');
  expect(await rendererIsCurrent(root)).toBe(true);
});

it.each([
  ['a shared module in a subfolder', ['src-shared', 'manifest', 'tool-path.ts']],
  ['a schema a shared module imports', ['src-shared', 'protocol', 'methods.json']],
  ['the window page', ['src-renderer', 'index.html']],
  ['a style sheet', ['src-renderer', 'styles.css']],
  ['package.json', ['package.json']],
  ['package-lock.json', ['package-lock.json']],
])('counts %s', async (_what, path) => {
  await build(10);
  await mkdir(join(root, ...path.slice(0, -1)), { recursive: true });
  await writeFile(join(root, ...path), 'changed');
  expect(await rendererIsCurrent(root)).toBe(false);
});
