// What the host keeps for long of a tool's line (a log line, a remembered answer) is a copy: a
// slice, or a template holding one, keeps the whole string it came from alive, so a log line
// quoting a tool's 1 MiB line would hold the megabyte (10,000 such lines: 10 GB). The refused
// request's log line and trace: host.test.ts; a remembered answer: pending-requests.test.ts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describe as describeValue } from '../wire/message-shape';
import { readStderrLines } from './stderr-lines';
import { collectGarbage } from '../../test-support/gc';

/** The heap held by what `keep` returns for 100 different strings of 1 MB each (a fresh one each, as JSON.parse makes them). */
async function heldBy(keep: (huge: string) => string): Promise<number> {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept: string[] = [];
  for (let i = 0; i < 100; i++) kept.push(keep(JSON.parse(JSON.stringify(`${i} ${'x'.repeat(1_000_000)}`)) as string));
  // What the work queued for later (a stream's next tick) still holds is let go first.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const held = process.memoryUsage().heapUsed - before;
  expect(kept).toHaveLength(100);
  return held;
}

const MB = 2 ** 20;

describe('pieces of a tool line the host keeps', () => {
  it('the value named in a protocol problem', async () => {
    expect(await heldBy((huge) => `"method" must be text, not ${describeValue(huge)}`)).toBeLessThan(10 * MB);
  });

  it('a line of standard error cut from a big chunk', async () => {
    expect(
      await heldBy((huge) => {
        const lines: string[] = [];
        const stream = new PassThrough();
        readStderrLines(stream, (line) => lines.push(line));
        stream.emit('data', `a line of standard error\n${huge}`);
        return lines[0]!;
      }),
    ).toBeLessThan(10 * MB);
  });
});
