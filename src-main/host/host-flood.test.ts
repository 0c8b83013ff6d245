// DESIGN.md section 7: a tool flooding a million log notices leaves the host's memory bounded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost } from './host';
import { logDefaults } from './logs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const flood = fileURLToPath(new URL('./fixtures/host-flood', import.meta.url));

it('keeps the newest log lines only when a tool writes a million log notices', async () => {
  const data = await mkdtemp(join(tmpdir(), 'vt-flood-'));
  const host = await createHost({ dataFolder: data, platform: new SimulatedPlatform(), services: 'simulated' });
  let heard = 0;
  host.subscribe((event) => {
    if (event.type === 'log') heard++;
  });
  try {
    expect((await host.loadInPlace(flood)).ok).toBe(true);
    expect(await host.start('test.host.flood')).toEqual({ ok: true });
    gc();
    const before = process.memoryUsage();
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const outcome = await host.runCommand('test.host.flood', 'flood');
    clearInterval(sampler);
    expect(outcome).toEqual({ outcome: 'done' });
    const lines = await host.readLog('test.host.flood');
    expect(lines).toHaveLength(logDefaults.maxLines);
    expect(lines.at(-1)!.message).toBe('notice 1000000 of 1000000');
    expect(heard).toBeGreaterThanOrEqual(1_000_000);
    gc();
    const after = process.memoryUsage();
    const kept = after.heapUsed - before.heapUsed;
    console.log(`flood: resident memory grew at most ${((peak - before.rss) / 2 ** 20).toFixed(1)} MB, ${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MB after; the heap kept ${(kept / 2 ** 20).toFixed(1)} MB`);
    // Keeping every line would hold a few hundred MB; the ring of 10,000 lines holds a few. (The
    // resident peak, garbage not yet collected included, is printed: a figure, not a timed test.)
    expect(kept).toBeLessThan(30 * 2 ** 20);
  } finally {
    await host.dispose();
    await rm(data, { recursive: true, force: true });
  }
}, 120_000);
