import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLine } from '../../../src-shared/host-api';
import { ToolLog } from './logs';
import { collectGarbage } from '../../test-support/gc';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vt-logs-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('tool log', () => {
  it('keeps lines with level, source, time and a growing seq, and tells listeners', async () => {
    let now = 1_000;
    const log = new ToolLog({ file: join(folder, 'a.log'), now: () => now++ });
    const heard: LogLine[] = [];
    log.onDidAppend((line) => heard.push(line));
    log.append('info', 'tool', 'hello');
    log.append('warn', 'stderr', 'careful');
    log.append('error', 'protocol', 'line 3 is not JSON');
    log.append('debug', 'host', 'started');
    expect(log.lines()).toEqual([
      { seq: 1, time: 1000, level: 'info', source: 'tool', message: 'hello' },
      { seq: 2, time: 1001, level: 'warn', source: 'stderr', message: 'careful' },
      { seq: 3, time: 1002, level: 'error', source: 'protocol', message: 'line 3 is not JSON' },
      { seq: 4, time: 1003, level: 'debug', source: 'host', message: 'started' },
    ]);
    expect(heard).toEqual(log.lines());
    await log.dispose();
  });

  it('gathers lines logged in turns of their own (a line a call) into few writes, every line in the file', async () => {
    const log = new ToolLog({ file: join(folder, 'gathered.log') });
    log.append('info', 'tool', 'opening');
    await log.flush();
    const handle = (log as unknown as { file: { handle: { write(...args: unknown[]): Promise<unknown> } } }).file.handle;
    const write = handle.write.bind(handle);
    let writes = 0;
    handle.write = (...args: unknown[]) => {
      writes++;
      return write(...args);
    };
    const lines = 200;
    for (let i = 0; i < lines; i++) {
      log.append('info', 'tool', `counted ${i}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await log.flush();
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(20);
    const text = await readFile(join(folder, 'gathered.log'), 'utf8');
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((line) => line.slice(line.lastIndexOf(' ') + 1)),
    ).toEqual(['opening', ...Array.from({ length: lines }, (_, i) => String(i))]);
    await log.dispose();
  });

  it('writes every line to its file with a timestamp, one line each', async () => {
    const log = new ToolLog({ file: join(folder, 'logs', 'a.log'), now: () => Date.UTC(2030, 0, 2, 3, 4, 5) });
    log.append('info', 'tool', 'first');
    log.append('error', 'stderr', 'two\nlines');
    await log.flush();
    const text = await readFile(join(folder, 'logs', 'a.log'), 'utf8');
    expect(text.split('\n')).toEqual(['2030-01-02T03:04:05.000Z info  tool     first', '2030-01-02T03:04:05.000Z error stderr   two\\nlines', '']);
    await log.dispose();
  });

  it('keeps only the newest lines in memory', async () => {
    const log = new ToolLog({ file: join(folder, 'a.log'), maxLines: 100 });
    for (let i = 1; i <= 1_000; i++) log.append('info', 'tool', `line ${i}`);
    const lines = log.lines();
    expect(lines).toHaveLength(100);
    expect(lines[0]!.message).toBe('line 901');
    expect(lines[99]!.message).toBe('line 1000');
    expect(lines[99]!.seq).toBe(1000);
    await log.dispose();
  });

  it('cuts a huge message and bounds the characters kept', async () => {
    const log = new ToolLog({ file: join(folder, 'a.log'), maxMessage: 100, maxChars: 1_000 });
    log.append('info', 'tool', 'x'.repeat(10_000));
    expect(log.lines()[0]!.message).toMatch(/^x{100}… \(9900 more characters\)$/);
    for (let i = 0; i < 50; i++) log.append('info', 'tool', 'y'.repeat(100));
    const kept = log.lines();
    expect(kept.reduce((n, l) => n + l.message.length, 0)).toBeLessThanOrEqual(1_000);
    expect(kept.at(-1)!.message).toBe('y'.repeat(100));
    await log.dispose();
  });

  it('keeps nothing alive of the huge strings its messages were cut from', async () => {
    const log = new ToolLog({ file: join(folder, 'a.log') });
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 300; i++) {
      const huge = `${i} ${'y'.repeat(1_000_000)}`;
      log.append('info', 'tool', huge.slice(0, 4_000)); // a slice, as a cut made elsewhere would be
      log.append('info', 'tool', huge);
    }
    await log.flush();
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(60 * 2 ** 20);
    expect(log.lines()).toHaveLength(600);
    await log.dispose();
  });

  it('keeps the lines waiting for the disk as bytes, not as strings on the heap', async () => {
    // Under a flood a line waits many turns of the event loop for the disk: thousands of small
    // strings waiting that long would move to V8's old generation, which then grows by tens of MB
    // before it is collected (bench/memory.ts). Lines that came in one turn all wait here.
    const file = join(folder, 'a.log');
    const log = new ToolLog({ file, maxLines: 10 });
    log.append('info', 'tool', 'warm');
    await log.flush();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 8_000; i++) log.append('info', 'tool', `waiting line ${i} ${'w'.repeat(60)}`);
    collectGarbage();
    // About 900 KB of text waits for the disk; kept as strings it took over 3 MB of heap.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(1024 * 1024);
    await log.flush();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(8_001);
    expect(lines.at(-1)).toMatch(/ info {2}tool {5}waiting line 7999 w{60}$/);
    await log.dispose();
  });

  it('encodes the lines of one turn for the file in one go, and in their order', async () => {
    // A flood's chunk of notices is logged in one turn: one call into the encoder for the lot, not
    // one a line (bench/log-flood.ts).
    const file = join(folder, 'a.log');
    const log = new ToolLog({ file });
    const encode = vi.spyOn(Buffer.prototype, 'write');
    try {
      for (let i = 0; i < 500; i++) log.append('info', 'tool', `turn line ${i} é`);
      await Promise.resolve();
      expect(encode.mock.calls.length).toBe(1);
    } finally {
      encode.mockRestore();
    }
    log.append('warn', 'tool', 'next turn');
    await log.flush();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      ...Array.from({ length: 500 }, (_, i) => `info  tool     turn line ${i} é`),
      'warn  tool     next turn',
    ]);
    await log.dispose();
  });

  it('counts the lines a slow disk could not take and says so in the file', async () => {
    const file = join(folder, 'a.log');
    const log = new ToolLog({ file, maxPendingBytes: 200 });
    for (let i = 0; i < 10; i++) log.append('info', 'tool', `burst ${i} ${'b'.repeat(30)}`); // in one turn
    await log.flush();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const written = lines.slice(0, -1).map((l) => l.replace(/^\S+ /, ''));
    expect(written.length).toBeGreaterThan(0);
    expect(written).toEqual(written.map((_, i) => `info  tool     burst ${i} ${'b'.repeat(30)}`));
    expect(lines.at(-1)).toMatch(new RegExp(` warn  host     ${10 - written.length} lines were not written to this file`));
    expect(log.lines()).toHaveLength(10); // the ring has them all
    await log.dispose();
  });

  it('rotates its file and keeps one older file', async () => {
    const file = join(folder, 'a.log');
    const log = new ToolLog({ file, maxFileBytes: 10_000 });
    for (let i = 0; i < 2_000; i++) {
      log.append('info', 'tool', `line ${i} ${'z'.repeat(40)}`);
      if (i % 100 === 0) await log.flush();
    }
    await log.flush();
    expect((await readdir(folder)).sort()).toEqual(['a.log', 'a.log.1']);
    expect((await stat(file)).size).toBeLessThanOrEqual(10_000);
    expect((await stat(`${file}.1`)).size).toBeLessThanOrEqual(10_000);
    expect(await readFile(file, 'utf8')).toContain('line 1999 ');
    await log.dispose();
  });

  it('clears memory and disk', async () => {
    const file = join(folder, 'a.log');
    const log = new ToolLog({ file });
    let cleared = 0;
    log.onDidClear(() => cleared++);
    log.append('info', 'tool', 'old');
    await log.flush();
    await log.clear();
    expect(log.lines()).toEqual([]);
    expect(cleared).toBe(1);
    expect(await readdir(folder)).toEqual([]);
    log.append('info', 'tool', 'new');
    await log.flush();
    expect(await readFile(file, 'utf8')).toMatch(/info {2}tool {5}new\n$/);
    await log.dispose();
  });

  it('stays bounded under a million notices', async () => {
    const log = new ToolLog({ file: join(folder, 'a.log') });
    if (global.gc) global.gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000_000; i++) {
      log.append('info', 'tool', `notice number ${i} with some words in it`);
      if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await log.flush();
    expect(log.lines()).toHaveLength(10_000);
    expect(log.lines().at(-1)!.message).toBe('notice number 999999 with some words in it');
    // 10,000 short lines are a few MB; a log that kept everything would hold hundreds.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(60 * 1024 * 1024);
    const onDisk = await readFile(join(folder, 'a.log'), 'utf8');
    expect(onDisk.length).toBeLessThanOrEqual(4 * 1024 * 1024);
    await log.dispose();
  });
});
