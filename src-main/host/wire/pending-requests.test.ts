import { describe, expect, it } from 'vitest';
import { PendingRequests } from './pending-requests';
import { collectGarbage } from '../../test-support/gc';

describe('PendingRequests', () => {
  it('remembers a first answer by its first characters only, keeping nothing of a huge line', async () => {
    const pending = new PendingRequests();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // 40 answers of 2 MB each (a Skwir answer may be 64 MiB): keeping them would hold 80 MB or more.
    for (let id = 1; id <= 40; id++) {
      const answer = pending.add(id, 'convert', undefined);
      pending.answer(id, { result: {} }, `{"jsonrpc":"2.0","id":${id},"result":{"data":"${String(id).repeat(2_000_000).slice(0, 2_000_000)}"}}`);
      await answer;
    }
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 2 ** 20);
    // Still named as answered twice, quoting the start of the first answer.
    const again = pending.answer(7, { result: {} }, '{}');
    expect(again).toMatchObject({ matched: false, answeredBefore: { method: 'convert', text: expect.stringMatching(/^\{"jsonrpc":"2\.0","id":7,.*\.\.\.$/) } });
    expect((again as { answeredBefore: { text: string } }).answeredBefore.text).toHaveLength(120);
  });
});
