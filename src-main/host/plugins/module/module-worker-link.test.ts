// The host's end of a module plugin's worker, with workers written for each test: one that does
// what a read of a file that never answers does to a thread (a stuck network disk): it waits inside
// the system, where ending the worker cannot reach it (a FIFO nobody writes stands for that file; a
// writer comes at the end so the thread can finish); and one that answers as the test tells it, to
// see when the host watches for an answer on the spot and when it goes back to its loop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { neverAnswers } from '../../fixtures/never-answers';
import { WorkerLink, type WorkerLinkOptions } from './module-worker-link';

describe.runIf(process.platform !== 'win32')("a module plugin's worker link", () => {
  it('lets a worker held by a file go past its bound: the call ends, the stop comes back, the worker is not waited for', async () => {
    const { folder, fifo, release } = neverAnswers('vitruvian-held-worker-');
    const script = join(folder, 'held-worker.mjs');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
workerData.told.postMessage({ type: 'ready' });
parentPort.on('message', () => {
  workerData.told.postMessage({ type: 'events', events: [{ type: 'log', level: 'info', message: 'reading' }] });
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
      // The file answers at last: the thread comes back and ends.
      release();
    }
  });

  /**
   * A worker that keeps the board's rules and answers each call with its params, as they say: after
   * `busyMs` of work, or once the file `afterFile` is there (the test writes it once the host's
   * loop has turned), or never; claiming `ms` of its own time.
   */
  const TOLD_WORKER = `import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
const { told, board: shared, words } = workerData;
const board = new Int32Array(shared);
const tell = (message) => {
  told.postMessage(message);
  Atomics.add(board, words.told, 1);
};
tell({ type: 'ready' });
parentPort.on('message', ({ id, params }) => {
  const until = performance.now() + (params.busyMs ?? 0);
  while (performance.now() < until) {}
  if (params.afterFile) while (!existsSync(params.afterFile)) {}
  if (params.never) for (;;) {}
  tell({ id, type: 'answered', text: JSON.stringify(params), ms: params.ms ?? 0, events: [] });
});
`;

  async function toldLink(options: Partial<WorkerLinkOptions>): Promise<{ link: WorkerLink; folder: string; done: () => Promise<void> }> {
    const folder = mkdtempSync(join(tmpdir(), 'vitruvian-told-worker-'));
    const script = join(folder, 'told-worker.mjs');
    writeFileSync(script, TOLD_WORKER);
    const link = await WorkerLink.start(
      {
        code: { script: '', cores: {} },
        script: pathToFileURL(script),
        onRead: () => Promise.resolve({ refused: 'no reads here' }),
        onEvents: () => {},
        onLogsDropped: () => {},
        onOutput: () => {},
        ...options,
      },
      20_000,
    );
    return { link, folder, done: async () => (await link.stop(), rmSync(folder, { recursive: true, force: true })) };
  }

  /** Which comes first: the call's end, or a turn of the host's loop begun as it was sent. */
  async function firstOf(call: Promise<unknown>, onTurn: () => void = () => {}): Promise<'answer' | 'loop'> {
    const turned = new Promise<'loop'>((resolve) =>
      setImmediate(() => {
        onTurn();
        resolve('loop');
      }),
    );
    return Promise.race([call.then(() => 'answer' as const), turned]);
  }

  it("takes a quick plugin's answer on the spot: the host's loop does not turn before it", async () => {
    // Bounded by the test's own timeout only: the worker works 20 ms, far longer than the loop takes to turn.
    const { link, done } = await toldLink({ answerWaitMs: 60_000 });
    try {
      const call = link.call(1, 'field', { first: 1, files: [], serve: false, params: { busyMs: 20, ms: 1 } });
      expect(await firstOf(call)).toBe('answer');
      expect(await call).toEqual({ type: 'answered', text: '{"busyMs":20,"ms":1}' });
    } finally {
      await done();
    }
  });

  it('does not watch for the answer of a plugin whose last call took long in its worker: the call is heard as a message', async () => {
    const { link, folder, done } = await toldLink({ answerWaitMs: 60_000 });
    try {
      // The first call is watched for; it says it took 100 s of its own.
      expect(await link.call(1, 'field', { first: 1, files: [], serve: false, params: { ms: 100_000 } })).toMatchObject({ type: 'answered' });
      // The next answers only once the host's loop has turned: watched for, it would hold the host for a minute.
      const afterFile = join(folder, 'the-loop-turned');
      const call = link.call(2, 'field', { first: 1, files: [], serve: false, params: { afterFile } });
      expect(await firstOf(call, () => writeFileSync(afterFile, ''))).toBe('loop');
      expect(await call).toEqual({ type: 'answered', text: JSON.stringify({ afterFile }) });
    } finally {
      await done();
    }
  });

  it('watches for an answer no longer than its bound: a call that never ends leaves the host its loop, and ends with the worker', async () => {
    const { link, done } = await toldLink({ answerWaitMs: 5 });
    const call = link.call(1, 'field', { first: 1, files: [], serve: false, params: { never: true } });
    expect(await firstOf(call)).toBe('loop');
    await done();
    expect(await call).toMatchObject({ type: 'exited' });
  });
});
