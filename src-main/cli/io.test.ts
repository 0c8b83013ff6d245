import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/vitruvian-tool.mjs', import.meta.url));

/** Runs the real CLI with a reader that has gone before the first line is written (as `| head -1` soon is). */
const intoClosedPipe = (...args: string[]) =>
  new Promise<{ code: number | null; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    // tsx takes far longer to start than this takes: every write meets a closed pipe (EPIPE).
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, err }));
  });

const crashed = /EPIPE|Unhandled|\n\s+at /;

describe('the CLI writing into a pipe whose reader has gone', () => {
  it.each([
    ['--help', ['--help']],
    ['validate', ['validate', 'tools-sample/word-count']],
    ['check', ['check', 'tools-sample/word-count']],
  ])('%s stops writing quietly and exits 0', async (_name, args) => {
    const { code, err } = await intoClosedPipe(...args);
    expect(err).not.toMatch(crashed);
    expect(code).toBe(0);
  });

  it('run --trace goes on with the run and stops the tool as usual', async () => {
    // word-count starts on demand: a command is what starts it.
    const { code, err } = await intoClosedPipe('run', 'tools-sample/word-count', '--command', 'showTotal', '--trace');
    expect(err).not.toMatch(crashed);
    expect(err).toMatch(/host: stopped/);
    expect(code).toBe(0);
  });
});
