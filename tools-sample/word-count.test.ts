import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { sampleTests } from './tool-session';

const folder = fileURLToPath(new URL('./word-count', import.meta.url));
const { started, startedBare } = sampleTests(folder);

describe('word-count sample (Python)', () => {
  it('is started on demand and leaves every command runnable (it never sends commands/state)', async () => {
    const tool = await started();
    expect(tool.manifest).toMatchObject({ runtime: { start: 'demand' } });
    expect(await tool.runCommand('showTotal')).toEqual({ result: {} });
    expect(tool.received.some((m) => m.method === 'commands/state')).toBe(false);
  });

  it('counts the words on the clipboard, in the language it is told, and keeps a running total', async () => {
    const tool = await started('fr');
    tool.services.clipboard = 'un deux trois\nquatre';
    expect(await tool.runCommand('countClipboard')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud')[0]).toMatchObject({ text: '4 mots' });
    tool.notify('language/changed', { language: 'en' });
    tool.services.stored.set('countLines', true);
    expect(await tool.runCommand('countClipboard')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud')[1]).toMatchObject({ text: '4 words, 2 lines' });
    expect(tool.services.stored.get('total')).toBe(8);
    expect(await tool.runCommand('showTotal')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud')[2]).toMatchObject({ text: '8 words counted so far' });
    expect(await tool.runCommand('resetTotal')).toEqual({ result: {} });
    expect(tool.services.stored.get('total')).toBe(0);
    expect(tool.services.paramsOf('notify/beep')).toHaveLength(1);
  });

  it("words a count by its language's rule: French says 0 mot and 1 mot, English 1 word and 0 words", async () => {
    const tool = await started('fr');
    tool.services.clipboard = '   ';
    expect(await tool.runCommand('countClipboard')).toEqual({ result: {} });
    tool.services.clipboard = 'seul';
    tool.services.stored.set('countLines', true);
    expect(await tool.runCommand('countClipboard')).toEqual({ result: {} });
    expect(await tool.runCommand('showTotal')).toEqual({ result: {} });
    tool.notify('language/changed', { language: 'en' });
    expect(await tool.runCommand('showTotal')).toEqual({ result: {} });
    tool.services.clipboard = ' ';
    tool.services.stored.set('countLines', false);
    expect(await tool.runCommand('countClipboard')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud').map((p) => p.text)).toEqual([
      '0 mot',
      '1 mot, 1 ligne',
      "1 mot compté jusqu'ici",
      '1 word counted so far',
      '0 words',
    ]);
  });

  it('refuses to count an empty clipboard', async () => {
    const tool = await started();
    expect(await tool.runCommand('countClipboard')).toMatchObject({ error: { code: -32010 } });
    expect(tool.logs().some((line) => line.startsWith('countClipboard did not run'))).toBe(true);
  });

  it('pastes the date in the chosen style', async () => {
    const tool = await started('fr');
    expect(await tool.runCommand('pasteDate')).toEqual({ result: {} });
    tool.services.stored.set('dateStyle', 'long');
    expect(await tool.runCommand('pasteDate')).toEqual({ result: {} });
    const [iso, long] = tool.services.paramsOf('keystrokes/paste').map((p) => String(p.text));
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(long).toMatch(/^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/);
  });

  it('logs preference and language changes, answers -32601 to unknown requests and ignores unknown notices', async () => {
    const tool = await started();
    tool.notify('vitruvian/somethingNew');
    tool.notify('preferences/changed', { preferences: [{ id: 'dateStyle', value: 'long' }], extra: 1 });
    tool.notify('language/changed', { language: 'fr' });
    expect(await tool.request('vitruvian/unknown')).toMatchObject({ error: { code: -32601 } });
    await tool.waitFor('the language log', (m) => m.method === 'log' && m.params?.message === 'language changed to fr');
    expect(tool.logs()).toContain('preference dateStyle changed to "long"');
    expect(await tool.runCommand('noSuchCommand')).toMatchObject({ error: { code: -32010 } });
  });

  it('refuses a protocol it does not speak', async () => {
    const session = startedBare();
    expect(await session.request('initialize', { protocols: [2], language: 'en', dataFolder: session.dataFolder })).toMatchObject({
      error: { code: -32602 },
    });
  });
});
