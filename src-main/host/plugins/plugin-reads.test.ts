// `read` as a real plugin process asks it: every byte of a file, the 4 MiB cut, the end of the file,
// and each refusal of docs/design/skwir.md with the words the plugin (and its author) gets.
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPlugins, startPlugin, type PluginHarness } from '../fixtures/plugin-harness';

afterEach(disposeAllPlugins);

const MiB = 1024 * 1024;
const valueOf = (outcome: { outcome: string }) => (outcome as { answer?: { value?: unknown } }).answer?.value;
/** The id of the last call of this method sent to the plugin. */
const idOf = (h: PluginHarness, method: string) =>
  (JSON.parse(h.trace.filter((line) => line.direction === 'toTool' && line.method === method).at(-1)!.text) as { id: number }).id;

describe('read, served to a plugin', () => {
  it('gives every byte of a file, cutting a read asked as 8 MiB to 4 MiB and giving fewer at the end', async () => {
    const h = startPlugin();
    const bytes = randomBytes(10 * MiB + 5);
    const outcome = await h.field('size', h.file('blob.bin', bytes));
    expect(outcome).toMatchObject({ outcome: 'answered' });
    const got = JSON.parse(valueOf(outcome) as string) as { bytes: number; reads: number; sha256: string };
    // 4 + 4 + 2 MiB and 5 bytes, then the empty read that says the end came.
    expect(got).toEqual({ bytes: bytes.length, reads: 4, sha256: createHash('sha256').update(bytes).digest('hex') });
    const reads = h.trace.filter((line) => line.method === 'read' && line.direction === 'toTool');
    expect(reads).toHaveLength(4);
  });

  it('gives a 1 GiB file, read in 4 MiB chunks, byte for byte', async () => {
    const h = startPlugin();
    const path = h.file('big.bin', '');
    const block = randomBytes(MiB);
    const hash = createHash('sha256');
    const file = await open(path, 'w');
    for (let i = 0; i < 1024; i++) {
      block.writeUInt32LE(i, 0); // no two MiB alike, so a chunk served twice or out of order shows
      await file.write(block, 0, MiB, i * MiB);
      hash.update(block);
    }
    await file.close();
    const outcome = await h.field(`size:${4 * MiB}`, path, { timeoutMs: 120_000 });
    expect(outcome.outcome).toBe('answered');
    expect(JSON.parse(valueOf(outcome) as string)).toEqual({ bytes: 1024 * MiB, reads: 257, sha256: hash.digest('hex') });
  }, 180_000);

  it('answers a read past the end with no bytes, and a read of length 0 with none', async () => {
    const h = startPlugin();
    const path = h.file('short.txt', 'twelve bytes');
    expect(valueOf(await h.field('read:@1:12:100', path))).toBe('0 bytes');
    expect(valueOf(await h.field('read:@1:999999:100', path))).toBe('0 bytes');
    expect(valueOf(await h.field('read:@1:4:0', path))).toBe('0 bytes');
    expect(valueOf(await h.field('read:@1:4:100', path))).toBe('8 bytes');
  });

  it('refuses a handle that is no file of the call: one never given, and one of another call, naming that call', async () => {
    const h = startPlugin();
    const a = h.file('a.txt', 'aaa');
    const b = h.file('bbbb.txt', 'bbbb');
    expect(valueOf(await h.field('read:9:0:10', a))).toBe('refused -32000: read refused: file 9 is not a file of the call being answered (its only file is 1)');
    // A command about two files: they have the next handles, 2 and 3, its second file is 3...
    expect(valueOf(await h.call('command', { command: 'read:3:0:10' }, [a, b]))).toBe('4 bytes');
    const command = idOf(h, 'command');
    // ...and no file of the next call, whose one file is 4.
    expect(valueOf(await h.field('read:3:0:10', a))).toBe(
      `refused -32000: read refused: file 3 is of call ${command}, which has ended; a handle means nothing once its call is over`,
    );
    expect(valueOf(await h.field('read:9:0:10', a))).toBe('refused -32000: read refused: file 9 is not a file of the call being answered (its only file is 5)');
    expect(valueOf(await h.field('read:0:0:10', a))).toMatch(/^refused -32000: read refused: file 0 is not a file/);
  });

  it('refuses reads to a plugin not granted read, and says so', async () => {
    const h = startPlugin({ granted: [] });
    expect(valueOf(await h.field('read:1:0:10', h.file('a.txt', 'aaa')))).toBe('refused -32000: read refused: the plugin was not granted the read capability');
    expect(h.logged('granted nothing')).toBe(true);
  });

  it('refuses params that are not whole numbers from 0 with -32000, naming each', async () => {
    const h = startPlugin();
    const outcome = await h.field('raw-read:{"file":1,"offset":-1,"length":1.5}', h.file('a.txt', 'aaa'));
    const answer = JSON.parse(valueOf(outcome) as string) as { error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32000);
    expect(answer.error.message).toBe('read refused: params.offset: -1 is less than 0; params.length: 1.5 is a number, expected a whole number');
  });

  it('refuses a read once its call was cancelled, naming the call', async () => {
    const h = startPlugin();
    const cancel = new AbortController();
    const asked = h.field('wait-cancel', h.file('a.txt', 'aaa'), { signal: cancel.signal });
    // The call is out (wait-cancel waits for its $/cancel, then reads).
    await expect.poll(() => h.trace.some((line) => line.direction === 'toTool' && line.method === 'field'), { timeout: 10_000 }).toBe(true);
    cancel.abort();
    const outcome = await asked;
    expect(outcome).toMatchObject({ outcome: 'cancelled', why: 'asked' });
    const sent = h.trace.find((line) => line.direction === 'toTool' && line.method === 'field');
    const id = (JSON.parse(sent!.text) as { id: number }).id;
    await expect.poll(() => h.logged(`read after cancel: read refused: call ${id} was cancelled; its reads are refused`)).toBe(true);
    expect(h.trace.some((line) => line.direction === 'toTool' && line.text === `{"jsonrpc":"2.0","method":"$/cancel","params":{"id":${id}}}`)).toBe(true);
  });
});

describe('handles, one counter for the plugin process', () => {
  it("refuses a cancelled call's late read of its handle while the next call is open, naming the cancelled call", async () => {
    const h = startPlugin();
    const cancel = new AbortController();
    const late = h.field('late-read', h.file('secret.txt', 'SECRET-A'), { signal: cancel.signal });
    await expect.poll(() => h.trace.some((line) => line.direction === 'toTool' && line.method === 'field'), { timeout: 10_000 }).toBe(true);
    const cancelledId = idOf(h, 'field');
    cancel.abort();
    expect(await late).toMatchObject({ outcome: 'cancelled', why: 'asked' });
    // The next call's file has handle 2, and it stays open until the late read of handle 1 was answered.
    const next = await h.field('after-late', h.file('public.txt', 'PUBLIC-B'));
    expect(next).toMatchObject({ outcome: 'answered', answer: { value: 'after' } });
    await expect
      .poll(() => h.logs.find((line) => line.message.startsWith('late read'))?.message, { timeout: 10_000 })
      .toBe(`late read of file 1: read refused: call ${cancelledId} was cancelled; its reads are refused`);
    const sent = JSON.parse(h.trace.filter((line) => line.direction === 'toTool' && line.method === 'field').at(-1)!.text) as {
      params: { file: { handle: number } };
    };
    expect(sent.params.file.handle).toBe(2);
  });

  it('counts again from 1 in a new process', async () => {
    const h = startPlugin();
    const handleOf = () =>
      (JSON.parse(h.trace.filter((line) => line.direction === 'toTool' && line.method === 'field').at(-1)!.text) as { params: { file: { handle: number } } })
        .params.file.handle;
    const a = h.file('a.txt', 'aaa');
    await h.field('read:@1:0:10', a);
    await h.field('read:@1:0:10', a);
    expect(handleOf()).toBe(2);
    await h.plugin.restart();
    expect(valueOf(await h.field('read:@1:0:10', a))).toBe('3 bytes');
    expect(handleOf()).toBe(1);
  });
});

describe('a read after its call ended', () => {
  it('refuses a read that came in the same write as the answer, naming the call', async () => {
    const h = startPlugin();
    expect(await h.field('answer-then-read', h.file('a.txt', 'the bytes'))).toMatchObject({ outcome: 'answered', answer: { value: 'answered' } });
    const id = idOf(h, 'field');
    await expect
      .poll(() => h.logs.find((line) => line.message.startsWith('read after the answer'))?.message, { timeout: 10_000 })
      .toBe(`read after the answer: read refused: file 1 is of call ${id}, which has ended; a handle means nothing once its call is over`);
  });
});

describe('offsets and lengths a number cannot hold exactly', () => {
  const raw = (h: PluginHarness, params: string, file: string) =>
    h
      .field(`raw-read:${params}`, file)
      .then((outcome) => JSON.parse(valueOf(outcome) as string) as { data?: string; error?: { code: number; message: string } });

  it('refuses an offset or a length past 2^53 - 1 naming its value, and answers 2^53 - 1 with no bytes', async () => {
    const h = startPlugin();
    const file = h.file('a.txt', 'sixteen bytes..!');
    for (const [offset, named] of [
      ['9007199254740992', '9007199254740992'],
      ['9007199254740994', '9007199254740994'],
      // JSON gives the host the nearest number, which is what it can name.
      ['18446744073709551615', '18446744073709552000'],
    ]) {
      expect(await raw(h, `{"file":"@1","offset":${offset},"length":10}`, file)).toEqual({
        error: {
          code: -32000,
          message: `read refused: params.offset: ${named} is past 9007199254740991, the largest offset a read can ask (no file is that long: past its end a read gets no bytes)`,
        },
      });
    }
    expect(await raw(h, '{"file":"@1","offset":0,"length":18446744073709551615}', file)).toMatchObject({
      error: { code: -32000, message: expect.stringContaining('read refused: params.length: 18446744073709552000 is past 9007199254740991') },
    });
    expect(await raw(h, '{"file":"@1","offset":9007199254740991,"length":10}', file)).toEqual({ data: '' });
    expect(await raw(h, '{"file":"@1","offset":4,"length":3}', file)).toEqual({ data: Buffer.from('een').toString('base64') });
  });
});
