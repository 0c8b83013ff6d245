import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { streamIo } from './io';

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

describe('streamIo', () => {
  /** A stream that keeps each write whole, named, so the writes themselves can be counted. */
  const recorder = (name: string, writes: string[]) => {
    const stream = new PassThrough();
    stream.write = ((text: string) => {
      writes.push(`${name}:${text}`);
      return true;
    }) as typeof stream.write;
    return stream;
  };

  it('writes the lines of one turn together, one write per run of lines, in the order written', async () => {
    const writes: string[] = [];
    const io = streamIo(recorder('out', writes), recorder('err', writes));
    for (let i = 1; i <= 1000; i++) io.err(`log ${i}`);
    io.out('trace 1');
    io.out('trace 2');
    io.err('log 1001');
    expect(writes).toEqual([]);
    await Promise.resolve();
    expect(writes).toHaveLength(3);
    expect(writes[0]).toBe(`err:${Array.from({ length: 1000 }, (_, i) => `log ${i + 1}\n`).join('')}`);
    expect(writes.slice(1)).toEqual(['out:trace 1\ntrace 2\n', 'err:log 1001\n']);
    io.err('next turn');
    await Promise.resolve();
    expect(writes.at(-1)).toBe('err:next turn\n');
  });

  it('drops the lines of a stream whose reader has gone, and keeps writing the other', async () => {
    const writes: string[] = [];
    const out = recorder('out', writes);
    const io = streamIo(out, recorder('err', writes));
    io.out('before');
    await Promise.resolve();
    out.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    io.out('after');
    io.err('still here');
    await Promise.resolve();
    expect(writes).toEqual(['out:before\n', 'err:still here\n']);
  });
});
