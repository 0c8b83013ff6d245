import { describe, expect, it } from 'vitest';
import { truncate } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Inspection, InspectionDetail, InspectionRow } from '../src-shared/skwir/types';
import { pluginTests, READ_LIMIT, scratchFiles, type Answered, type PluginSession } from './skwir-driver';

const folder = fileURLToPath(new URL('./skwir-hex/', import.meta.url));
const { started } = pluginTests(folder);
const { file } = scratchFiles('skwir-hex-');

/** Bytes that differ from row to row and page to page: byte i is (i * 7 + (i >> 8)) & 0xff. */
const patterned = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

/** A page of hex: the protocol's Inspection, with the rows and details the hex plugin always gives. */
type HexPage = Inspection & { rows: InspectionRow[]; details: InspectionDetail[] };

const inspect = (plugin: PluginSession, path: string, params: Record<string, unknown> = {}, options: { sizes?: boolean } = {}) =>
  plugin.call('inspect', [path], ([f]) => ({ file: f, ...params }), options).answer as Promise<Answered<HexPage>>;

/** The row the plugin should show for the bytes at `offset`. */
function expectedRow(bytes: Buffer, offset: number) {
  const row = bytes.subarray(offset, offset + 16);
  return {
    cells: [
      offset.toString(16).padStart(Math.max(8, (bytes.length - 1).toString(16).length), '0'),
      [...row].map((b) => b.toString(16).padStart(2, '0')).join(' '),
      [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join(''),
    ],
  };
}

describe('the hex plugin', () => {
  it('declares one preview for every file, asked inspect', async () => {
    const plugin = await started();
    expect(plugin.manifest).toMatchObject({ api: 1, capabilities: ['read'], program: { exec: 'hex.mjs' } });
    expect(plugin.manifest.previews).toEqual([{ converts: false, pages: false, thumbnails: false }]);
  });

  it('shows 16 bytes a row and 4096 a page, with previous and next', async () => {
    const plugin = await started();
    const bytes = patterned(9_812);
    const path = file('blob.bin', bytes);
    const first = await inspect(plugin, path);
    expect(first.result).toMatchObject({
      kind: 'hex',
      title: 'Hex · 9.8 KB',
      columns: ['Offset', 'Bytes', 'Characters'],
      previous: null,
      next: 4096,
      position: 0,
      notice: '',
      details: [{ label: 'Size', value: '9,812 bytes' }],
    });
    expect(first.result.rows).toHaveLength(256);
    expect(first.result.rows[0]).toEqual(expectedRow(bytes, 0));
    expect(first.result.rows[255]).toEqual(expectedRow(bytes, 4080));

    const second = await inspect(plugin, path, { offset: 4096 });
    expect(second.result).toMatchObject({ previous: 0, next: 8192, position: 4096 });
    expect(second.result.rows[0]).toEqual(expectedRow(bytes, 4096));

    const last = await inspect(plugin, path, { offset: first.result.next! + 4096 });
    expect(last.result).toMatchObject({ previous: 4096, next: null });
    expect(last.result.rows).toHaveLength(102); // 1,620 bytes: 101 rows of 16 and one of 4
    expect(last.result.rows.at(-1)).toEqual(expectedRow(bytes, 9808));
    expect(last.result.rows.at(-1)!.cells[1]).toBe([...bytes.subarray(9808)].map((b) => b.toString(16).padStart(2, '0')).join(' '));

    // The page starts at the row holding the offset asked; source asks the same page.
    const unaligned = await inspect(plugin, path, { offset: 100, source: true });
    expect(unaligned.result).toMatchObject({ position: 100, previous: 0, next: 96 + 4096 });
    expect(unaligned.result.rows[0]).toEqual(expectedRow(bytes, 96));
  });

  it('writes offsets with as many hex digits as the file needs: 8 for a small file, 9 past 4 GiB', async () => {
    const plugin = await started();
    expect((await inspect(plugin, file('small.bin', Buffer.from('hi')))).result.rows[0]!.cells[0]).toBe('00000000');
    // A sparse file: 4 GiB of holes and 16 bytes, read only where the page is.
    const path = file('huge.bin', Buffer.alloc(0));
    await truncate(path, 2 ** 32 + 16);
    const end = await inspect(plugin, path, { offset: 2 ** 32 });
    expect(end.result.rows.map((row) => row.cells[0])).toEqual(expect.arrayContaining(['100000000']));
    expect(end.result.rows.every((row) => row.cells[0]!.length === 9)).toBe(true);
  });

  it('finds the size by reading when the host does not give it', async () => {
    const plugin = await started();
    const bytes = patterned(70_001);
    const path = file('unsized.bin', bytes);
    const call = plugin.call('inspect', [path], ([f]) => ({ file: f, offset: 65_536 }), { sizes: false });
    const answer = (await call.answer) as Answered<HexPage>;
    expect(answer.result).toMatchObject({ title: 'Hex · 70 KB', details: [{ label: 'Size', value: '70,001 bytes' }], next: 69_632 });
    expect(answer.result.rows[0]).toEqual(expectedRow(bytes, 65_536));
    expect(call.reads.length).toBeLessThan(40); // single bytes, doubling then halving
    expect(plugin.logs).toContainEqual({
      level: 'debug',
      message: `unsized.bin: no size given; found 70,001 bytes in ${call.reads.length - 2} reads of one byte`,
    });
    expect(await inspect(plugin, file('unsized-empty.bin', ''), {}, { sizes: false })).toMatchObject({ result: { title: 'Hex · 0 bytes' } });
  });

  it('shows the last page for an offset past the end, and says an empty file is empty', async () => {
    const plugin = await started();
    const bytes = patterned(5_000);
    expect((await inspect(plugin, file('short.bin', bytes), { offset: 9_999 })).result).toMatchObject({
      position: 5_000,
      previous: 0,
      next: null,
      notice: '0x270f is past the end (5,000 bytes): the last page is shown.',
      rows: [expectedRow(bytes, 4096), ...Array(56).fill(expect.anything())],
    });
    expect((await inspect(plugin, file('empty.bin', ''))).result).toEqual({
      kind: 'hex',
      title: 'Hex · 0 bytes',
      columns: ['Offset', 'Bytes', 'Characters'],
      rows: [],
      previous: null,
      next: null,
      position: 0,
      notice: 'The file is empty.',
      details: [{ label: 'Size', value: '0 bytes' }],
    });
  });

  it('finds hex and text from the offset on, across reads, and starts the page at the match', async () => {
    const plugin = await started();
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 10);
    Buffer.from([0xde, 0xad, 0xbe, 0xef]).copy(bytes, 0x1234);
    Buffer.from('needle').copy(bytes, READ_LIMIT - 3); // cut in two by the first read's end
    Buffer.from('de ad').copy(bytes, 0x50_0000);
    const path = file('haystack.bin', bytes);

    for (const query of ['de ad be ef', '0xDEADBEEF', '0xde ad BE ef']) {
      const found = await inspect(plugin, path, { query });
      expect(found.result, query).toMatchObject({
        position: 0x1234,
        length: 4,
        notice: 'Found de ad be ef at 0x1234',
        previous: 0x1230 - 4096,
        next: 0x1230 + 4096,
      });
      expect(found.result.rows[0]!.cells[0]).toBe('00001230');
    }
    // Across a row's end too: its 6 bytes start 13 bytes into a row.
    const text = await inspect(plugin, path, { query: 'needle' });
    expect(text.result).toMatchObject({ position: READ_LIMIT - 3, length: 6, notice: `Found "needle" at 0x${(READ_LIMIT - 3).toString(16)}` });
    expect(text.result.rows[0]!.cells[0]).toBe((READ_LIMIT - 16).toString(16).padStart(8, '0'));
    expect(text.result.title).toBe('Hex · 5.2 MB');

    expect((await inspect(plugin, path, { query: '"de ad"' })).result).toMatchObject({ position: 0x50_0000, length: 5, notice: 'Found "de ad" at 0x500000' });
    // Nothing found is a length of 0: the window marks nothing.
    expect((await inspect(plugin, path, { query: 'needle', offset: READ_LIMIT })).result).toMatchObject({
      position: READ_LIMIT,
      length: 0,
      notice: 'Not found after 0x400000: "needle"',
    });
    expect((await inspect(plugin, path, { query: '0xabc', offset: 32 })).result).toMatchObject({
      position: 32,
      length: 0,
      notice: '0xabc is not whole bytes: give two hex digits a byte',
    });
    // A page asked without a search says no length.
    expect((await inspect(plugin, path, { offset: 0x1234 })).result).not.toHaveProperty('length');
  });

  it('names the format its first bytes announce, from any page', async () => {
    const plugin = await started();
    const formats: [string, Buffer, string | undefined][] = [
      ['a.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'PNG picture'],
      ['a.pdf', Buffer.from('%PDF-1.7\n'), 'PDF document'],
      ['a.zip', Buffer.from('PK\x03\x04\x14\x00'), 'ZIP archive'],
      ['a.elf', Buffer.from('\x7fELF\x02\x01\x01'), 'ELF program'],
      ['a.txt', Buffer.from('just text'), undefined],
    ];
    for (const [name, head, format] of formats) {
      const answer = await inspect(plugin, file(name, Buffer.concat([head, Buffer.alloc(5_000)])), { offset: 4_096 });
      expect(answer.result.details.find((d) => d.label === 'Format')?.value, name).toBe(format);
    }
  });

  it('refuses params that do not fit, naming them, and unknown methods', async () => {
    const plugin = await started();
    const path = file('params.bin', 'abc');
    expect(await inspect(plugin, path, { offset: -1 })).toEqual({ error: { code: -32602, message: 'params.offset must be a whole number >= 0, not -1' } });
    expect(await inspect(plugin, path, { query: 7 })).toEqual({ error: { code: -32602, message: 'params.query must be text, not 7' } });
    expect(await plugin.call('inspect', [], () => ({ offset: 0 })).answer).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('params.file') },
    });
    expect(await plugin.call('convert', [path], ([f]) => ({ file: f })).answer).toEqual({ error: { code: -32601, message: 'unknown method convert' } });
    const ghost = { handle: 4, name: 'ghost.bin', path: '/nowhere/ghost.bin', size: 10 };
    expect(await plugin.call('inspect', [], () => ({ file: ghost })).answer).toEqual({
      error: { code: -32000, message: expect.stringMatching(/^cannot read ghost.bin: file 4 is not a file of call \d+$/) },
    });
  });

  it('stops a search at $/cancel without answering, and answers the next call', async () => {
    const plugin = await started();
    const path = file('cancelled.bin', Buffer.alloc(9 * 1024 * 1024));
    plugin.holdReads();
    const search = plugin.call('inspect', [path], ([f]) => ({ file: f, query: 'absent' }));
    await plugin.until('a read', () => search.reads.length === 1);
    plugin.send({ id: 4242, result: { data: '' } }); // an answer to no read of its own
    plugin.cancel(search);
    const next = plugin.call('inspect', [file('after.bin', 'after')], ([f]) => ({ file: f }));
    plugin.releaseReads();
    expect((await next.answer).result).toMatchObject({ title: 'Hex · 5 bytes', rows: [{ cells: ['00000000', '61 66 74 65 72', 'after'] }] });
    expect(search.reads).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(plugin.stray).toEqual([]);
  });

  it('exits 0 at once when stdin closes, even while waiting for a read', async () => {
    const plugin = await started();
    plugin.holdReads();
    const call = plugin.call('inspect', [file('eof.bin', 'x')], ([f]) => ({ file: f }));
    await plugin.until('a read', () => call.reads.length === 1);
    const ended = await plugin.close();
    expect(ended).toMatchObject({ code: 0, signal: null, inTime: true });
    expect(ended.ms).toBeLessThan(2_000);
  });
});
