// `read` as a module plugin asks it (fixtures/module-reads.wat): its offset is a u64, which reaches
// the host as a BigInt; past 2^53 - 1 a number would be another offset, so it is refused naming its
// exact value. Its files' handles run on for the worker's lifetime, as a program's do for its process.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/harness';
import { disposeAllModules, startModule, type ModuleHarness } from '../../fixtures/module-harness';

afterEach(disposeAllModules);

const wat = readFileSync(fixture('module-reads.wat'), 'utf8');
const sentParams = (h: ModuleHarness) =>
  h.trace
    .filter((line) => line.direction === 'toTool' && line.method === 'field')
    .map((line) => (JSON.parse(line.text) as { params: { file: { handle: number } } }).params);

describe("a module plugin's reads", () => {
  it('refuses an offset past 2^53 - 1 naming its exact value, and answers 2^53 - 1 with no bytes', async () => {
    const h = await startModule({ wat });
    const file = h.file('a.txt', 'sixteen bytes..!');
    for (const offset of ['9007199254740992', '9007199254740994', '18446744073709551615']) {
      expect(await h.field(offset, { file })).toMatchObject({
        outcome: 'failed',
        message: `read refused: params.offset: ${offset} is past 9007199254740991, the largest offset a read can ask (no file is that long: past its end a read gets no bytes)`,
      });
    }
    // The trace shows the offset the component asked, whole.
    expect(h.trace.some((line) => line.method === 'read' && line.text.includes('"offset":18446744073709551615,'))).toBe(true);
    expect(await h.field('9007199254740991', { file })).toMatchObject({ outcome: 'answered', answer: { value: '' } });
    expect(await h.field('4', { file })).toMatchObject({ outcome: 'answered', answer: { value: 'een bytes..!' } });
  });

  it("gives each call's files the worker's next handles, and serves each by its own; a new worker counts from 1", async () => {
    const h = await startModule({ wat, limits: { callMs: 2_000 } });
    expect(await h.field('0', { file: h.file('a.txt', 'first') })).toMatchObject({ outcome: 'answered', answer: { value: 'first' } });
    expect(await h.field('0', { file: h.file('b.txt', 'second') })).toMatchObject({ outcome: 'answered', answer: { value: 'second' } });
    expect(sentParams(h).map((params) => params.file.handle)).toEqual([1, 2]);
    await h.plugin.restart();
    expect(await h.field('0', { file: h.file('c.txt', 'third') })).toMatchObject({ outcome: 'answered', answer: { value: 'third' } });
    expect(sentParams(h).map((params) => params.file.handle)).toEqual([1, 2, 1]);
  });
});
