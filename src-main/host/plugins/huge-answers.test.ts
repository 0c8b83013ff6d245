// Answers too big to draw, from a real plugin process: 200,000 rows blanked the window, a row of
// 300,000 cells crashed it, a plan of 100,000 steps froze it. The host cuts each list to what the
// window shows and says how many were left out; what it left out is never judged.
import { afterEach, describe, expect, it } from 'vitest';
import { SKWIR_SHOWN_LIMITS } from '../../../src-shared/skwir/limits';
import { disposeAllPlugins, startPlugin } from '../fixtures/plugin-harness';

afterEach(disposeAllPlugins);

const { rows, cells, lines, steps } = SKWIR_SHOWN_LIMITS;

describe('an answer longer than the window shows', () => {
  it('keeps the first 10,000 rows of 200,000, and counts the rest', async () => {
    const h = startPlugin();
    const outcome = await h.call('inspect', { query: 'rows:200000' }, [h.file('a.bin', 'a')]);
    if (outcome.outcome !== 'answered' || !outcome.answer) throw new Error(JSON.stringify(outcome).slice(0, 300));
    expect(outcome.answer.rows).toHaveLength(rows);
    expect(outcome.answer.rows[rows - 1]).toEqual({ cells: [`row ${rows - 1}`], bytes: null, depth: 0, branch: false, target: null });
    expect(outcome.answer.leftOut).toEqual({ rows: 200_000 - rows });
  });

  it('keeps the first cells of a row and the first columns, and counts the rest', async () => {
    const h = startPlugin();
    const outcome = await h.call('inspect', { query: 'cells:300000' }, [h.file('b.bin', 'b')]);
    if (outcome.outcome !== 'answered' || !outcome.answer) throw new Error(JSON.stringify(outcome).slice(0, 300));
    expect(outcome.answer.rows[0]!.cells).toHaveLength(cells);
    expect(outcome.answer.columns).toHaveLength(cells);
    expect(outcome.answer.leftOut).toEqual({ cells: 300_000 - cells, columns: 300_000 - cells });
  });

  it('keeps the first 10,000 lines of code', async () => {
    const h = startPlugin();
    const outcome = await h.call('inspect', { query: 'lines:25000' }, [h.file('c.bin', 'c')]);
    if (outcome.outcome !== 'answered' || !outcome.answer) throw new Error(JSON.stringify(outcome).slice(0, 300));
    expect(outcome.answer.text).toHaveLength(lines);
    expect(outcome.answer.leftOut).toEqual({ lines: 25_000 - lines });
  });

  it('keeps the first 10,000 steps of a plan of 100,000', async () => {
    const h = startPlugin({ granted: ['read', 'write'] });
    const outcome = await h.call('command', { command: 'steps:100000' }, [h.file('d.bin', 'd')]);
    if (outcome.outcome !== 'answered' || outcome.answer.answer !== 'plan') throw new Error(JSON.stringify(outcome).slice(0, 300));
    expect(outcome.answer.steps).toHaveLength(steps);
    expect(outcome.answer.steps[steps - 1]).toEqual({ op: 'mkdir', path: `/tmp/many/${steps - 1}` });
    expect(outcome.answer.leftOut).toEqual({ steps: 100_000 - steps });
  });

  it('says nothing was left out of a whole answer, whatever the plugin claims', async () => {
    const h = startPlugin();
    const claim = JSON.stringify({ title: 'Whole', rows: [{ cells: ['a'] }], leftOut: { rows: 5 } });
    const outcome = await h.call('inspect', {}, [h.file('e.json', claim)]);
    expect(outcome).toMatchObject({ outcome: 'answered', answer: { title: 'Whole' } });
    expect(outcome.outcome === 'answered' && outcome.answer && 'leftOut' in outcome.answer).toBe(false);
  });

  it('names the first ten problems of 200,000 malformed rows, and how many more (of those kept)', async () => {
    const h = startPlugin();
    const outcome = await h.call('inspect', { query: 'bad-rows:200000' }, [h.file('f.bin', 'f')]);
    expect(outcome).toMatchObject({ outcome: 'failed', malformed: true });
    const message = outcome.outcome === 'failed' ? outcome.message : '';
    expect(message).toContain('result.rows[0].cells: 5 is a whole number, expected a list');
    expect(message).toContain('result.rows[9].cells');
    expect(message).not.toContain('result.rows[10].cells');
    expect(message.endsWith(`and ${(rows - 10).toLocaleString('en')} more problems`)).toBe(true);
  });
});
