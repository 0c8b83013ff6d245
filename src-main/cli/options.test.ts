import { describe, expect, it } from 'vitest';
import { languageProblem, readArgs, usageError } from './options';

describe("reading a subcommand's arguments by its table", () => {
  it('takes options anywhere, with = or a space, repeated ones in order, and -- before a dashed operand', () => {
    expect(readArgs('run', ['--trace', 'folder', '--command=a', '--command', 'b', '--services', 'system'])).toEqual({
      ok: true,
      options: {
        command: ['a', 'b'],
        pref: [],
        language: undefined,
        data: undefined,
        services: 'system',
        clipboard: undefined,
        trace: true,
        strict: false,
        send: [],
        anyway: false,
        record: undefined,
      },
      operands: ['folder'],
    });
    expect(readArgs('validate', ['--', '-odd', 'b'])).toEqual({ ok: true, options: { strict: false }, operands: ['-odd', 'b'] });
    expect(readArgs('run', ['f', '--command=-x'])).toMatchObject({ ok: true, options: { command: ['-x'] } });
  });

  it.each([
    [
      'run',
      ['-c', 'x', 'f'],
      'unknown option -c; it takes --command, --pref, --language, --data, --services, --clipboard, --trace, --strict, --send, --anyway or --record',
    ],
    [
      'run',
      ['f', '--bogus'],
      'unknown option --bogus; it takes --command, --pref, --language, --data, --services, --clipboard, --trace, --strict, --send, --anyway or --record',
    ],
    ['validate', ['-x', 'a'], 'unknown option -x; it takes --strict'],
    ['testbed', ['-x'], 'unknown option -x; it takes --port, --services, --data, --language or --trace'],
    ['check', ['-json', 'f'], 'unknown option -j; it takes --json, --file or --junit'],
    ['run', ['f', '--command'], '--command needs a value'],
    ['run', ['f', '--data='], '--data needs a value'],
    ['run', ['f', '--trace=yes'], '--trace takes no value, got "yes"'],
    ['run', ['f', '--command', '--trace'], '--command needs a value, got the option --trace (a value that starts with a dash is written --command=--trace)'],
    ['run', ['f', '--services', 'magic'], '--services: expected simulated or system, got "magic"'],
    ['new', ['f', '--lang', 'ruby'], '--lang: expected node, python, sh or wat, got "ruby"'],
    ['run', [], 'missing <folder>'],
    ['validate', [], 'missing <folder>'],
    ['run', ['a', 'b', 'c'], 'one folder only, got 3: "a", "b", "c"'],
  ] as const)('%s %j: %s', (name, args, problem) => {
    expect(readArgs(name, [...args])).toEqual({ ok: false, problem });
  });

  it('takes any number of operands where the table says so', () => {
    expect(readArgs('testbed', [])).toMatchObject({ ok: true, operands: [] });
    expect(readArgs('validate', ['a', 'b', 'c'])).toMatchObject({ ok: true, operands: ['a', 'b', 'c'] });
  });

  it('prints a usage error as the problem, then the usage line, and gives exit code 2', () => {
    const err: string[] = [];
    expect(usageError({ out: () => {}, err: (line) => err.push(line) }, 'check', 'missing <folder>')).toBe(2);
    expect(err).toEqual(['check: missing <folder>', 'usage: vitruvian-tool check <folder> [--json] [--file <path>]... [--junit <file>]']);
  });

  it('takes a language tag and refuses anything else, naming it', () => {
    expect(languageProblem('fr-CA')).toBeUndefined();
    expect(languageProblem('f r')).toBe('--language: expected a language tag such as en or fr, got "f r"');
  });
});
