// `read` as a module plugin asks it (fixtures/module-reads.wat): its offset is a u64, which reaches
// the host as a BigInt; past 2^53 - 1 a number would be another offset, so it is refused naming its
// exact value. Its files' handles run on for the worker's lifetime, as a program's do for its process.
// The open call's reads are served in the worker, from descriptors of its own: closed when the call
// ends, or with the worker when it is ended mid-call; the host still refuses any other read. A
// call's files are described in the worker too, as the call begins, with the host's checks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRACE_TEXT_MAX_CHARS } from '../../../../src-shared/limits';
import type { CallBytes } from '../../../../src-shared/plugin-api';
import { fixture } from '../../fixtures/harness';
import { disposeAllModules, fixtureWat, startModule, type ModuleHarness } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

const descriptors = () => readdirSync('/proc/self/fd').length;
/** Over 64 KiB: a call's file of this size is not read as the call begins, but opened at its first read. */
const big = Buffer.alloc(200 * 1024, 'abcdefgh');

const wat = readFileSync(fixture('module-reads.wat'), 'utf8');
const sentParams = (h: ModuleHarness) =>
  h.trace
    .filter((line) => line.direction === 'toTool' && line.method === 'field')
    .map((line) => (JSON.parse(line.text) as { params: { file: { handle: number } } }).params);

describe("a module plugin's reads", () => {
  it.runIf(process.platform !== 'win32')(
    'refuses a path that is no file to read as the host does, naming it, and never calls the component; a link is read as its file',
    async () => {
      const h = await startModule({ wat });
      const missing = join(h.folder, 'gone.txt');
      const folder = join(h.folder, 'inner');
      mkdirSync(folder);
      const fifo = join(h.folder, 'pipe');
      execFileSync('mkfifo', [fifo]);
      expect(await h.field('0', { file: missing })).toEqual({
        ms: 0,
        outcome: 'unavailable',
        message: `${missing}: no file is at this path`,
        reasonCode: { code: 'fileNotGiven', path: missing, problem: { code: 'missing' } },
      });
      expect(await h.field('0', { file: folder })).toMatchObject({ outcome: 'unavailable', reasonCode: { path: folder, problem: { code: 'folder' } } });
      expect(await h.field('0', { file: fifo })).toMatchObject({ outcome: 'unavailable', reasonCode: { path: fifo, problem: { code: 'notAFile' } } });
      expect(await h.field('0', { file: 'relative.txt' })).toMatchObject({
        outcome: 'unavailable',
        reasonCode: { path: 'relative.txt', problem: { code: 'relativePath' } },
      });
      // The component got none of them: nothing was traced.
      expect(h.trace).toEqual([]);
      const link = join(h.folder, 'link.txt');
      symlinkSync(h.file('target.txt', 'through a link'), link);
      const bigLink = join(h.folder, 'big-link.txt');
      symlinkSync(h.file('big.txt', big), bigLink);
      expect(await h.field('0', { file: link })).toMatchObject({ outcome: 'answered', answer: { value: 'through a link' } });
      expect(await h.field('8', { file: bigLink })).toMatchObject({ outcome: 'answered', answer: { value: 'abcdefgh'.repeat(8) } });
      // The params name each file as the call named it, with the size of the file it is.
      expect(sentParams(h).map((params) => params.file)).toEqual([
        { handle: 4, name: 'link.txt', path: link, mime: 'text/plain', size: 14 },
        { handle: 5, name: 'big-link.txt', path: bigLink, mime: 'text/plain', size: big.length },
      ]);
    },
  );

  it('refuses an offset past 2^53 - 1 naming its exact value, and answers 2^53 - 1 with no bytes', async () => {
    const h = await startModule({ wat });
    const file = h.file('a.txt', 'sixteen bytes..!');
    for (const offset of ['9007199254740992', '9007199254740994', '18446744073709551615']) {
      expect(await h.field(offset, { file })).toMatchObject({
        outcome: 'failed',
        message: `read refused: params.offset: ${offset} is past 9007199254740991, the largest offset a read can ask (no file is that long: past its end a read gets no bytes)`,
      });
    }
    // The trace shows the offset the component asked, whole.
    expect(h.trace.some((line) => line.method === 'read' && line.text.includes('"offset":18446744073709551615,'))).toBe(true);
    expect(await h.field('9007199254740991', { file })).toMatchObject({ outcome: 'answered', answer: { value: '' } });
    expect(await h.field('4', { file })).toMatchObject({ outcome: 'answered', answer: { value: 'een bytes..!' } });
  });

  it("gives each call's files the worker's next handles, and serves each by its own; a new worker counts from 1", async () => {
    const h = await startModule({ wat, limits: { callMs: 2_000 } });
    expect(await h.field('0', { file: h.file('a.txt', 'first') })).toMatchObject({ outcome: 'answered', answer: { value: 'first' } });
    expect(await h.field('0', { file: h.file('b.txt', 'second') })).toMatchObject({ outcome: 'answered', answer: { value: 'second' } });
    expect(sentParams(h).map((params) => params.file.handle)).toEqual([1, 2]);
    await h.plugin.restart();
    expect(await h.field('0', { file: h.file('c.txt', 'third') })).toMatchObject({ outcome: 'answered', answer: { value: 'third' } });
    expect(sentParams(h).map((params) => params.file.handle)).toEqual([1, 2, 1]);
  });

  it("refuses a read of an ended call's handle naming that call: the worker serves only the open call's", async () => {
    const h = await startModule({ wat: fixtureWat() });
    expect(await h.field('read')).toMatchObject({ outcome: 'answered', answer: { value: 'hello file' } });
    // The fixture reads handle 1 again; this call's file is 2.
    expect(await h.field('read', { file: h.file('b.txt', 'second') })).toMatchObject({
      outcome: 'failed',
      message: 'read refused: file 1 is of call 1, which has ended; a handle means nothing once its call is over',
    });
  });

  it.runIf(process.platform === 'linux')("closes each call's descriptors as the call ends: none is left after many calls", async () => {
    const h = await startModule({ wat });
    const file = h.file('big.txt', big);
    expect(await h.field('0', { file })).toMatchObject({ outcome: 'answered', answer: { value: 'abcdefgh'.repeat(8) } });
    const before = descriptors();
    for (let i = 0; i < 20; i++) expect(await h.field(String(i * 5), { file })).toMatchObject({ outcome: 'answered' });
    expect(descriptors()).toBe(before);
  });

  it.runIf(process.platform === 'linux')('leaves no descriptor open after a call cancelled while its file is open: they go with the worker', async () => {
    const h = await startModule({ wat: fixtureWat(), limits: { callMs: 60_000 } });
    await h.plugin.start();
    const before = descriptors();
    const cancel = new AbortController();
    const hung = h.field('readhang', { file: h.file('big.txt', big), signal: cancel.signal });
    // The worker opened the file at its read, and holds it while the component loops.
    await expect.poll(descriptors, { timeout: 25_000 }).toBe(before + 1);
    cancel.abort();
    expect(await hung).toMatchObject({ outcome: 'cancelled', why: 'asked' });
    // Counted with a worker running, as before (a thread has descriptors of its own).
    await h.plugin.start();
    expect(descriptors()).toBe(before);
    // The next call, in a new worker, reads as before.
    expect(await h.field('read')).toMatchObject({ outcome: 'answered', answer: { value: 'hello file' } });
  });

  it("traces a long read's answer cut as the Messages tab shows it, saying how long it was, and counts every byte for the window", async () => {
    const h = await startModule({ wasmPath: join(fixture('..'), '..', '..', 'tools-sample', 'skwir-lines', 'plugin.wasm') });
    const text = Buffer.alloc(200 * 1024, 'x\n');
    const bytes: CallBytes = { read: 0, size: 0 };
    const outcome = await h.plugin.call({ method: 'field', params: { key: 'lines.count' }, files: [h.file('lines.txt', text)], bytes });
    expect(outcome).toMatchObject({ outcome: 'answered', answer: { value: 100 * 1024 } });
    expect(bytes).toEqual({ read: text.length, size: text.length });
    const answers = h.trace.filter((line) => line.method === 'read' && line.direction === 'toTool');
    expect(answers.length).toBeGreaterThan(1);
    const [first] = answers;
    const id = (JSON.parse(h.trace.find((line) => line.method === 'read')!.text) as { id: string }).id;
    const asked = (JSON.parse(h.trace.find((line) => line.method === 'read')!.text) as { params: { length: number } }).params.length;
    const whole = `{"jsonrpc":"2.0","id":"${id}","result":{"data":"${text.subarray(0, asked).toString('base64')}"}}`;
    expect(first!.text.length).toBeLessThanOrEqual(TRACE_TEXT_MAX_CHARS);
    const shown = first!.text.replace(/… \((\d+) more characters\)$/, '');
    expect(whole.startsWith(shown)).toBe(true);
    expect(first!.text).toBe(`${shown}… (${whole.length - shown.length} more characters)`);
  });
});
