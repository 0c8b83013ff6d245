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
