// Nothing but initialize and its answer go over the link until initialize is answered: a real
// tool that sends a request and a notice first.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllHarnesses, startHarness } from '../fixtures/harness';

afterEach(disposeAllHarnesses);

describe('ToolSupervisor before initialize is answered', () => {
  it('refuses a request without carrying it out, drops a notice, logs both, and answers only after initialize', async () => {
    const carriedOut: string[] = [];
    const h = startHarness('early-tool.mjs', {
      handleRequest: async (method) => {
        carriedOut.push(method);
        return {};
      },
    });
    await h.tool.start();
    expect(h.tool.state).toBe('running');
    await h.waitFor(() => h.logged('tool', 'app answered early') && h.logged('tool', 'app answered after'), 'both answers');

    // Only the request sent with (after) the answer was carried out.
    expect(carriedOut).toEqual(['notify/beep']);
    expect(h.logged('tool', 'app answered after: {}')).toBe(true);
    const refusal = '{"code":-32600,"message":"sent before initialize was answered: until it is, nothing else may be sent"}';
    expect(h.logs.filter((l) => l.source === 'tool').map((l) => l.message)).toEqual([`app answered early: ${refusal}`, 'app answered after: {}']);
    expect(h.logs.filter((l) => l.source === 'protocol').map((l) => l.message)).toEqual([
      'the request notify/beep (id "early") came before initialize was answered; not carried out (answered -32600)',
      'the notice log came before initialize was answered; dropped',
    ]);

    // The app sent nothing but initialize until the tool's answer came; the refusal went after it.
    const answerAt = h.trace.findIndex((line) => line.startsWith('fromTool initialize '));
    const refusalAt = h.trace.findIndex((line) => line.startsWith('toTool notify/beep ') && line.includes('-32600'));
    expect(answerAt).toBeGreaterThan(0);
    expect(h.trace.slice(0, answerAt).filter((line) => line.startsWith('toTool'))).toEqual([expect.stringMatching(/^toTool initialize /)]);
    expect(refusalAt).toBeGreaterThan(answerAt);
  });
});
