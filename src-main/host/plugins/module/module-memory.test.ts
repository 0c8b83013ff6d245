// The memory a module plugin may take, over its whole component: all its memories together (and all
// its tables), however many core modules define one and however many times the component
// instantiates them. With real components written whole in WAT (fixtures/module-hog.wat,
// fixtures/module-two-memories.wat) that fill every memory they can grow; the host's memory is
// measured while the component holds what it took (it waits for a read), from after the worker
// started (jco loaded, the component transpiled), so only what the component took is counted.
import { afterEach, describe, expect, it } from 'vitest';
import { SKWIR_MODULE_MEMORY_BYTES } from '../../../../src-shared/skwir/limits';
import { disposeAllModules, fixtureWat, startModule } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

const MiB = 1_048_576;
/** Past the budget, what the host may grow by: a worker and its code, never a second budget. */
const SLACK = 64 * MiB;
const rss = () => process.memoryUsage().rss;

/** Starts the component; `held()` is the host's growth since then, at its read if it made one, else now. */
async function started(name: string) {
  let atRead: number | undefined;
  const h = await startModule({
    wat: fixtureWat(name),
    limits: { callMs: 120_000, initializeMs: 30_000 },
    onTrace: (direction, method) => {
      if (direction === 'fromTool' && method === 'read') atRead = rss();
    },
  });
  await h.plugin.start();
  const before = rss();
  return { h, held: () => (atRead ?? rss()) - before };
}

describe("a module plugin's memory", () => {
  it('refuses a component that instantiates its core module eight times to fill each memory: the call fails naming memory, the host stays bounded', async () => {
    const { h, held } = await started('module-hog.wat');
    const outcome = await h.field('fill');
    expect(outcome).toMatchObject({
      outcome: 'unavailable',
      message: expect.stringMatching(
        /with plugin\.core\d?\.wasm instantiated 2 times, its memories could grow to \d+ MiB together, over the 256 MiB a module plugin may use$/,
      ),
    });
    expect(h.plugin.state).toBe('failed');
    expect(h.logged('filled')).toBe(false);
    // Each memory capped alone, the eight took eight times the cap (2.2 GB here).
    expect(held()).toBeLessThan(SKWIR_MODULE_MEMORY_BYTES + SLACK);
    // The host goes on: another module plugin answers.
    const other = await startModule();
    expect(await other.field('answer')).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
  });

  it('shares 256 MiB among all the memories of a component: two memories each stop at 128 MiB, all of it held under the budget', async () => {
    const { h, held } = await started('module-two-memories.wat');
    expect(await h.field('fill')).toMatchObject({ outcome: 'failed', message: 'the plugin trapped: wasm `unreachable` instruction executed' });
    expect(h.logs.filter((line) => line.source === 'tool').map((line) => line.message)).toEqual(['hog stopped at 128 MiB', 'mem stopped at 128 MiB']);
    // Filled, so the memory the component held shows; each memory capped alone, it held 512 MiB.
    expect(held()).toBeGreaterThan(SKWIR_MODULE_MEMORY_BYTES * 0.75);
    expect(held()).toBeLessThan(SKWIR_MODULE_MEMORY_BYTES + SLACK);
  });
});
