import { describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { command, defaultTestbedPort, readTestbedArgs } from './testbed';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { io, out, err };
};

describe('vitruvian-tool testbed arguments', () => {
  it('takes folders and options in any order', () => {
    expect(readTestbedArgs(['a', '--port', '0', 'b', '--services=system', '--data', '/tmp/d', '--language', 'fr'])).toEqual({
      ok: true,
      args: { folders: ['a', 'b'], port: 0, services: 'system', dataFolder: '/tmp/d', language: 'fr' },
    });
    expect(readTestbedArgs([])).toEqual({ ok: true, args: { folders: [], port: defaultTestbedPort, services: 'simulated' } });
    expect(readTestbedArgs(['--', '--odd-folder'])).toMatchObject({ ok: true, args: { folders: ['--odd-folder'] } });
  });

  it.each([
    [['--port', 'http'], '--port: expected a port number from 0 to 65535, got "http"'],
    [['--port', '70000'], '--port: expected a port number from 0 to 65535, got "70000"'],
    [['--port'], '--port needs a value'],
    [['--services', 'real'], '--services: expected simulated or system, got "real"'],
    [['--language', 'f r'], '--language: expected a language tag such as en or fr, got "f r"'],
    [['--verbose'], 'unknown option "--verbose"'],
  ])('refuses %j', (args, problem) => {
    expect(readTestbedArgs(args)).toEqual({ ok: false, problem });
  });

  it('exits 2 with the usage for bad arguments and for a folder that is not there', async () => {
    const bad = capture();
    expect(await command(['--port', 'x'], bad.io, new Promise(() => undefined))).toBe(2);
    expect(bad.err[0]).toMatch(/^testbed: --port: .*; usage: vitruvian-tool testbed/);
    const missing = capture();
    expect(await command(['/no/such/tool'], missing.io, new Promise(() => undefined))).toBe(2);
    expect(missing.err[0]).toMatch(/^testbed: "\/no\/such\/tool" is not a folder/);
    expect(bad.out).toEqual([]);
  });
});
