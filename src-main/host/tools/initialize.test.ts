// Protocol 1's initialize over a real peer and link in memory: sent first, nothing taken before its
// answer, the app's output held meanwhile and bounded.
import { describe, expect, it } from 'vitest';
import { createMemoryLink } from '../../test-support/memory-link';
import { Peer } from '../wire/peer';
import type { ProtocolProblem } from '../wire/peer-contract';
import { judgeInitializeAnswer, sendInitializeFirst } from './initialize';

/** A notice written last: once it is handled or turned away, every line before it was handled. */
const MARKER = 'test/settled';

function setup() {
  const link = createMemoryLink();
  const problems: ProtocolProblem[] = [];
  let marked = () => {};
  const peer = new Peer(link.app.reader, link.app.writer, {
    onProtocolError: (problem) => (problem.message.includes(MARKER) ? marked() : problems.push(problem)),
  });
  peer.onNotice(MARKER, () => marked());
  const received: unknown[] = [];
  link.tool.reader.onLine((line) => received.push(JSON.parse(line)));
  const toolWrites = (text: string) => link.tool.output.write(text);
  /** Waits until the peer handled every line written so far. */
  const handled = () =>
    new Promise<void>((resolve) => {
      marked = resolve;
      toolWrites(`{"jsonrpc":"2.0","method":"${MARKER}"}\n`);
    });
  return { peer, problems, received, toolWrites, handled };
}

describe("protocol 1's initialize", () => {
  it('holds at most 4 MiB of output before its answer: refusals of requests with huge ids past it are dropped, and said so', async () => {
    const { peer, problems, received, toolWrites, handled } = setup();
    const { answer } = sendInitializeFirst(peer, {}, 5_000);
    const id = 'i'.repeat(500_000);
    for (let n = 0; n < 20; n++) toolWrites(`{"jsonrpc":"2.0","id":"${id}${n}","method":"notify/beep"}\n`);
    await handled();
    expect(problems.filter((p) => p.kind === 'screenedOut')).toHaveLength(20);
    expect(problems[0]!.message).toMatch(
      /^the request notify\/beep \(id "i+\.\.\.\) came before initialize was answered; not carried out \(answered -32600\)$/,
    );
    const dropped = problems.filter((p) => p.kind === 'queueFull');
    expect(dropped.length).toBeGreaterThanOrEqual(12);
    expect(dropped[0]!.message).toBe('more than 4,194,304 characters of output waited for initialize; notify/beep was dropped');
    expect(received).toEqual([expect.objectContaining({ method: 'initialize' })]);
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{}}\n');
    await answer;
    peer.releaseOutput();
    await expect.poll(() => received.length).toBe(1 + 20 - dropped.length);
    expect(JSON.stringify(received).length).toBeLessThanOrEqual(4 * 2 ** 20 + 20 * 200);
    expect(received.slice(1)).toEqual(
      Array.from({ length: 20 - dropped.length }, () => ({
        jsonrpc: '2.0',
        id: expect.stringMatching(/^i+\d+$/) as unknown,
        error: { code: -32600, message: 'sent before initialize was answered: until it is, nothing else may be sent' },
      })),
    );
    peer.dispose();
  });

  it('takes what follows its answer in the same read', async () => {
    const { peer, problems, received, toolWrites } = setup();
    peer.onRequest('notify/beep', () => ({}));
    const { answer } = sendInitializeFirst(peer, {}, 5_000);
    toolWrites('{"jsonrpc":"2.0","id":1,"result":{"protocol":1}}\n{"jsonrpc":"2.0","id":"b","method":"notify/beep"}\n');
    expect(judgeInitializeAnswer(await answer)).toEqual({ version: 'unknown' });
    peer.releaseOutput();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toEqual({ jsonrpc: '2.0', id: 'b', result: {} });
    expect(problems).toEqual([]);
    peer.dispose();
  });
});
