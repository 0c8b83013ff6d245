import { describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main, usageLines } from './main';

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

  it('shows how to call one command with <command> --help, without running it', async () => {
    expect(await cli(['validate', '--help'])).toEqual({
      code: 0, out: ['usage: vitruvian-tool validate <folder>', 'judge a tool folder as the app installer does'], err: [],
    });
  });

  it('exits 2 with one line naming what was wrong', async () => {
    expect(await cli([])).toEqual({ code: 2, out: [], err: ['vitruvian-tool: missing command; run vitruvian-tool --help'] });
    const unknown = await cli(['valdate', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toEqual([expect.stringMatching(/^vitruvian-tool: unknown command "valdate"; the commands are validate, /)]);
    expect((await cli(['toString'])).code).toBe(2); // not a key of the table's prototype
  });
});
