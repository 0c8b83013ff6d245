import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src-shared/host-api';
import { answerTime, pairTrace, rowFirst, rowLines, type TraceRow } from './trace-pairs';

let seq = 0;
const traced = (direction: TraceLine['direction'], message: object | string, time = seq, method?: string): TraceLine => {
  const text = typeof message === 'string' ? message : JSON.stringify({ jsonrpc: '2.0', ...message });
  const named = method ?? (typeof message === 'object' && 'method' in message ? String(message.method) : undefined);
  return { seq: ++seq, time, direction, text, ...(named === undefined ? {} : { method: named }) };
};
const toTool = (message: object | string, time?: number, method?: string) => traced('toTool', message, time, method);
const fromTool = (message: object | string, time?: number, method?: string) => traced('fromTool', message, time, method);

/** Each row as its lines' seqs, and what it is. */
const shape = (rows: TraceRow[]) =>
  rows.map(
    (row) =>
      `${row.kind} ${rowLines(row)
        .map((line) => line.seq)
        .join('+')}`,
  );

describe('pairing the trace', () => {
  it('puts a request and its answer on one row, both ways, with the time between them; a notice alone', () => {
    const run = toTool({ id: 1, method: 'command/run', params: { command: 'copy' } }, 1_000);
    const write = fromTool({ id: 'w1', method: 'clipboard/writeText', params: { text: 'hi' } }, 1_003);
    const log = fromTool({ method: 'log', params: { message: 'copied' } }, 1_004);
    const written = toTool({ id: 'w1', result: {} }, 1_005, 'clipboard/writeText');
    const ran = fromTool({ id: 1, result: {} }, 1_012, 'command/run');
    const rows = pairTrace([run, write, log, written, ran]);
    expect(rows).toEqual([
      { kind: 'exchange', request: run, answer: ran },
      { kind: 'exchange', request: write, answer: written },
      { kind: 'message', line: log },
    ]);
    expect(answerTime(run, ran)).toBe(12);
    expect(answerTime(write, written)).toBe(2);
  });

  it('shows a request with no answer yet as waiting, and an answer whose request is not held alone', () => {
    const orphan = fromTool({ id: 4, result: {} }, 0, 'command/run'); // its request was dropped
    const asked = toTool({ id: 5, method: 'command/run', params: { command: 'slow' } });
    const rows = pairTrace([orphan, asked]);
    expect(rows).toEqual([
      { kind: 'answer', line: orphan },
      { kind: 'exchange', request: asked, answer: undefined },
    ]);
  });

  it('pairs by id and direction: 7 and "7" differ, and a tool’s request never takes the answer to the host’s', () => {
    const hostAsks = toTool({ id: 7, method: 'command/run', params: {} });
    const toolAsks = fromTool({ id: 7, method: 'storage/get', params: { key: 'k' } });
    const textId = fromTool({ id: '7', result: {} });
    const hostAnswers = toTool({ id: 7, result: { value: null } }, undefined, 'storage/get');
    const toolAnswers = fromTool({ id: 7, result: {} }, undefined, 'command/run');
    expect(shape(pairTrace([hostAsks, toolAsks, textId, hostAnswers, toolAnswers]))).toEqual([
      `exchange ${hostAsks.seq}+${toolAnswers.seq}`,
      `exchange ${toolAsks.seq}+${hostAnswers.seq}`,
      `answer ${textId.seq}`,
    ]);
  });

  it('gives an answer to the latest request of its id, and a new session (initialize) starts afresh', () => {
    const first = fromTool({ id: 1, method: 'storage/get', params: {} });
    const again = fromTool({ id: 1, method: 'storage/get', params: {} });
    const answer = toTool({ id: 1, result: {} });
    const second = toTool({ id: 1, result: {} });
    const lost = toTool({ id: 3, method: 'command/run', params: {} }); // the tool crashed before answering
    const init = toTool({ id: 1, method: 'initialize', params: {} });
    const initialized = fromTool({ id: 1, result: { protocol: 1 } });
    const rerun = toTool({ id: 3, method: 'command/run', params: {} });
    const rerunDone = fromTool({ id: 3, result: {} });
    expect(shape(pairTrace([first, again, answer, second, lost, init, initialized, rerun, rerunDone]))).toEqual([
      `exchange ${first.seq}`,
      `exchange ${again.seq}+${answer.seq}`,
      `answer ${second.seq}`,
      `exchange ${lost.seq}`,
      `exchange ${init.seq}+${initialized.seq}`,
      `exchange ${rerun.seq}+${rerunDone.seq}`,
    ]);
  });

  it('reads a line the host cut to its readable length by the keys it still holds', () => {
    const read = fromTool({ id: 9, method: 'read', params: { file: 1, offset: 0, length: 65_536 } });
    const data = toTool(`{"jsonrpc":"2.0","id":9,"result":{"data":"${'A'.repeat(4_000)}… (80000 more characters)`, undefined, 'read');
    const cutRequest = toTool(`{"jsonrpc":"2.0","method":"convert","params":{"path":"${'x'.repeat(4_000)}… (9 more characters)`);
    expect(shape(pairTrace([read, data, cutRequest]))).toEqual([`exchange ${read.seq}+${data.seq}`, `message ${cutRequest.seq}`]);
  });

  it('takes keys in any order and spacing, written with escapes, and leaves what is no request or answer alone', () => {
    const asked = toTool('{ "params" : {"a":[1,{"id":2}]} , "method":"command/run", "\\u0069d" : 2 ,"jsonrpc":"2.0"}');
    const answered = fromTool('{"result":{"method":"not this"},"id":2.0,"jsonrpc":"2.0"}');
    const others = [
      fromTool('not JSON at all'),
      fromTool({ id: null, error: { code: -32700, message: 'not JSON' } }),
      fromTool({ id: 1.5, result: {} }),
      fromTool({ id: 3, method: 7 }),
      fromTool({ id: 3 }),
      fromTool('[{"jsonrpc":"2.0","id":3,"result":{}}]'),
      { ...fromTool({ id: 2, result: {} }), notUtf8: true as const },
    ];
    expect(shape(pairTrace([asked, answered, ...others]))).toEqual([`exchange ${asked.seq}+${answered.seq}`, ...others.map((line) => `message ${line.seq}`)]);
  });

  it('keeps every line in exactly one row, in order, whatever a hostile tool sends, and no more rows than lines', () => {
    const lines: TraceLine[] = [];
    for (let i = 0; i < 20_000; i++) {
      const pick = i % 5;
      if (pick === 0) lines.push(toTool({ id: i % 7, method: 'command/run', params: {} }));
      else if (pick === 1)
        lines.push(fromTool({ id: i % 3, result: {} })); // ids used again and again
      else if (pick === 2)
        lines.push(fromTool({ id: 1_000_000 + i, result: {} })); // never asked
      else if (pick === 3) lines.push(fromTool({ id: i % 11, method: 'storage/get', params: {} }));
      else lines.push(toTool({ id: i % 11, error: { code: -32000, message: 'no' } }));
    }
    const rows = pairTrace(lines);
    expect(rows.length).toBeLessThanOrEqual(lines.length);
    expect(
      rows
        .flatMap(rowLines)
        .map((line) => line.seq)
        .sort((a, b) => a - b),
    ).toEqual(lines.map((line) => line.seq));
    const firsts = rows.map((row) => rowFirst(row).seq);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    for (const row of rows) if (row.kind === 'exchange' && row.answer) expect(row.answer.seq).toBeGreaterThan(row.request.seq);
  });
});
