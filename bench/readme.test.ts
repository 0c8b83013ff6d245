// bench/README.md names files to read: each must be in the repository (it once sent readers to a
// design page the repository does not hold).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('.', import.meta.url));
const repository = join(bench, '..');

describe('bench/README.md', () => {
  it('points only to files the repository has', () => {
    const text = readFileSync(join(bench, 'README.md'), 'utf8');
    const named = new Set([
      ...[...text.matchAll(/[\w./-]+\.(?:ts|md|mjs|json|sh)\b/g)].map((match) => match[0]),
      ...[...text.matchAll(/`((?:fixtures|memory|src-main)\/[\w./-]+)`/g)].map((match) => match[1]!),
    ]);
    expect(named.size).toBeGreaterThan(5);
    const missing = [...named].filter((file) => !existsSync(join(bench, file)) && !existsSync(join(repository, file)));
    expect(missing).toEqual([]);
  });
});
