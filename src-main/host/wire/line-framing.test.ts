import { Buffer, isUtf8 } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LineFraming, MAX_LINE_BYTES, type LineRefusal } from './line-framing';
import { collectGarbage } from '../../test-support/gc';

type Seen = { line: string } | { refused: LineRefusal['reason'] };

function frame(chunks: Uint8Array[], maxLineBytes = MAX_LINE_BYTES, end = true) {
  const seen: Seen[] = [];
  let mostHeld = 0;
  const framing = new LineFraming(
    {
      line: (line) => seen.push({ line }),
      refusal: (refusal) => seen.push({ refused: refusal.reason }),
    },
    maxLineBytes,
  );
  for (const chunk of chunks) {
    framing.push(chunk);
    mostHeld = Math.max(mostHeld, framing.heldBytes);
  }
  if (end) framing.end();
  return { seen, mostHeld };
}

/** The framing rules stated plainly, on the whole stream at once. */
function reference(bytes: Buffer, maxLineBytes: number): Seen[] {
  const seen: Seen[] = [];
  let start = 0;
  for (;;) {
    const newline = bytes.indexOf(10, start);
    if (newline === -1) break;
    const line = bytes.subarray(start, newline);
    if (line.length > maxLineBytes) seen.push({ refused: 'oversize' });
    else if (line.length === 0) {
      // ignored
    } else if (!isUtf8(line)) seen.push({ refused: 'notUtf8' });
    else seen.push({ line: line.toString('utf8') });
    start = newline + 1;
  }
  const rest = bytes.length - start;
  if (rest > maxLineBytes) seen.push({ refused: 'oversize' });
  else if (rest > 0) seen.push({ refused: 'unterminated' });
  return seen;
}

function cut(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

const enc = (text: string) => Buffer.from(text, 'utf8');

describe('line framing', () => {
  it('delivers lines ended by \\n, keeps \\r in the line and ignores empty lines', () => {
    const { seen } = frame([enc('{"a":1}\r\n\n\nsecond\n\r\n')]);
    expect(seen).toEqual([{ line: '{"a":1}\r' }, { line: 'second' }, { line: '\r' }]);
  });

  it('never delivers a last line without \\n, and says it was dropped', () => {
    expect(frame([enc('one\ntwo')]).seen).toEqual([{ line: 'one' }, { refused: 'unterminated' }]);
    expect(frame([enc('one\ntwo')], MAX_LINE_BYTES, false).seen).toEqual([{ line: 'one' }]);
  });

  it('decodes a character split across chunks', () => {
    const bytes = enc('é€😀\n');
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    expect(frame(chunks).seen).toEqual([{ line: 'é€😀' }]);
  });

  it('keeps a byte order mark, which is not JSON whitespace', () => {
    expect(frame([Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x0a)]).seen).toEqual([{ line: '\ufeff{}' }]);
  });

  it('tells a U+FFFD the tool wrote (UTF-8) from one decoding makes of bytes that are not', () => {
    const written = Buffer.from('{"text":"\uFFFD"}\n', 'utf8');
    const stray = Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xff]), Buffer.from('"}\n')]);
    expect(frame([written, stray, written]).seen).toEqual([{ line: '{"text":"\uFFFD"}' }, { refused: 'notUtf8' }, { line: '{"text":"\uFFFD"}' }]);
  });

  it('refuses a line that is not UTF-8 and goes on', () => {
    expect(frame([Uint8Array.of(0x5b, 0xff, 0x5d, 0x0a), enc('ok\n')]).seen).toEqual([{ refused: 'notUtf8' }, { line: 'ok' }]);
  });

  it('accepts exactly the cap, \\r counted, and refuses one byte more', () => {
    const atCap = 'x'.repeat(MAX_LINE_BYTES - 1) + '\r';
    const over = 'y'.repeat(MAX_LINE_BYTES) + '\r';
    const { seen } = frame([enc(`${atCap}\n${over}\nafter\n`)]);
    expect(seen.map((s) => ('line' in s ? s.line.length : s.refused))).toEqual([MAX_LINE_BYTES, 'oversize', 5]);
  });

  it('refuses an oversize line as soon as it crosses the cap, holding no more than the cap', () => {
    const chunk = Buffer.alloc(65_536, 0x61);
    const chunks = Array.from({ length: 64 }, () => chunk); // 4 MiB, no \n
    const { seen, mostHeld } = frame([...chunks, enc('\n{"next":true}\n')]);
    expect(seen).toEqual([{ refused: 'oversize' }, { line: '{"next":true}' }]);
    expect(mostHeld).toBeLessThanOrEqual(MAX_LINE_BYTES);
  });

  it('gives the memory of a long line back once it is decoded, before it is handed on, not at a collection', () => {
    // A Skwir answer of 48 MiB in pipe-sized chunks (one chunk pushed again and again, so no chunk
    // is left for the collector). When the line is handed on, the process holds its text and
    // little more: the space it was held in is already given back. Buffers grown by doubling, or
    // one let go to the collector, would still be resident here: 64 MiB or more besides.
    const MiB = 1024 * 1024;
    const chunk = Buffer.alloc(65_536, 0x61);
    let grown = Number.NaN;
    const framing = new LineFraming(
      {
        line: (line) => (grown = process.memoryUsage.rss() - before - line.length),
        refusal: () => undefined,
      },
      64 * MiB - 1,
    );
    const before = process.memoryUsage.rss();
    for (let sent = 0; sent < 48 * MiB; sent += chunk.length) framing.push(chunk);
    framing.push(enc('\n'));
    expect(grown).toBeLessThan(16 * MiB);
  });

  it.runIf(process.platform === 'linux')('hands a long line on in a space grown no further than it needed: giving part back makes no page resident', () => {
    // V8 fills with zeros what a smaller size gives back: a 41 MiB line in a space grown by doubling
    // to 64 MiB made 23 MiB of pages it never wrote resident when its data was kept (answer-data.ts).
    const MiB = 1024 * 1024;
    const statusKiB = (field: string) =>
      Number(
        /\d+/.exec(
          readFileSync('/proc/self/status', 'utf8')
            .split('\n')
            .find((l) => l.startsWith(field))!,
        )![0],
      );
    const chunk = Buffer.alloc(65_536, 0x61);
    let grown = Number.NaN;
    const framing = new LineFraming(
      {
        line: () => undefined,
        refusal: () => undefined,
        longLine: (line) => {
          const before = statusKiB('VmRSS:');
          writeFileSync('/proc/self/clear_refs', '5'); // the high-water mark back to now
          line.keep(0, 30 * MiB).letGo();
          grown = (statusKiB('VmHWM:') - before) * 1024;
        },
      },
      64 * MiB - 1,
    );
    for (let sent = 0; sent < 41 * MiB; sent += chunk.length) framing.push(chunk);
    framing.push(enc('\n'));
    expect(grown).toBeLessThan(4 * MiB);
  });

  it('gives the same lines for any chunking of any byte stream (property)', () => {
    const max = 24;
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => enc(s.replaceAll('\n', ''))),
      fc.constantFrom(enc('\n'), enc('\r\n'), enc('\n\n'), Uint8Array.of(0xe2, 0x82), Uint8Array.of(0xff)),
      fc.uint8Array({ maxLength: 40 }),
      fc.constant(enc('z'.repeat(max + 1))),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (pieces, cuts) => {
        const bytes = Buffer.concat(pieces);
        const whole = frame([bytes], max);
        const chunked = frame(cut(bytes, cuts), max);
        expect(chunked.seen).toEqual(whole.seen);
        expect(whole.seen).toEqual(reference(bytes, max));
        expect(chunked.mostHeld).toBeLessThanOrEqual(max);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same lines for any chunking of streams of long, empty and non-ASCII lines at the real cap (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => enc(s.replaceAll('\n', ''))),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((s) => enc(`${s.replaceAll('\n', '')}\n`)),
      fc.constantFrom(enc('\n'), enc('\r\n'), enc('\n\n'), Uint8Array.of(0xff), enc('é\n')),
      fc.constantFrom(enc(`${'l'.repeat(4_096)}\n`), enc(`${'m'.repeat(4_097)}\n`), enc('n'.repeat(70_000))),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cuts) => {
        const bytes = Buffer.concat(pieces);
        const whole = frame([bytes]);
        expect(frame(cut(bytes, cuts)).seen).toEqual(whole.seen);
        expect(whole.seen).toEqual(reference(bytes, MAX_LINE_BYTES));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes a chunk of short ASCII lines once, not once a line', () => {
    const lines = Array.from({ length: 900 }, (_, i) => JSON.stringify({ jsonrpc: '2.0', method: 'log', params: { message: `notice ${i}` } }));
    const chunk = enc(`${lines.join('\n')}\n`);
    const decode = vi.spyOn(Buffer.prototype, 'toString');
    try {
      const { seen } = frame([chunk]);
      expect(seen).toEqual(lines.map((line) => ({ line })));
      expect(decode.mock.calls.length).toBe(1);
    } finally {
      decode.mockRestore();
    }
  });

  describe('lines taken from one decoding of their chunk keep no more of it alive than the lines a keeper holds', () => {
    // Such a line is a slice of its chunk's text, which a kept slice keeps whole. The trace keeps
    // the lines it is given, the last ones first: that is bounded by what it holds, as long as a
    // chunk with a line it does not keep whole (empty, or longer than it keeps) is never taken so.
    const KiB = 1024;

    /** The heap held by the last `keep` lines shorter than `shorter` of 100 chunks, each `chunk(i)`. */
    function heldByLast(keep: number, chunk: (i: number) => string, shorter = Number.POSITIVE_INFINITY): number {
      collectGarbage();
      const before = process.memoryUsage().heapUsed;
      const kept: string[] = [];
      const framing = new LineFraming({ line: (line) => line.length < shorter && kept.push(line) > keep && kept.shift(), refusal: () => undefined });
      for (let i = 0; i < 100; i++) framing.push(enc(chunk(i)));
      collectGarbage();
      const held = process.memoryUsage().heapUsed - before;
      expect(kept.length).toBeGreaterThan(0);
      return held;
    }

    it('chunks of short lines, the last 2,000 kept', () => {
      const short = (i: number) => Array.from({ length: 900 }, (_, j) => `{"notice":${i * 1_000 + j}}\n`).join('');
      // 2,000 lines of about 20 characters, and at most the two oldest chunks' other lines.
      expect(heldByLast(2_000, short)).toBeLessThan(512 * KiB);
    });

    it('a short line kept from each chunk that also holds a long one', () => {
      expect(heldByLast(100, (i) => `{"a short line":${i}}\n${'x'.repeat(60_000)}\n`, 100)).toBeLessThan(1_024 * KiB);
    });

    it('a short line kept from each chunk that also holds many empty ones', () => {
      expect(heldByLast(100, (i) => `{"a short line":${i}}\n${'\n'.repeat(60_000)}`, 100)).toBeLessThan(1_024 * KiB);
    });
  });

  it('stops at once when closed from a listener, in the middle of a chunk', () => {
    const seen: string[] = [];
    const framing: LineFraming = new LineFraming({
      line: (line) => {
        seen.push(line);
        framing.close();
      },
      refusal: () => undefined,
    });
    framing.push(enc('a\nb\nc\n'));
    expect(seen).toEqual(['a']);
  });
});
