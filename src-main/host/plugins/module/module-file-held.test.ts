// A module plugin's call whose file gives no answer while its worker describes it (a disk or network
// share that stopped responding): the worker's thread waits inside the system, where neither the
// call's end nor ending the worker reaches it. The real worker runs, with the system's realpath of
// one path standing still in the open of a FIFO nobody writes; a writer comes at the end so the
// thread can finish.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllModules, startModule } from '../../fixtures/module-harness';
import { neverAnswers } from '../../fixtures/never-answers';

afterEach(disposeAllModules);

const LET_GO = 'its worker, held by a file that gave no answer, did not end within 0.3 s and was let go';

describe.runIf(process.platform !== 'win32')('a module call whose file gives no answer', () => {
  it("is refused naming the file once the file step's bound has passed, long before the call's own, and the next call gets a new worker", async () => {
    const { folder, fifo, release } = neverAnswers('vitruvian-held-file-');
    const script = join(folder, 'held-describe.mjs');
    writeFileSync(
      script,
      `import fs from 'node:fs';
const realpath = fs.realpathSync.native;
fs.realpathSync.native = (path, ...rest) => {
  if (path.endsWith('/stuck.txt')) fs.readFileSync(${JSON.stringify(fifo)});
  return realpath(path, ...rest);
};
await import(${JSON.stringify(new URL('./module-worker.mjs', import.meta.url).href)});
`,
    );
    // The call's own limit (8 s) is far past the file step's.
    const h = await startModule({ fileStepMs: 300, workerScript: pathToFileURL(script) });
    try {
      const other = h.file('other.txt', 'a line\n');
      const stuck = h.file('stuck.txt', 'never read');
      // A command on two files: the second is the one that holds the worker, and is the one named.
      const outcome = await h.plugin.call({ method: 'command', params: { command: 'count' }, files: [other, stuck] });
      expect(outcome).toEqual({
        ms: 0,
        outcome: 'unavailable',
        message: `${stuck}: it gave no answer within 0.3 s (a disk or network share that stopped responding?)`,
        reasonCode: { code: 'fileNotGiven', path: stuck, problem: { code: 'noAnswer', seconds: 0.3 } },
      });
      // Its worker was ended (and, held, let go), said in the plugin's log; the component never got
      // the call, so nothing of it is traced.
      expect(h.logged('its worker was ended; the next call starts a fresh one')).toBe(true);
      expect(h.logged(LET_GO)).toBe(true);
      expect(h.trace.filter((line) => line.method === 'field')).toEqual([]);

      // The next call runs in a fresh worker and is answered.
      expect(await h.field('answer', { file: other })).toMatchObject({ outcome: 'answered', answer: { value: 'hello' } });
      expect(h.logs.filter((line) => line.message.startsWith('started (a worker thread'))).toHaveLength(2);
    } finally {
      // The file answers at last: the held thread comes back and ends.
      release();
    }
  });

  it('is left to its own limit when no file is being described: a component that runs long is not blamed on its file', async () => {
    const h = await startModule({ fileStepMs: 100, limits: { callMs: 1_000 } });
    expect(await h.field('hang')).toMatchObject({ outcome: 'cancelled', why: 'timeout' });
  });
});
