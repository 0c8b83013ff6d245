// The examples of the guides (docs/writing-a-tool.md, docs/writing-a-skwir-plugin.md) that a test
// runs, so a guide cannot drift from what the CLI prints. In a guide, an HTML comment marks the block
// after it as checked:
//   <!-- checked: stdout -->                  what the command before it prints on stdout
//   <!-- checked: stderr, any order, exit 2 --> on stderr, lines in any order, and its exit code
//   <!-- checked: file ~/tools/hello/x.json -->  a file as it is now (compared as JSON when it is
//                                                .json, else line for line)
//   <!-- checked: run -->                     the ```sh block after it is run, each command with
//                                                exit 0: what the reader is asked to do first
// "The command before it" is the one command of the nearest ```sh block above the mark. In an
// output block, a line `...` stands for any number of lines. What changes from run to run (a pid,
// a time in ms, a temporary folder's name, the home folder, where the repository is) is made alike
// on both sides.

export type GuideCheck = { kind: 'stdout' | 'stderr'; anyOrder: boolean; exit: number } | { kind: 'file'; path: string } | { kind: 'run' };

export interface GuideExample {
  /** The guide's line of the mark, for the test's name. */
  line: number;
  /** As typed in the guide; for `run`, the block's commands, a line each. */
  command: string;
  check: GuideCheck;
  expected: string[];
}

const MARK = /^<!-- checked: (.*) -->$/;

/** Where a guide's examples are shown in the repository: the repository is named so. */
export const REPOSITORY_SHOWN = '~/vitruvian';

/** Every checked example, in the guide's order. Throws on a mark it cannot follow, naming `guide` and its line. */
export function guideExamples(markdown: string, guide = 'docs/writing-a-tool.md'): GuideExample[] {
  const lines = markdown.split('\n');
  const examples: GuideExample[] = [];
  let lastCommands: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```sh')) {
      const block = readBlock(lines, i, guide);
      lastCommands = commandsOf(block.body);
      i = block.end;
      continue;
    }
    const mark = MARK.exec(line);
    if (!mark) continue;
    const where = `${guide}:${i + 1}`;
    // The fence follows the mark, a blank line between them at most (as the formatter leaves it).
    const fence = lines[i + 1] === '' ? i + 2 : i + 1;
    if (!lines[fence]?.startsWith('```')) throw new Error(`${where}: a checked mark must come right before a fenced block`);
    const block = readBlock(lines, fence, guide);
    const check = readCheck(mark[1]!, where);
    if (check.kind === 'run') {
      if (!lines[fence].startsWith('```sh')) throw new Error(`${where}: a run mark must come right before a sh block`);
      lastCommands = commandsOf(block.body);
      examples.push({ line: i + 1, command: lastCommands.join('\n'), check, expected: [] });
      i = block.end;
      continue;
    }
    if (lastCommands.length !== 1) throw new Error(`${where}: the sh block before the mark holds ${lastCommands.length} commands, not one`);
    examples.push({ line: i + 1, command: lastCommands[0]!, check, expected: block.body });
    i = block.end;
  }
  return examples;
}

/** A sh block's commands: its lines but blank ones and comments. */
const commandsOf = (body: string[]): string[] => body.filter((text) => text.trim() !== '' && !text.trimStart().startsWith('#'));

function readBlock(lines: string[], start: number, guide: string): { body: string[]; end: number } {
  const end = lines.findIndex((line, index) => index > start && line.startsWith('```'));
  if (end < 0) throw new Error(`${guide}:${start + 1}: a fenced block that never ends`);
  return { body: lines.slice(start + 1, end), end };
}

function readCheck(text: string, where: string): GuideCheck {
  const [what = '', ...options] = text.split(',').map((part) => part.trim());
  if (what.startsWith('file ')) return { kind: 'file', path: what.slice('file '.length) };
  if (what === 'run' && options.length === 0) return { kind: 'run' };
  if (what !== 'stdout' && what !== 'stderr') throw new Error(`${where}: checked what? ${JSON.stringify(what)} is not stdout, stderr, file <path> or run`);
  let anyOrder = false;
  let exit = 0;
  for (const option of options) {
    if (option === 'any order') anyOrder = true;
    else if (/^exit \d+$/.test(option)) exit = Number(option.slice('exit '.length));
    else throw new Error(`${where}: unknown option ${JSON.stringify(option)} (any order, exit <code>)`);
  }
  return { kind: what, anyOrder, exit };
}

/**
 * A line with what changes from run to run made alike: the repository (shown as ~/vitruvian), the
 * home folder, pids, times, temporary names.
 */
export function normalized(line: string, home?: string, repository?: string): string {
  let text = repository ? line.split(repository).join(REPOSITORY_SHOWN) : line;
  text = home ? text.split(home).join('~') : text;
  text = text.replace(/\bpid \d+/g, 'pid N');
  text = text.replace(/ in \d+(?:\.\d+)? m?s\b/g, ' in N ms');
  text = text.replace(/\b(vitruvian-[a-z]+(?:-[a-z]+)*-)[A-Za-z0-9]{6}\b/g, '$1XXXXXX');
  return text.trimEnd();
}

/** Why the lines printed are not the lines shown, or undefined when they are. */
export function linesProblem(expected: string[], actual: string[], anyOrder: boolean): string | undefined {
  const shown = expected.map((line) => normalized(line));
  if (anyOrder) {
    const sorted = (list: string[]) => [...list].sort().join('\n');
    return sorted(shown) === sorted(actual) ? undefined : `the guide shows (in any order):\n${shown.join('\n')}\nthe command printed:\n${actual.join('\n')}`;
  }
  return matches(shown, 0, actual, 0) ? undefined : `the guide shows:\n${shown.join('\n')}\nthe command printed:\n${actual.join('\n')}`;
}

/** Line by line, `...` standing for any number of lines. */
function matches(shown: string[], i: number, actual: string[], j: number): boolean {
  if (i === shown.length) return j === actual.length;
  if (shown[i] === '...') {
    for (let skip = j; skip <= actual.length; skip++) if (matches(shown, i + 1, actual, skip)) return true;
    return false;
  }
  return j < actual.length && shown[i] === actual[j] && matches(shown, i + 1, actual, j + 1);
}
