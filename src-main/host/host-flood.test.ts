// docs/design/performance.md: a tool flooding a million log notices leaves the host's memory bounded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost } from './host';
import { logDefaults } from './records/logs';
import { collectGarbage } from '../test-support/gc';

const flood = fileURLToPath(new URL('./fixtures/host-flood', import.meta.url));
const paster = fileURLToPath(new URL('./fixtures/host-paster', import.meta.url));

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
    collectGarbage();
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
    collectGarbage();
    const after = process.memoryUsage();
    const kept = after.heapUsed - before.heapUsed;
    console.log(
      `flood: resident memory grew at most ${((peak - before.rss) / 2 ** 20).toFixed(1)} MB, ${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MB after; the heap kept ${(kept / 2 ** 20).toFixed(1)} MB`,
    );
    // Keeping every line would hold a few hundred MB; the ring of 10,000 lines holds a few. (The
    // resident peak, garbage not yet collected included, is printed: a figure, not a timed test.)
    expect(kept).toBeLessThan(30 * 2 ** 20);
  } finally {
    await host.dispose();
    await rm(data, { recursive: true, force: true });
  }
}, 120_000);

it('keeps a bounded preview of each service call when a tool pastes 300 texts of 1 MB', async () => {
  const data = await mkdtemp(join(tmpdir(), 'vt-paste-flood-'));
  const platform = new SimulatedPlatform();
  const host = await createHost({ dataFolder: data, platform, services: 'simulated' });
  try {
    expect((await host.loadInPlace(paster)).ok).toBe(true);
    expect(await host.start('test.host.paster')).toEqual({ ok: true });
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    expect(await host.runCommand('test.host.paster', 'paste')).toEqual({ outcome: 'done' });
    collectGarbage();
    const kept = process.memoryUsage().heapUsed - before;
    console.log(`paste flood: the heap kept ${(kept / 2 ** 20).toFixed(1)} MB`);
    const calls = await host.readServiceCalls();
    expect(calls).toHaveLength(300);
    const text = calls.at(-1)!.params.text as string;
    expect(text).toHaveLength(2_000);
    expect(text).toMatch(/^299 x+… \(998,\d{3} more characters\)$/);
    expect(platform.calls.map((call) => String(call.args[0]).length)).toEqual(calls.map(() => 2_000));
    // Keeping the texts whole would hold 300 MB (twice: the host's list and the platform's record).
    expect(kept).toBeLessThan(30 * 2 ** 20);
  } finally {
    await host.dispose();
    await rm(data, { recursive: true, force: true });
  }
}, 120_000);
