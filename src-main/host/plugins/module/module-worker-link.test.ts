// The host's end of a module plugin's worker, with a worker that does what a read of a file that
// never answers does to a thread (a stuck network disk): it waits inside the system, where ending
// the worker cannot reach it. Here a FIFO nobody writes stands for that file; a writer comes at the
// end so the thread can finish.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WorkerLink } from './module-worker-link';

describe.runIf(process.platform !== 'win32')("a module plugin's worker link", () => {
  it('lets a worker held by a file go past its bound: the call ends, the stop comes back, the worker is not waited for', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vitruvian-held-worker-'));
    const fifo = join(folder, 'never-answers');
    execFileSync('mkfifo', [fifo]);
    const script = join(folder, 'held-worker.mjs');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', () => {
  parentPort.postMessage({ type: 'events', events: [{ type: 'log', level: 'info', message: 'reading' }] });
  readFileSync(${JSON.stringify(fifo)});
});
`,
    );
    let reading = false;
    const letGo: number[] = [];
    const link = await WorkerLink.start(
      {
        code: { script: '', cores: {} },
        script: pathToFileURL(script),
        letGoMs: 300,
        onLetGo: (seconds) => letGo.push(seconds),
        onRead: () => Promise.resolve({ refused: 'no reads here' }),
        onEvents: () => (reading = true),
        onLogsDropped: () => {},
        onOutput: () => {},
      },
      20_000,
    );
    try {
      const call = link.call(1, 'field', { first: 1, files: [], serve: false, params: {} });
      await expect.poll(() => reading, { timeout: 25_000 }).toBe(true);
      await link.stop();
      expect(await call).toEqual({ type: 'exited', message: 'the worker did not end within 0.3 s (held by a file) and was let go' });
      expect(link.ending).toEqual({ code: 'exited', exitCode: null });
      // Said once, with the bound it was held past.
      expect(letGo).toEqual([0.3]);
    } finally {
      // The file answers at last (a writer comes and goes: the read gets its end): the thread comes
      // back and ends. Not waiting for a reader: the thread is one.
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
