// docs/security.md names the test that holds each rule, as `file` › "test name". A rule whose test
// was renamed, moved or deleted is a rule no longer held: this fails naming it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Every test a page names: the file of the last `path` before each › "name", in the order written. */
export function namedTests(page: string): { file: string; name: string }[] {
  const named: { file: string; name: string }[] = [];
  for (const line of page.split('\n')) {
    let file: string | undefined;
    // A cell reads `a.test.ts` › "one"; › "two"; `b.test.ts` › "three": each name goes with the file before it.
    for (const match of line.matchAll(/`([\w./-]+\.test\.tsx?)`|› "((?:[^"\\]|\\.)*)"/g)) {
      if (match[1] !== undefined) file = match[1];
      else if (file !== undefined && match[2] !== undefined) named.push({ file, name: match[2] });
    }
  }
  return named;
}

/**
 * Whether a test file has a test (or a describe) of this name: a string literal that starts with it,
 * so that a table-driven name (`'refuses %s'` of `it.each`) is found by its fixed words.
 */
export const hasTestNamed = (source: string, name: string): boolean =>
  [name, name.replace(/'/g, "\\'")].some((written) => ["'", '"', '`'].some((quote) => source.includes(`${quote}${written}`)));

describe('docs/security.md', () => {
  const page = readFileSync(join(root, 'docs/security.md'), 'utf8');
  const named = namedTests(page);

  it('names tests that exist, each in the file it gives', () => {
    expect(named.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const { file, name } of named) {
      const path = join(root, file);
      if (!existsSync(path)) {
        missing.push(`${file}: no such file`);
        continue;
      }
      if (!hasTestNamed(readFileSync(path, 'utf8'), name)) missing.push(`${file} › "${name}"`);
    }
    expect(missing).toEqual([]);
  });

  it('reads each name with the file written before it, and would name one gone', () => {
    const line = '| rule | `a/x.test.ts` › "one"; › "two"; `b/y.test.ts` › "three" |';
    expect(namedTests(line)).toEqual([
      { file: 'a/x.test.ts', name: 'one' },
      { file: 'a/x.test.ts', name: 'two' },
      { file: 'b/y.test.ts', name: 'three' },
    ]);
    const source = "it('one', () => {});\nit.each([1])('two\\'s: %s', async () => {});\ndescribe(`three`, () => {});";
    expect(['one', "two's", 'three', 'four'].map((name) => hasTestNamed(source, name))).toEqual([true, true, true, false]);
  });
});
