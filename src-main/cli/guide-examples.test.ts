// Runs every checked example of docs/writing-a-tool.md, in the guide's order, as a reader would:
// in a shell, in the repository's folder, with a home folder of its own (so `~/tools/hello` is a
// fresh folder) and the user name the guide shows. `npx vitruvian-tool` is run as the node command
// npx finds (new.test.ts runs npx itself), which spares an npm start per example.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { guideExamples, linesProblem, normalized } from './guide-examples';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const guide = readFileSync(join(repository, 'docs/writing-a-tool.md'), 'utf8');
const home = mkdtempSync(join(tmpdir(), 'vitruvian-guide-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface Ran {
  command: string;
  stdout: string[];
  stderr: string[];
  exit: number | null;
}
let last: Ran | undefined;

function runOnce(command: string): Ran {
  if (last?.command === command) return last;
  const typed = command.replace(/^npx vitruvian-tool\b/, `node ${JSON.stringify(join(repository, 'bin/vitruvian-tool.mjs'))}`);
  const result = spawnSync('sh', ['-c', typed], {
    cwd: repository,
    env: { ...process.env, HOME: home, USER: 'ada' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n').map((line) => normalized(line, home)));
  last = { command, stdout: lines(result.stdout), stderr: lines(result.stderr), exit: result.status };
  return last;
}

describe('the examples of docs/writing-a-tool.md, as they run', () => {
  const examples = guideExamples(guide);

  it('has examples to run: a new tool, its manifest, run, its stderr, a refused --pref, check, validate', () => {
    expect(examples.map((example) => `${example.check.kind}: ${example.command}`)).toEqual([
      'stdout: npx vitruvian-tool new ~/tools/hello',
      'file: npx vitruvian-tool new ~/tools/hello',
      'stdout: npx vitruvian-tool run ~/tools/hello --command sayHello --trace',
      'stderr: npx vitruvian-tool run ~/tools/hello --command sayHello --trace',
      'stderr: npx vitruvian-tool run ~/tools/hello --pref greeting=Hi',
      'stdout: npx vitruvian-tool check ~/tools/hello',
      'stdout: npx vitruvian-tool validate ~/tools/hello',
    ]);
  });

  for (const example of examples) {
    it(`line ${example.line}: ${example.check.kind} of ${example.command}`, () => {
      const ran = runOnce(example.command);
      const { check } = example;
      if (check.kind === 'file') {
        const file = JSON.parse(readFileSync(check.path.replace(/^~/, home), 'utf8')) as unknown;
        expect(file).toEqual(JSON.parse(example.expected.join('\n')));
        return;
      }
      expect(linesProblem(example.expected, check.kind === 'stdout' ? ran.stdout : ran.stderr, check.anyOrder)).toBeUndefined();
      expect(ran.exit, ran.stderr.join('\n')).toBe(check.exit);
    }, 60_000);
  }
});

describe('reading the guide\'s examples', () => {
  it('follows a mark to the block after it and the one command before it', () => {
    const markdown = ['```sh', '# a comment', 'npx vitruvian-tool validate ~/t', '```', '', '<!-- checked: stderr, any order, exit 2 -->', '```', 'a', 'b', '```'].join('\n');
    expect(guideExamples(markdown)).toEqual([
      { line: 6, command: 'npx vitruvian-tool validate ~/t', check: { kind: 'stderr', anyOrder: true, exit: 2 }, expected: ['a', 'b'] },
    ]);
    expect(() => guideExamples(['```sh', 'a', 'b', '```', '<!-- checked: stdout -->', '```', '```'].join('\n'))).toThrow(/holds 2 commands, not one/);
    expect(() => guideExamples(['```sh', 'a', '```', '<!-- checked: stdin -->', '```', '```'].join('\n'))).toThrow(/"stdin" is not stdout/);
  });

  it('makes pids, times and temporary names alike, and lets ... stand for any lines', () => {
    expect(normalized('info host: started (pid 714, protocol 1) in 351 ms, /home/x/tools in /tmp/vitruvian-run-data-JVjG7m', '/home/x')).toBe(
      'info host: started (pid N, protocol 1) in N ms, ~/tools in /tmp/vitruvian-run-data-XXXXXX',
    );
    expect(linesProblem(['a', '...', 'd'], ['a', 'b', 'c', 'd'], false)).toBeUndefined();
    expect(linesProblem(['a', '...', 'd'], ['a', 'd'], false)).toBeUndefined();
    expect(linesProblem(['a', 'd'], ['a', 'b', 'd'], false)).toMatch(/the command printed/);
    expect(linesProblem(['b', 'a'], ['a', 'b'], true)).toBeUndefined();
    expect(linesProblem(['b', 'a'], ['a', 'b'], false)).toBeDefined();
  });
});
