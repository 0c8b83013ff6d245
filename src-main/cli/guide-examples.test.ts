// Runs every checked example of the two guides (docs/writing-a-tool.md, docs/writing-a-skwir-plugin.md),
// each in its order, as a reader would: in a shell, in the repository's folder, with a home folder of
// the guide's own (so `~/tools/hello` is a fresh folder) and the user name the guides show.
// `npx vitruvian-tool` is run as the node command npx finds (new.test.ts runs npx itself), which
// spares an npm start per example.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { guideExamples, linesProblem, normalized, REPOSITORY_SHOWN } from './guide-examples';

const repository = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const cli = JSON.stringify(join(repository, 'bin/vitruvian-tool.mjs'));

interface Ran {
  command: string;
  stdout: string[];
  stderr: string[];
  exit: number | null;
}

/** One guide's reader: a home folder, and the last command run (a command checked twice runs once). */
function reader() {
  const home = mkdtempSync(join(tmpdir(), 'vitruvian-guide-home-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  let last: Ran | undefined;
  return {
    home,
    run: (command: string): Ran => {
      if (last?.command === command) return last;
      const typed = command.replace(/^npx vitruvian-tool\b/gm, `node ${cli}`);
      const result = spawnSync('sh', ['-c', typed], {
        cwd: repository,
        env: { ...process.env, HOME: home, USER: 'ada' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const lines = (text: string) =>
        text === ''
          ? []
          : text
              .replace(/\n$/, '')
              .split('\n')
              .map((line) => normalized(line, home, repository));
      last = { command, stdout: lines(result.stdout), stderr: lines(result.stderr), exit: result.status };
      return last;
    },
  };
}

const guides: { path: string; about: string; examples: string[] }[] = [
  {
    path: 'docs/writing-a-tool.md',
    about: 'a new tool, its manifest, run, its stderr, a refused --pref, check, validate',
    examples: [
      'stdout: npx vitruvian-tool new ~/tools/hello',
      'file: npx vitruvian-tool new ~/tools/hello',
      'stdout: npx vitruvian-tool run ~/tools/hello --command sayHello --trace',
      'stderr: npx vitruvian-tool run ~/tools/hello --command sayHello --trace',
      'stderr: npx vitruvian-tool run ~/tools/hello --pref greeting=Hi',
      'stdout: npx vitruvian-tool check ~/tools/hello',
      'stdout: npx vitruvian-tool validate ~/tools/hello',
    ],
  },
  {
    path: 'docs/writing-a-skwir-plugin.md',
    about: 'a new plugin, its manifest, ask with its trace, a command, check, reads, validate, typos warned, a failure, --out, a usage error, check --file',
    examples: [
      'stdout: npx vitruvian-tool new ~/plugins/sizes --kind skwir --lang python',
      'file: npx vitruvian-tool new ~/plugins/sizes --kind skwir --lang python',
      "run: printf 'one two three\\nfour five\\n' > ~/notes.txt",
      `stdout: npx vitruvian-tool ask ~/plugins/sizes field --file ~/notes.txt --params '{"key":"file-size.bytes"}' --trace`,
      `stderr: npx vitruvian-tool ask ~/plugins/sizes field --file ~/notes.txt --params '{"key":"file-size.bytes"}' --trace`,
      `stdout: npx vitruvian-tool ask ~/plugins/sizes command --file ~/notes.txt --file ~/plugins/sizes/skwir-plugin.toml --params '{"command":"file-size.total"}'`,
      'stdout: npx vitruvian-tool check ~/plugins/sizes',
      `stderr: npx vitruvian-tool ask tools-sample/skwir-word-count field --file ~/notes.txt --params '{"key":"word-count.words"}' --trace`,
      'stdout: npx vitruvian-tool validate ~/plugins/sizes',
      'stdout: npx vitruvian-tool validate src-shared/skwir/examples/folders/unknown-capability',
      'stdout: npx vitruvian-tool validate --strict src-shared/skwir/examples/folders/typos',
      "run: printf 'P3\\n2 1\\n255\\n255 0 0  0 0 255\\n' > ~/two.ppm\nprintf 'P3\\n2 1\\n255\\n255 0 0\\n' > ~/broken.ppm",
      'stdout: npx vitruvian-tool ask tools-sample/skwir-netpbm convert --file ~/broken.ppm --file ~/two.ppm',
      'stderr: npx vitruvian-tool ask tools-sample/skwir-netpbm convert --file ~/two.ppm --out ~/pictures',
      `stderr: npx vitruvian-tool ask tools-sample/skwir-word-count field --file ~/notes.txt --params '{"key":"words"}'`,
      'stdout: npx vitruvian-tool check tools-sample/skwir-netpbm --file ~/two.ppm',
    ],
  },
];

for (const guide of guides) {
  describe(`the examples of ${guide.path}, as they run`, () => {
    const examples = guideExamples(readFileSync(join(repository, guide.path), 'utf8'), guide.path);
    const { home, run } = reader();

    it(`has examples to run: ${guide.about}`, () => {
      expect(examples.map((example) => `${example.check.kind}: ${example.command}`)).toEqual(guide.examples);
    });

    for (const example of examples) {
      it(`line ${example.line}: ${example.check.kind} of ${example.command}`, () => {
        const ran = run(example.command);
        const { check } = example;
        if (check.kind === 'run') {
          expect(ran.exit, ran.stderr.join('\n')).toBe(0);
          return;
        }
        if (check.kind === 'file') {
          const text = readFileSync(check.path.replace(/^~/, home), 'utf8');
          if (check.path.endsWith('.json')) expect(JSON.parse(text)).toEqual(JSON.parse(example.expected.join('\n')));
          else expect(text.replace(/\n$/, '')).toBe(example.expected.join('\n'));
          return;
        }
        expect(linesProblem(example.expected, check.kind === 'stdout' ? ran.stdout : ran.stderr, check.anyOrder)).toBeUndefined();
        expect(ran.exit, ran.stderr.join('\n')).toBe(check.exit);
      }, 60_000);
    }
  });
}

describe("reading the guide's examples", () => {
  it('follows a mark to the block after it and the one command before it', () => {
    const markdown = [
      '```sh',
      '# a comment',
      'npx vitruvian-tool validate ~/t',
      '```',
      '',
      '<!-- checked: stderr, any order, exit 2 -->',
      '```',
      'a',
      'b',
      '```',
    ].join('\n');
    expect(guideExamples(markdown)).toEqual([
      { line: 6, command: 'npx vitruvian-tool validate ~/t', check: { kind: 'stderr', anyOrder: true, exit: 2 }, expected: ['a', 'b'] },
    ]);
    // One blank line between the mark and its block (as the formatter writes it) is followed; two are not.
    expect(guideExamples(['```sh', 'a', '```', '<!-- checked: stdout -->', '', '```', 'x', '```'].join('\n'))).toEqual([
      { line: 4, command: 'a', check: { kind: 'stdout', anyOrder: false, exit: 0 }, expected: ['x'] },
    ]);
    expect(() => guideExamples(['```sh', 'a', '```', '<!-- checked: stdout -->', '', '', '```', '```'].join('\n'))).toThrow(/right before a fenced block/);
    expect(() => guideExamples(['```sh', 'a', 'b', '```', '<!-- checked: stdout -->', '```', '```'].join('\n'))).toThrow(/holds 2 commands, not one/);
    expect(() => guideExamples(['```sh', 'a', '```', '<!-- checked: stdin -->', '```', '```'].join('\n'), 'docs/x.md')).toThrow(
      /^docs\/x\.md:4: checked what\? "stdin" is not stdout/,
    );
  });

  it('runs every command of a block marked run, which then counts as the block before the next mark', () => {
    const markdown = ['<!-- checked: run -->', '```sh', 'touch ~/a', '# why', 'touch ~/b', '```', '<!-- checked: run -->', '```', 'x', '```'].join('\n');
    expect(() => guideExamples(markdown, 'docs/x.md')).toThrow(/^docs\/x\.md:7: a run mark must come right before a sh block/);
    expect(guideExamples(markdown.split('\n').slice(0, 6).join('\n'))).toEqual([
      { line: 1, command: 'touch ~/a\ntouch ~/b', check: { kind: 'run' }, expected: [] },
    ]);
    expect(() => guideExamples([...markdown.split('\n').slice(0, 6), '<!-- checked: stdout -->', '```', '```'].join('\n'))).toThrow(
      /holds 2 commands, not one/,
    );
  });

  it('makes the repository, pids, times and temporary names alike, and lets ... stand for any lines', () => {
    expect(normalized('info host: started (pid 714, protocol 1) in 351 ms, /home/x/tools in /tmp/vitruvian-run-data-JVjG7m', '/home/x')).toBe(
      'info host: started (pid N, protocol 1) in N ms, ~/tools in /tmp/vitruvian-run-data-XXXXXX',
    );
    expect(normalized('loaded in place from /work/repo/tools-sample/hex', '/home/x', '/work/repo')).toBe(
      `loaded in place from ${REPOSITORY_SHOWN}/tools-sample/hex`,
    );
    expect(linesProblem(['a', '...', 'd'], ['a', 'b', 'c', 'd'], false)).toBeUndefined();
    expect(linesProblem(['a', '...', 'd'], ['a', 'd'], false)).toBeUndefined();
    expect(linesProblem(['a', 'd'], ['a', 'b', 'd'], false)).toMatch(/the command printed/);
    expect(linesProblem(['b', 'a'], ['a', 'b'], true)).toBeUndefined();
    expect(linesProblem(['b', 'a'], ['a', 'b'], false)).toBeDefined();
  });
});
