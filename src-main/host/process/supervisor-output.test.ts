// Tools whose output is not what it should be: floods, garbage, oversize and CRLF lines. The
// host answers as the protocol says, logs each problem, and the link goes on. Real processes.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllHarnesses, startHarness } from '../fixtures/harness';

afterEach(disposeAllHarnesses);

describe('ToolSupervisor reading a misbehaving tool', () => {
  it('refuses an 8 MiB line with no break inside, and goes on', async () => {
    const h = startHarness('flood-tool.mjs');
    await h.tool.start();
    expect(await h.tool.runCommand('bigline')).toEqual({ outcome: 'done' });
    expect(h.logged('tool', 'after the flood')).toBe(true);
    expect(h.logs.filter((l) => l.source === 'protocol')).toEqual([
      {
        level: 'warn',
        source: 'protocol',
        message: 'a line is over the 1,048,576 bytes a line may hold; its bytes were discarded (answered -32600)',
      },
    ]);
  });

  it('takes 100,000 log notices in a row', async () => {
    const h = startHarness('flood-tool.mjs');
    await h.tool.start();
    expect(await h.tool.runCommand('logs')).toEqual({ outcome: 'done' });
    const lines = h.logs.filter((l) => l.source === 'tool');
    expect(lines).toHaveLength(100_000);
    expect(lines[99_999]).toEqual({ level: 'debug', source: 'tool', message: 'line 99999' });
  });

  it('answers garbage, oversize and lone \\r lines, keeps \\r in CRLF lines, and goes on', async () => {
    const h = startHarness('garbage-tool.mjs');
    await h.tool.start();
    expect(await h.tool.runCommand('garbage')).toEqual({ outcome: 'done' });
    await h.waitFor(() => h.logged('tool', 'crlf notice'), 'the CRLF notice');
    expect(await h.tool.runCommand('report')).toEqual({ outcome: 'done' });
    const report = h.logs.find((l) => l.message.startsWith('received '))?.message.slice('received '.length);
    const answers = (JSON.parse(report ?? '[]') as { id: unknown; error?: { code: number } }[]).filter((a) => a.error);
    expect(answers.map((a) => [a.id, a.error?.code])).toEqual([
      [null, -32700], // hello there
      [null, -32700], // {"jsonrpc":"2.0",
      [null, -32600], // [1,2]
      [null, -32600], // 1 MiB + 1 byte
      [null, -32700], // not UTF-8
      [null, -32700], // a lone \r is not an empty line, and not JSON
    ]);
    expect(h.logged('protocol', 'an answer with id "nobody-asked" matches no request')).toBe(true);
    expect(h.logs.filter((l) => l.source === 'protocol')).toHaveLength(7);
  });
});
