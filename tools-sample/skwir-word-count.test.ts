import { describe, expect, it } from 'vitest';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginTests, READ_LIMIT, scratchFiles, type PluginSession } from './skwir-driver';

const folder = fileURLToPath(new URL('./skwir-word-count/', import.meta.url));
const { started } = pluginTests(folder);
const { folder: scratch, file } = scratchFiles('skwir-word-count-');

const words = (plugin: PluginSession, path: string, options: { sizes?: boolean } = {}) =>
  plugin.call('field', [path], ([f]) => ({ key: 'word-count.words', file: f }), options).answer;

const command = (plugin: PluginSession, name: string, paths: string[], args?: unknown) =>
  plugin.call('command', paths, (entries) => ({ command: name, args: args ?? null, entries })).answer;

describe('the word-count plugin', () => {
  it('declares its field and commands, for text files, with the read capability', async () => {
    const plugin = await started();
    expect(plugin.manifest).toMatchObject({ api: 1, capabilities: ['read'], program: { exec: 'word_count.py' } });
    expect(plugin.manifest.id).toContain('.');
    expect(plugin.manifest.fields?.map((f) => f.key)).toEqual(['word-count.words']);
    expect(plugin.manifest.commands?.map((c) => c.name)).toEqual(['word-count.count', 'word-count.copy-summary']);
    expect(plugin.manifest.fields?.[0]?.extensions).toEqual(expect.arrayContaining(['txt', 'md']));
  });

  it('counts the words of a file through reads, with or without its size given', async () => {
    const plugin = await started();
    const note = file('note.txt', 'One  two\tthree\n\nfour — cinq été\u3000日本語 ');
    expect(await words(plugin, note)).toEqual({ result: { value: 8 } });
    expect(await words(plugin, note, { sizes: false })).toEqual({ result: { value: 8 } });
    expect(await words(plugin, file('empty.txt', ''))).toEqual({ result: { value: 0 } });
    expect(await words(plugin, file('spaces.txt', ' \n\t \r\n'))).toEqual({ result: { value: 0 } });
  });

  it('parts words where wc -w does in a UTF-8 locale, and only there', async () => {
    const plugin = await started();
    // What GNU wc -w (coreutils 9) takes for spaces besides ASCII's: no-break, Ogham, U+2000 to U+200A,
    // narrow no-break, medium mathematical, the word joiner, ideographic.
    const spaces = ['\u00a0', '\u1680', ...Array.from({ length: 11 }, (_, i) => String.fromCodePoint(0x2000 + i)), '\u202f', '\u205f', '\u2060', '\u3000'];
    expect(await words(plugin, file('spaces.txt', spaces.map((space) => `a${space}b`).join('\n')))).toEqual({ result: { value: 2 * spaces.length } });
    // Characters Python's str.split takes for spaces and wc does not: each stays inside its word.
    const inside = ['\u0085', '\u2028', '\u2029', '\x1c', '\x1d', '\x1e', '\x1f', '\u200b', '\ufeff'];
    expect(await words(plugin, file('inside.txt', inside.map((character) => `a${character}b`).join(' ')))).toEqual({ result: { value: inside.length } });
  });

  it('keeps a word and a character that straddle two reads whole', async () => {
    const plugin = await started();
    // 'é' is two bytes: the first ends the first read, the second starts the next one.
    const straddling = file('straddle.txt', Buffer.concat([Buffer.alloc(READ_LIMIT - 1, 'a'), Buffer.from('éb c')]));
    const call = plugin.call('field', [straddling], ([f]) => ({ key: 'word-count.words', file: f }));
    expect(await call.answer).toEqual({ result: { value: 2 } });
    expect(call.reads.map((r) => [r.offset, r.served])).toEqual([
      [0, READ_LIMIT],
      [READ_LIMIT, 4],
      [READ_LIMIT + 4, 0],
    ]);
    const split = file('split.txt', Buffer.concat([Buffer.alloc(READ_LIMIT, 'a'), Buffer.from(' b')]));
    expect(await words(plugin, split)).toEqual({ result: { value: 2 } });
    // A space of three bytes (U+3000) cut by the first read's end, after its first or second byte.
    for (const before of [1, 2]) {
      const cut = file(`cut-space-${before}.txt`, Buffer.concat([Buffer.alloc(READ_LIMIT - before, 'a'), Buffer.from('\u3000b')]));
      expect(await words(plugin, cut), `cut after ${before}`).toEqual({ result: { value: 2 } });
    }
    // Bytes that are not UTF-8 are characters of a word, and so is a character cut short at the end.
    expect(await words(plugin, file('latin1.txt', Buffer.from([0x61, 0xff, 0x62, 0x20, 0x63, 0x20, 0xc3])))).toEqual({ result: { value: 3 } });
  });

  it('counts a 200 MB file through many reads of at most 4 MiB', { timeout: 120_000 }, async () => {
    const plugin = await started();
    const block = Buffer.from('lorem ipsum dolor sit amet, consectetur adipiscing elit\n'.repeat(18_725)); // ~1 MiB, 8 words a line
    const path = join(scratch, 'big.txt');
    const fd = openSync(path, 'w');
    for (let i = 0; i < 200; i++) writeSync(fd, block);
    closeSync(fd);
    const call = plugin.call('field', [path], ([f]) => ({ key: 'word-count.words', file: f }));
    expect(await call.answer).toEqual({ result: { value: 8 * 18_725 * 200 } });
    expect(call.reads.length).toBeGreaterThanOrEqual(Math.ceil((200 * block.length) / READ_LIMIT));
    expect(call.reads.every((r) => r.length === READ_LIMIT && r.served! <= READ_LIMIT)).toBe(true);
    expect(call.reads.reduce((sum, r) => sum + r.served!, 0)).toBe(200 * block.length);
    rmSync(path);
  });

  it('answers word-count.count with a value per file and a total, and lines when asked', async () => {
    const plugin = await started();
    const a = file('a.txt', 'one two three');
    const b = file('b.md', '# Title\n\nsome words here\n');
    expect(await command(plugin, 'word-count.count', [a, b])).toEqual({
      result: {
        answer: 'value',
        value: {
          total: 8,
          files: [
            { name: 'a.txt', words: 3 },
            { name: 'b.md', words: 5 },
          ],
        },
      },
    });
    expect(await command(plugin, 'word-count.count', [a, b], { lines: true })).toEqual({
      result: {
        answer: 'value',
        value: {
          total: 8,
          lines: 4,
          files: [
            { name: 'a.txt', words: 3, lines: 1 },
            { name: 'b.md', words: 5, lines: 3 },
          ],
        },
      },
    });
    expect(await command(plugin, 'word-count.count', [])).toEqual({ result: { answer: 'value', value: { total: 0, files: [] } } });
    // Lines as the README counts them: a last line without its break counts (wc -l would say 1), \r\n is one break.
    const lines = [file('two.txt', 'one\ntwo'), file('crlf.txt', 'a\r\nb\r\n'), file('empty.txt', '')];
    const counted = (await command(plugin, 'word-count.count', lines, { lines: true })) as { result: { value: { files: { lines: number }[] } } };
    expect(counted.result.value.files.map((f) => f.lines)).toEqual([2, 2, 0]);
    expect(plugin.logs).toContainEqual({ level: 'debug', message: 'b.md: 5 words' });
  });

  it('answers word-count.copy-summary with a line per file to copy, and what to say', async () => {
    const plugin = await started();
    const paths = [file('x.txt', 'a b'), file('y.txt', 'solo'), file('z.txt', '')];
    expect(await command(plugin, 'word-count.copy-summary', paths)).toEqual({
      result: { answer: 'text', text: 'x.txt: 2 words\ny.txt: 1 word\nz.txt: 0 words\n', said: 'Copied the counts of 3 files' },
    });
    expect(await command(plugin, 'word-count.copy-summary', [paths[0]!], { lines: true })).toEqual({
      result: { answer: 'text', text: 'x.txt: 2 words, 1 line\n', said: 'Copied the count of 1 file' },
    });
    expect(await command(plugin, 'word-count.copy-summary', [])).toEqual({
      error: { code: -32000, message: 'word-count.copy-summary needs at least one file: choose the files to count' },
    });
  });

  it('refuses what it does not know, naming it', async () => {
    const plugin = await started();
    const note = file('refusals.txt', 'hi');
    expect(await plugin.call('field', [note], ([f]) => ({ key: 'word-count.lines', file: f })).answer).toMatchObject({
      error: { code: -32602, message: expect.stringContaining("'word-count.lines'") },
    });
    expect(await plugin.call('field', [], () => ({ key: 'word-count.words', file: 'note.txt' })).answer).toMatchObject({
      error: { code: -32602, message: 'params.file must be a file with a whole-number handle, not "note.txt"' },
    });
    expect(await plugin.call('command', [], () => ({ command: 'word-count.count', entries: [{ name: 'x' }] })).answer).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('params.entries[0] must be a file') },
    });
    expect(await command(plugin, 'word-count.shout', [note])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('word-count.shout') } });
    expect(await plugin.call('thumbnail', [note], ([f]) => ({ file: f, size: 64 })).answer).toMatchObject({ error: { code: -32601 } });
  });

  it('says so when the read capability was not granted, and when the host refuses a read', async () => {
    const plugin = await started([]);
    expect(await words(plugin, file('denied.txt', 'a b'))).toEqual({
      error: { code: -32000, message: 'cannot read denied.txt: the read capability was not granted' },
    });
    const granted = await started();
    const ghost = { handle: 5, name: 'ghost.txt', path: '/nowhere/ghost.txt' };
    expect(await granted.call('field', [], () => ({ key: 'word-count.words', file: ghost })).answer).toEqual({
      error: { code: -32000, message: expect.stringMatching(/^cannot read ghost.txt: file 5 is not a file of call \d+$/) },
    });
  });

  it('stops at $/cancel without answering, ignores answers that are not its own, and goes on', async () => {
    const plugin = await started();
    const note = file('cancel.txt', 'one two');
    plugin.holdReads();
    const first = plugin.call('field', [note], ([f]) => ({ key: 'word-count.words', file: f }));
    await plugin.until('a read', () => first.reads.length === 1);
    plugin.send({ id: 999, result: { data: Buffer.from('x y z w').toString('base64') } }); // no read of its own
    plugin.send({ method: 'skwir/somethingNew', params: {} });
    plugin.cancel(first);
    const second = plugin.call('field', [note], ([f]) => ({ key: 'word-count.words', file: f }));
    plugin.releaseReads(); // the first call's read is refused now: it is over
    expect(await second.answer).toEqual({ result: { value: 2 } });
    expect(first.reads[0]?.refused).toMatch(/is over/);
    expect(await first.answer).toEqual({ cancelled: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(plugin.stray).toEqual([]);
  });

  it('exits 0 at once when stdin closes, even while waiting for a read', async () => {
    const plugin = await started();
    plugin.holdReads();
    const call = plugin.call('field', [file('eof.txt', 'a')], ([f]) => ({ key: 'word-count.words', file: f }));
    await plugin.until('a read', () => call.reads.length === 1);
    const ended = await plugin.close();
    expect(ended).toMatchObject({ code: 0, signal: null, inTime: true });
    expect(ended.ms).toBeLessThan(2_000);
  });
});
