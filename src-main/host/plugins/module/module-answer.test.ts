// A module plugin's answer over the limit (fixtures/module-plugin.wat, `huge`: 200 MiB of "a" in its
// memory) is refused in the worker before it becomes a string, so neither the worker nor the host
// holds a copy: the call fails naming the size, and the host's memory grows by the component's own
// memory only, and gets it back when the worker that made it is ended. Alone in its file: the
// process's peak memory (maxRSS) is this test's.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllModules, startModule } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

const MiB = 1_048_576;
const peak = () => process.resourceUsage().maxRSS * 1024;

describe("a module plugin's answer over the limit", () => {
  it('is refused naming its size, never copied: the host grows by the memory the component filled, not by the answer again', async () => {
    const h = await startModule({ limits: { callMs: 60_000 } });
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered' });
    const before = process.memoryUsage().rss;
    expect(await h.field('huge')).toMatchObject({
      outcome: 'failed',
      malformed: true,
      message: "the plugin's answer to field is malformed: 209,715,200 bytes, over the 67,108,864 an answer may have",
    });
    // 200 MiB the component filled in its memory; a string of it (and a copy in the host, its trace) would be as much again each.
    expect(peak() - before).toBeLessThan(200 * MiB + 64 * MiB);
    expect(h.trace.every((line) => line.text.length < 1_000)).toBe(true);
    // The memory the component filled is given back with its worker, not held till its next trap.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
  });

  it('fails the call of a log line over the limit, naming its size, and answers the next', async () => {
    const h = await startModule({ limits: { callMs: 60_000 } });
    expect(await h.field('hugelog')).toMatchObject({
      outcome: 'failed',
      message: 'the plugin logged a line of 209,715,200 bytes, over the 67,108,864 a line may have',
    });
    expect(h.logs.filter((line) => line.source === 'tool')).toEqual([]);
    expect(await h.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
  });
});
