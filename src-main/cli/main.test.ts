import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appVersion } from '../host/host';
import type { CliIo } from './io';
import { main, usageLines } from './main';
import { readRunArgs } from './run';
import { readTestbedArgs } from './testbed';
import { subcommands, usageLine, usageOf, type SubcommandName } from './usage';

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { code: await main(args, io), out, err };
}

describe('vitruvian-tool', () => {
  it('lists every command with --help and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toEqual(usageLines());
    for (const name of ['validate', 'run', 'check', 'testbed', 'new']) {
      expect(result.out.some((line) => line.trimStart().startsWith(`${name} `))).toBe(true);
    }
  });

  it('shows how to call one command with <command> --help, without running it: the usage, what it does, each option', async () => {
    expect(await cli(['validate', '--help'])).toEqual({
      code: 0,
      out: [
        'usage: vitruvian-tool validate <folder>... [--strict]',
        "judge tool and Skwir plugin folders as the app's installer does, and warn of keys their manifest does not know",
        '',
        'options:',
        '  --strict  refuse (exit 1) a folder that has a warning, as well as one that has a problem',
      ],
      err: [],
    });
    const check = await cli(['check', '--help']);
    expect(check.out.slice(3)).toEqual([
      'options:',
      '  --json          print the report as one JSON object instead of a line a check',
      expect.stringMatching(/^ {2}--file <path> {3}a file of your own to ask a plugin about/),
      expect.stringMatching(/^ {2}--junit <file> {2}also write the report as JUnit XML/),
    ]);
    // Every command's help names plugins where it takes them, and lists every option it reads.
    expect((await cli(['testbed', '--help'])).out[1]).toMatch(/tool and Skwir plugin folders/);
    for (const name of Object.keys(subcommands) as SubcommandName[]) {
      const { out } = await cli([name, '--help']);
      for (const option of Object.keys(subcommands[name].options))
        expect(out, `${name} --${option}`).toContainEqual(expect.stringMatching(new RegExp(`^ {2}--${option}\\b`)));
    }
  });

  it('exits 2 with one line naming what was wrong', async () => {
    expect(await cli([])).toEqual({ code: 2, out: [], err: ['vitruvian-tool: missing command; run vitruvian-tool --help'] });
    const unknown = await cli(['valdate', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toEqual([expect.stringMatching(/^vitruvian-tool: unknown command "valdate"; the commands are validate, /)]);
    expect((await cli(['toString'])).code).toBe(2); // not a key of the table's prototype
    expect(await cli(['-c', 'x'])).toMatchObject({ code: 2, err: [expect.stringMatching(/^vitruvian-tool: unknown option -c; /)] });
  });

  it("prints its version with --version or -v: package.json's, as the app reports it", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect(await cli([flag])).toEqual({ code: 0, out: [`vitruvian-tool ${version}`], err: [] });
    expect(appVersion).toBe(version);
  });
});

describe('the help of each command', () => {
  const names = Object.keys(subcommands) as SubcommandName[];
  /** A value each option takes, so that the command's own reader can be asked about it. */
  const sample: Record<string, string[]> = {
    '--command': ['copy'],
    '--pref': ['n=1'],
    '--language': ['fr'],
    '--data': ['/tmp/data'],
    '--services': ['simulated'],
    '--clipboard': ['some text'],
    '--trace': [],
    '--strict': [],
    '--port': ['0'],
    '--json': [],
    '--lang': ['python'],
    '--kind': ['tool'],
    '--file': ['/tmp/some-file'],
    '--params': ['{}'],
    '--timeout': ['5'],
    '--out': ['/tmp/out'],
    '--capability': ['read'],
    '--junit': ['/tmp/vt-report.xml'],
    '--send': ['{"method":"command/run","params":{"command":"x"}}'],
    '--anyway': ['--send', '{"method":"x"}'],
    '--record': ['/tmp/vt-session.jsonl'],
    '--ignore': ['/result/time'],
  };
  const optionsOf = (name: SubcommandName) => [...usageOf(name).matchAll(/--[a-z]+/g)].map((m) => m[0]);
  /** Problems the command reports for `folder` with this one option; none when it takes the option. */
  const refusal = async (name: SubcommandName, option: string): Promise<string | undefined> => {
    // ask takes a method after its folder; command is asked even with no --file.
    const args = [option, ...(sample[option] ?? []), import.meta.dirname, ...(name === 'ask' ? ['command'] : [])];
    // run and testbed would start tools: ask their readers only.
    const reading = name === 'run' ? readRunArgs(args) : name === 'testbed' ? readTestbedArgs(args) : undefined;
    if (reading) return reading.ok ? undefined : reading.problem;
    // check, new and ask refuse this folder (no tool or plugin here; not empty) only once their options are read.
    const result = await cli([name, ...args]);
    return result.code === 2 ? result.err.join('\n') : undefined;
  };

  it.each(names)('%s: its --help is the usage line it prints after a usage error', async (name) => {
    const help = await cli([name, '--help']);
    const wrong = await cli([name, '--no-such-option', 'folder']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toEqual([expect.stringMatching(new RegExp(`^${name}: unknown option --no-such-option; it takes `)), help.out[0]]);
  });

  it.each(names.flatMap((name) => optionsOf(name).map((option) => [name, option] as const)))('%s takes %s, as its --help says', async (name, option) => {
    expect(sample[option], `a sample value for ${option}`).toBeDefined();
    expect(await refusal(name, option)).toBeUndefined();
  });

  it('says how each command is called, from the one table', () => {
    expect(usageLine('run')).toBe(
      'usage: vitruvian-tool run <folder> [--command <id>]... [--pref <id>=<json>]... [--language <tag>] [--data <dir>] ' +
        '[--services simulated|system] [--clipboard <text>] [--trace] [--strict] [--send <json>]... [--anyway] [--record <file>]',
    );
    expect(usageLine('replay')).toBe('usage: vitruvian-tool replay <file> [<folder>] [--ignore <json-pointer>]... [--junit <file>] [--timeout <s>]');
    expect(usageLine('validate')).toBe('usage: vitruvian-tool validate <folder>... [--strict]');
    expect(usageLine('testbed')).toBe(
      'usage: vitruvian-tool testbed [<folder>...] [--port <n>] [--services simulated|system] [--data <dir>] [--language <tag>] [--trace]',
    );
  });
});
