// The files of calls still queued, described ahead in the plugin's file thread, several in one
// step (bench/many-files.ts: a message each way costs more than describing a small file), and the
// queue that sends the next call the moment the plugin answered, before that answer is judged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileStepError, FileThread } from './file-thread';
import { GivenFileRefusal } from './given-file';
import { CallQueue, type CallOutcome, type CallRequest } from './plugin-calls';
import { PluginReads } from './plugin-reads';

let folder: string;
const stopping: { stop(): void }[] = [];
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'vitruvian-described-ahead-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  stopping.splice(0).forEach((thread) => thread.stop());
  rmSync(folder, { recursive: true, force: true });
});

const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

describe('files described several in one step', () => {
  it('describes each file as describe() does, a missing one and a folder each with its own answer', async () => {
    const thread = new FileThread();
    stopping.push(thread);
    const small = file('small.txt', 'twelve bytes');
    mkdirSync(join(folder, 'inner'));
    const described = await thread.describeMany([
      { path: small, whole: 1024 },
      { path: join(folder, 'gone.txt') },
      { path: join(folder, 'inner') },
      { path: small },
    ]);
    expect(described).toHaveLength(4);
    expect(described[0]).toMatchObject({ size: 12n });
    expect((described[0] as { bytes?: Buffer }).bytes?.toString()).toBe('twelve bytes');
    expect(described[1]).toBeInstanceOf(FileStepError);
    expect(described[1]).toMatchObject({ code: 'ENOENT', step: 'describe' });
    expect(described[2]).toMatchObject({ kind: 'a folder' });
    // Not asked whole: described only.
    expect(described[3]).toEqual(await thread.describe(small));
  });
});

describe('the files of calls queued next', () => {
  it('are described in one step, and each call takes its own under its handles, with the bytes they had then', async () => {
    const many = vi.spyOn(FileThread.prototype, 'describeMany');
    const reads = new PluginReads(['read']);
    stopping.push(reads);
    const calls = [[file('a.txt', 'aaa')], [file('b.txt', 'bbbb')], [file('c.txt', 'ccccc')]];
    reads.describeAhead(calls);
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]![0]).toHaveLength(3);
    // The next call's files are on their way: nothing more is asked of the thread.
    reads.describeAhead(calls);
    expect(many).toHaveBeenCalledTimes(1);
    const first = await reads.describe(calls[0]!);
    writeFileSync(calls[1]![0]!, 'written since');
    const second = await reads.describe(calls[1]!);
    expect(first.callFiles).toMatchObject([{ handle: 1, name: 'a.txt', size: 3 }]);
    expect(second.callFiles).toMatchObject([{ handle: 2, name: 'b.txt', size: 4 }]);
    reads.opened(second);
    expect((await reads.serve({ file: 2, offset: 0, length: 100 })).toString()).toBe('bbbb');
    expect(many).toHaveBeenCalledTimes(1);
  });

  it('describes again, when it is sent, a call whose file was no file; a relative path is never looked at', async () => {
    const many = vi.spyOn(FileThread.prototype, 'describeMany');
    const reads = new PluginReads(['read']);
    stopping.push(reads);
    const missing = [join(folder, 'missing.txt')];
    const relative = ['notes/relative.txt'];
    const fine = [file('fine.txt', 'fine')];
    reads.describeAhead([missing, relative, fine]);
    expect(many.mock.calls[0]![0].map((asked) => asked.path)).toEqual([missing[0], fine[0]]);
    await expect(reads.describe(missing)).rejects.toEqual(new GivenFileRefusal(missing[0]!, { code: 'missing' }));
    await expect(reads.describe(relative)).rejects.toEqual(new GivenFileRefusal(relative[0]!, { code: 'relativePath' }));
    expect((await reads.describe(fine)).callFiles).toMatchObject([{ handle: 3, name: 'fine.txt' }]);
  });

  it('are taken at once by the call sent once they are in, and not before: nothing is taken while the step is under way', async () => {
    const many = vi.spyOn(FileThread.prototype, 'describeMany');
    const reads = new PluginReads(['read']);
    stopping.push(reads);
    const calls = [[file('a.txt', 'aaa')], [file('b.txt', 'bbbb')]];
    reads.describeAhead(calls);
    // The step has not answered yet: the call would wait for it (describe()), with the handle it would have had.
    expect(reads.describedNow(calls[0]!)).toBeUndefined();
    // The step answered (a thread's start can take seconds on a busy machine), then a few turns of promises.
    await many.mock.results[0]!.value;
    const first = await vi.waitFor(() => {
      const files = reads.describedNow(calls[0]!);
      if (!files) throw new Error('not described yet');
      return files;
    });
    expect(first.callFiles).toMatchObject([{ handle: 1, name: 'a.txt', size: 3 }]);
    // Taken once: asked again, it is no longer there to take.
    expect(reads.describedNow(calls[0]!)).toBeUndefined();
    expect(reads.describedNow([file('never-ahead.txt', 'n')])).toBeUndefined();
    expect((await reads.describe(calls[1]!)).callFiles).toMatchObject([{ handle: 2, name: 'b.txt', size: 4 }]);
    expect(many).toHaveBeenCalledTimes(1);
  });

  it('are let go when the plugin stops: a call still queued describes its file as it is when sent', async () => {
    const many = vi.spyOn(FileThread.prototype, 'describeMany');
    const reads = new PluginReads(['read']);
    stopping.push(reads);
    const call = [file('notes.txt', 'before')];
    reads.describeAhead([call]);
    await many.mock.results[0]!.value;
    writeFileSync(call[0]!, 'after the plugin stopped');
    reads.stop();
    reads.restart();
    const files = await reads.describe(call);
    expect(files.callFiles).toMatchObject([{ handle: 1, size: 24 }]);
  });
});

describe('the queue', () => {
  const answered = (value: string): CallOutcome => ({ ms: 1, outcome: 'answered', answer: { value } as never, files: { first: 1, count: 1 } });
  const request = (key: string): CallRequest => ({ method: 'field', params: { key }, files: [] });
  const log = { log: () => {}, hostLog: () => {} };
  /** A queue whose calls are sent by `send`, given each call's key; the keys sent, in order. */
  const queueSending = (send: (key: string, free: () => void) => Promise<CallOutcome>) => {
    const sent: string[] = [];
    const queue = new CallQueue({
      idleMs: 60_000,
      running: () => false,
      log,
      idle: () => {},
      send: (call, free) => {
        const key = call.params.key as string;
        sent.push(key);
        return send(key, free);
      },
    });
    return { queue, sent };
  };

  it('sends the next call the moment the plugin answered, and hands on the outcomes in order', async () => {
    let judge!: () => void;
    const judged = new Promise<void>((resolve) => (judge = resolve));
    const { queue, sent } = queueSending(async (key, free) => {
      if (key !== 'first') return answered(key);
      // The first's answer is in; its outcome waits (being judged).
      free();
      await judged;
      return answered(key);
    });
    const handed: string[] = [];
    const first = queue.call(request('first')).then((outcome) => handed.push(`first ${outcome.outcome}`));
    const second = queue.call(request('second')).then((outcome) => handed.push(`second ${outcome.outcome}`));
    await expect.poll(() => sent).toEqual(['first', 'second']);
    expect(handed).toEqual([]);
    judge();
    await Promise.all([first, second]);
    expect(handed).toEqual(['first answered', 'second answered']);
    queue.dispose();
  });

  it('sends the next call in the very turn the one before is freed, not a turn later', async () => {
    let freeFirst!: () => void;
    const { queue, sent } = queueSending((key, free) => {
      if (key !== 'first') return Promise.resolve(answered(key));
      freeFirst = free;
      // Its outcome is still being made.
      return new Promise<CallOutcome>(() => {});
    });
    void queue.call(request('first'));
    const second = queue.call(request('second'));
    expect(sent).toEqual(['first']);
    freeFirst();
    expect(sent).toEqual(['first', 'second']);
    // Freed twice (its answer, then its end) it sends nothing more.
    freeFirst();
    expect(sent).toEqual(['first', 'second']);
    queue.dispose();
    // The second's outcome waits for the first's to be handed on, which never comes here.
    void second;
  });

  it('hands on outcomes in the order the calls were sent, even when a call is freed within its own sending', async () => {
    const finish = new Map<string, () => void>();
    let freeFirst!: () => void;
    const { queue, sent } = queueSending((key, free) => {
      if (key === 'first') freeFirst = free;
      // The second frees the queue before its send has even returned; the third is answered at once.
      if (key === 'second') free();
      if (key === 'third') return Promise.resolve(answered(key));
      return new Promise<CallOutcome>((resolve) => finish.set(key, () => resolve(answered(key))));
    });
    const handed: string[] = [];
    const outcomes = ['first', 'second', 'third'].map((key) => queue.call(request(key)).then(() => handed.push(key)));
    freeFirst();
    expect(sent).toEqual(['first', 'second', 'third']);
    finish.get('first')!();
    await outcomes[0];
    finish.get('second')!();
    await Promise.all(outcomes);
    expect(handed).toEqual(['first', 'second', 'third']);
    queue.dispose();
  });
});
