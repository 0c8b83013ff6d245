// The conformance run against fixture tools that each misbehave in one way (and one that does
// not): real processes, with time limits shortened only where a fixture would otherwise wait them out.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { check } from '../cli/check';
import type { CliIo } from '../cli/io';
import { runConformance } from './conformance-run';
import type { ConformanceLimits } from './limits';
import { running, until } from '../test-support/processes';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => join(fixtures, name);

async function checkLines(name: string, limits: Partial<ConformanceLimits> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const exitCode = await check([fixture(name)], io, { limits });
  return { exitCode, out, err, fails: out.filter((line) => line.startsWith('FAIL ')) };
}

describe.concurrent('vitruvian-tool check on misbehaving tools', () => {
  it('passes a tool that keeps every rule', async () => {
    const { exitCode, out } = await checkLines('well-behaved');
    expect(out.filter((line) => !line.startsWith('PASS '))).toEqual(['test.conformance.well-behaved 1.0.0: all 15 checks passed']);
    expect(exitCode).toBe(0);
  });

  it.each([
    // fixture, limits, the one FAIL line (start), and what it must say
    ['never-answers', { initializeMs: 400 }, 'FAIL initialize answered: ', 'no answer within 400 ms'],
    ['ignores-shutdown', { shutdownMs: 400 }, 'FAIL exits 0 after shutdown: ', 'still running 400 ms after shutdown'],
    [
      'wrong-version',
      {},
      'FAIL initialize answered: ',
      'picked protocol 99, which was not offered (offered 1): `{"jsonrpc":"2.0","id":1,"result":{"protocol":99',
    ],
    ['version-not-text', {}, 'FAIL initialize answered: ', 'result.version: 1 is a whole number, expected text'],
    ['answers-unknown', {}, 'FAIL unknown request answered -32601: ', 'with a result, expected failure -32601: `{"jsonrpc":"2.0","id":2,"result":{}}`'],
    ['talks-first', {}, 'FAIL nothing sent before initialize was answered: ', 'sent line 1, `{"jsonrpc":"2.0","method":"log"'],
    [
      'crashes-on-notice',
      {},
      'FAIL unknown notice ignored: ',
      'the tool exited with code 1 after an unknown notice (conformance/noSuchNotice) (its last stderr line: `fixture: cannot handle conformance/noSuchNotice`)',
    ],
    ['crashes-on-language', {}, 'FAIL language/changed survived: ', 'the tool exited with code 1 after language/changed'],
    ['rejects-unknown-fields', {}, 'FAIL unknown fields ignored: ', 'fixture: unexpected field conformance/unknownField'],
    ['fails-commands', {}, 'FAIL command/run greet: ', 'answered failure -32603, expected {} or -32010: `{"jsonrpc":"2.0","id":'],
    ['hangs-on-commands', { commandMs: 400 }, 'FAIL command/run greet: ', 'no answer within 400 ms'],
    [
      'unknown-command-state',
      {},
      'FAIL commands/state names only declared commands: ',
      'names "ghost", not a command of the manifest: line 2, `{"jsonrpc":"2.0","method":"commands/state","params":{"runnable":["greet","ghost"]}}`',
    ],
    ['undeclared-service', {}, 'FAIL requests only for services in uses: ', 'asked for clipboard/readText, whose service is not in uses (answered -32001)'],
    ['bad-urls', {}, 'FAIL messages fit protocol 1: ', 'params.url: "ftp://example.com/file" is not http, https or mailto (and 3 more messages)'],
    ['answers-unsent', {}, 'FAIL messages fit protocol 1: ', '`{"jsonrpc":"2.0","id":999,"result":{}}`: answers a request the app never sent'],
    ['exits-nonzero', {}, 'FAIL exits 0 after shutdown: ', 'the tool exited with code 3 after shutdown'],
    [
      'prints-json',
      {},
      'FAIL stdout carries only messages: ',
      '`{"ran":"greet"}`: not a message ("jsonrpc" must be "2.0", not missing); print to stderr instead',
    ],
    [
      'answers-more-than-empty',
      {},
      'FAIL command/run greet: ',
      'answered `{"ok":true}`, expected {} or failure -32010: `{"jsonrpc":"2.0","id":6,"result":{"ok":true}}`',
    ],
    [
      'answers-twice',
      {},
      'FAIL messages fit protocol 1: ',
      '`{"jsonrpc":"2.0","id":6,"error":{"code":-32010,"message":"changed my mind"}}`: answered twice: command/run (id 6) was answered first by line ',
    ],
  ])('%s: one FAIL line naming the fault, exit 1', async (name, limits, start, says) => {
    const { exitCode, fails } = await checkLines(name, limits);
    expect(fails).toHaveLength(1);
    expect(fails[0]!.startsWith(start)).toBe(true);
    expect(fails[0]).toContain(says);
    expect(exitCode).toBe(1);
  });

  it('answers-notices: fails the notice it answered, and the answer to nothing the app sent', async () => {
    const { exitCode, fails } = await checkLines('answers-notices');
    const reply = '`{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"unknown method conformance/noSuchNotice"}}`';
    expect(fails).toEqual([
      `FAIL unknown notice ignored: wrote a reply to an unknown notice (conformance/noSuchNotice), which is never answered: ${reply}`,
      `FAIL messages fit protocol 1: line 4, ${reply}: answers a request the app never sent`,
    ]);
    expect(exitCode).toBe(1);
  });

  it('prints-banner: fails stdout (and speaking before the answer), quoting the banner', async () => {
    const { exitCode, fails } = await checkLines('prints-banner');
    expect(fails).toEqual([
      'FAIL nothing sent before initialize was answered: sent line 1, `Fixture tool 1.0 starting up` before the answer',
      'FAIL stdout carries only messages: line 1, `Fixture tool 1.0 starting up`: not JSON; print to stderr instead',
    ]);
    expect(exitCode).toBe(1);
  });

  it('syntax-error: a tool that never answers initialize has its last stderr lines under the FAIL', async () => {
    const { exitCode, out } = await checkLines('syntax-error');
    const at = out.findIndex((line) => line.startsWith('FAIL initialize answered: the tool exited with code 1 before answering'));
    expect(at, out.join('\n')).toBeGreaterThanOrEqual(0);
    expect(out[at + 1]).toMatch(/^ {5}its stderr, the last \d+ lines:$/);
    const shown = out.slice(at + 2).filter((line) => line.startsWith('     | '));
    expect(shown).toContain('     | SyntaxError: Invalid or unexpected token');
    expect(shown.some((line) => line.includes('const greeting = "hello;'))).toBe(true);
    expect(exitCode).toBe(1);
    const report = await runConformance(fixture('syntax-error'));
    expect(report.checks.find((c) => c.id === 'initialize')?.stderr).toContain('SyntaxError: Invalid or unexpected token');
  });

  it('writes-crlf: a WARN line names the line ending, and the run still passes', async () => {
    const { exitCode, out } = await checkLines('writes-crlf');
    expect(out.filter((line) => !line.startsWith('PASS '))).toEqual([
      'WARN lines end with \\n alone: all 9 lines end with \\r\\n (the first: line 1, `{"jsonrpc":"2.0","id":1,"result":{"protocol":1,"version":"1.0.0"}}\\u000d`); ' +
        'the \\r stays in the line, where JSON takes it for whitespace: write \\n alone',
      'test.conformance.writes-crlf 1.0.0: all 15 checks passed, 1 with a warning',
    ]);
    expect(exitCode).toBe(0);
  });

  it("reads-clipboard: the clipboard holds text during the run, so the command's success path is judged", async () => {
    const { out } = await checkLines('reads-clipboard');
    expect(out).toContainEqual(expect.stringMatching(/^PASS command\/run greet: answered \{\} in /));
  });

  it('does not go on after initialize was not answered: the rest is not run, and says so', async () => {
    const { out } = await checkLines('never-answers', { initializeMs: 400 });
    expect(out).toContain('SKIP command/run greet: not run: initialize was not answered with a result');
    expect(out).toContain('SKIP exits 0 after shutdown: not run: initialize was not answered with a result');
    expect(out.at(-1)).toBe('test.conformance.never-answers 1.0.0: 1 of 15 checks failed, 7 not run');
  });

  it('after the tool crashed, later checks are not run rather than failed', async () => {
    const report = await runConformance(fixture('crashes-on-notice'));
    const statuses = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
    expect(statuses).toMatchObject({
      'unknown-notice': 'fail',
      'language-changed': 'skip',
      'command-run:greet': 'skip',
      shutdown: 'skip',
      stdout: 'pass',
    });
    expect(report.checks.find((c) => c.id === 'shutdown')?.reason).toBe('not run: the tool exited with code 1 earlier');
    expect(report.pass).toBe(false);
  });

  it('fails a folder that does not validate, and stops there', async () => {
    const report = await runConformance(join(fixtures, 'no-such-tool'));
    expect(report.checks).toEqual([expect.objectContaining({ id: 'folder', status: 'fail', reason: expect.stringContaining('does not exist') })]);
  });
});

describe('the run ends everything the tool started', () => {
  const marker = 'vitruvian-conformance-orphan';

  it('a bare run of the fixture leaves its child behind (so the next test can fail)', async () => {
    const tool = spawn(join(fixture('leaves-a-child'), 'tool.mjs'), [], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    tool.stdin.end();
    await new Promise((resolve) => tool.once('exit', resolve));
    try {
      expect(await until(() => running(marker), 5_000)).toBe(true);
    } finally {
      process.kill(-tool.pid!, 'SIGKILL');
    }
    expect(await until(async () => !(await running(marker)), 5_000)).toBe(true);
  });

  it('check fails a tool that leaves processes running after shutdown, and ends them', async () => {
    const report = await runConformance(fixture('leaves-a-child'), { limits: { shutdownMs: 500 } });
    const failures = report.checks.filter((c) => c.status !== 'pass');
    expect(failures).toEqual([
      expect.objectContaining({
        id: 'shutdown',
        status: 'fail',
        reason: 'exited with code 0, but processes it started still ran 500 ms after shutdown; ended with SIGTERM',
      }),
    ]);
    expect(await until(async () => !(await running(marker)), 5_000)).toBe(true);
  });
});
