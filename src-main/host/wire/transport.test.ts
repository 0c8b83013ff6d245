import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConnectionError } from './errors';
import { StreamLineReader, StreamLineWriter } from './transport';

describe('StreamLineReader', () => {
  it('reads lines from a stream, refuses the oversize one, and closes at the end', async () => {
    const stream = new PassThrough();
    const reader = new StreamLineReader(stream, { lineLimit: { bytes: 8, countsLineBreak: false } });
    const seen: string[] = [];
    reader.onLine((line) => seen.push(line));
    reader.onRefusal((refusal) => seen.push(`refused ${refusal.reason}`));
    const closed = new Promise<void>((resolve) => reader.onClose(resolve));
    stream.write('{"a":');
    stream.write('1}\n0123456789abcdef');
    stream.write('\nok\ntail');
    stream.end();
    await closed;
    expect(seen).toEqual(['{"a":1}', 'refused oversize', 'ok', 'refused unterminated']);
  });

  it('delivers nothing more once disposed', async () => {
    const stream = new PassThrough();
    const reader = new StreamLineReader(stream);
    const seen: string[] = [];
    reader.onLine((line) => seen.push(line));
    stream.write('one\n');
    await new Promise((resolve) => setImmediate(resolve));
    reader.dispose();
    stream.write('two\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['one']);
  });
});

describe('StreamLineWriter', () => {
  it('sends the first line of a turn at once, and the lines after it in that turn together, in one write', async () => {
    const writes: string[] = [];
    const sink = new Writable({
      decodeStrings: false,
      write(chunk, _encoding, callback) {
        writes.push(String(chunk));
        callback();
      },
    });
    const writer = new StreamLineWriter(sink);
    expect(writer.write('lone')).toBeUndefined();
    // A lone answer is not kept waiting for the rest of the turn.
    expect(writes).toEqual(['lone\n']);
    for (const line of ['a', 'b', 'c']) expect(writer.write(line)).toBeUndefined();
    expect(writes).toEqual(['lone\n']);
    await Promise.resolve();
    expect(writes).toEqual(['lone\n', 'a\nb\nc\n']);
    // A new turn: its first line leaves at once again.
    expect(writer.write('next')).toBeUndefined();
    expect(writes).toEqual(['lone\n', 'a\nb\nc\n', 'next\n']);
  });

  it('waits for drain while the stream is full, and then goes on', async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        release = callback;
      },
    });
    const writer = new StreamLineWriter(slow);
    // Taken by the sink at once, room for more: nothing to wait for, no promise made.
    expect(writer.write('first')).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    let secondDone = false;
    const waiting = writer.write('x'.repeat(100));
    expect(waiting).toBeInstanceOf(Promise);
    const second = waiting!.then(() => (secondDone = true));
    expect(writer.congested).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondDone).toBe(false);
    release?.();
    await new Promise((resolve) => setImmediate(resolve));
    release?.();
    await second;
    expect(written.join('')).toBe(`first\n${'x'.repeat(100)}\n`);
    expect(writer.congested).toBe(false);
  });

  it('writes a long line and its break in one writev, never joined first, in order among short lines', async () => {
    const calls: string[][] = [];
    const sink = new Writable({
      decodeStrings: false,
      write(chunk, _encoding, callback) {
        calls.push([String(chunk)]);
        callback();
      },
      writev(chunks, callback) {
        calls.push(chunks.map(({ chunk }) => String(chunk)));
        callback();
      },
    });
    const writer = new StreamLineWriter(sink);
    const long = `${'é'.repeat(70_000)}x`; // a Skwir read's answer is 5.6 MB: joining it to its \n copies it
    for (const line of ['a', long, 'b']) expect(writer.write(line)).toBeUndefined();
    await Promise.resolve();
    expect(calls).toEqual([['a\n'], [long, '\n'], ['b\n']]);
  });

  it('never throws when the child has exited: writes reject with a ConnectionError', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(0)'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const writer = new StreamLineWriter(child.stdin);
    let closed = false;
    writer.onClose(() => (closed = true));
    await once(child, 'exit');
    const line = 'y'.repeat(200_000); // more than a pipe holds, so the write meets EPIPE
    const results = await Promise.allSettled([1, 2, 3].map(() => Promise.resolve(writer.write(line))));
    // Once the EPIPE has closed the writer, write again: still no throw.
    if (!closed) await new Promise<void>((resolve) => writer.onClose(() => resolve()));
    const late = await Promise.resolve(writer.write('late')).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    expect(late).toBeInstanceOf(ConnectionError);
    expect((late as ConnectionError).code).toBe('closed');
    expect(closed).toBe(true);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConnectionError);
    }
  });

  it('rejects writes after the stream was destroyed', async () => {
    const stream = new PassThrough();
    const writer = new StreamLineWriter(stream);
    stream.destroy();
    await expect(writer.write('x')).rejects.toMatchObject({ code: 'closed' });
  });
});
