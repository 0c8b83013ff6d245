import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStderrLines } from './stderr-lines';

async function linesOf(chunks: (string | Buffer)[], maxChars?: number): Promise<string[]> {
  const stream = new PassThrough();
  const lines: string[] = [];
  readStderrLines(stream, (line) => lines.push(line), maxChars);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await new Promise((resolve) => stream.on('end', resolve));
  return lines;
}

describe('readStderrLines', () => {
  it('splits on line breaks, drops a \\r before them, and logs the last line without one', async () => {
    expect(await linesOf(['warn: a\r\nsec', 'ond\n\nlast'])).toEqual(['warn: a', 'second', 'last']);
  });

  it('decodes characters split across chunks, and shows bad bytes as replacement characters', async () => {
    const euro = Buffer.from('€\n');
    expect(await linesOf([euro.subarray(0, 1), euro.subarray(1), Buffer.from([0xff, 0x0a])])).toEqual(['€', '\ufffd']);
  });

  it('cuts a long line, keeping its head, and goes on with the next', async () => {
    const lines = await linesOf(['x'.repeat(10), 'y'.repeat(10), '\nnext\n'], 8);
    expect(lines).toEqual(['xxxxxxxx... (12+ more characters cut)', 'next']);
  });
});
