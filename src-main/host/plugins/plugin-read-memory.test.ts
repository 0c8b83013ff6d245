// Reads served one at a time for a plugin: 64 reads of 4 MiB sent at once once held 64 files'
// worth of bytes, base64 and lines together (1.1 GB); now one read's at a time, and every read is
// still answered with its own bytes.
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { collectGarbage } from '../../test-support/gc';
import { disposeAllPlugins, startPlugin } from '../fixtures/plugin-harness';

afterEach(disposeAllPlugins);

const MiB = 1024 * 1024;
/** What the host holds: its heap and the bytes outside it (buffers). */
const held = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

it('holds about one read at a time for a plugin that sends 64 reads of 4 MiB at once, and answers each with its bytes', async () => {
  const h = startPlugin({ limits: { callMs: 120_000 } });
  const bytes = randomBytes(4 * MiB + 63);
  const path = h.file('blob.bin', bytes);
  // The process and its file thread are started before measuring.
  expect(await h.field('read:@1:0:1', path)).toMatchObject({ outcome: 'answered' });
  collectGarbage();
  const before = held();
  let peak = before;
  const sampler = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, held());
  }, 20);
  const outcome = await h.field('many-reads:64', path, { timeoutMs: 120_000 });
  clearInterval(sampler);
  peak = Math.max(peak, held());
  // Read i starts at offset i: each answer is 4 MiB of its own.
  const expected = Array.from({ length: 64 }, (_, offset) =>
    createHash('sha256')
      .update(bytes.subarray(offset, offset + 4 * MiB))
      .digest('hex'),
  );
  expect(outcome).toMatchObject({ outcome: 'answered', answer: { value: expected.join(' ') } });
  console.log(`64 reads of 4 MiB at once: the host held at most ${((peak - before) / MiB).toFixed(1)} MB more`);
  // One read is 4 MiB of bytes, 5.6 MB of base64 and its line: a few reads' worth at most, never 64.
  expect(peak - before).toBeLessThan(100 * MiB);
}, 180_000);
