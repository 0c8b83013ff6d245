import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { sampleTests, lastRunnable } from './tool-session';

const folder = fileURLToPath(new URL('./clipboard-kit', import.meta.url));
const { started } = sampleTests(folder, (s) => s.waitFor('the first commands/state', (m) => m.method === 'commands/state'));

describe('clipboard-kit sample', () => {
  it('answers initialize with protocol 1 and its version, then holds back pasteSaved until something is kept', async () => {
    const tool = await started();
    expect(lastRunnable(tool)).toEqual(['copyGreeting', 'saveClipboard', 'pasteSignature', 'openLink', 'newDocument', 'endProcess']);
    expect(await tool.runCommand('pasteSaved')).toMatchObject({ error: { code: -32010 } });
  });

  it('copies the greeting, keeps the clipboard, and pastes it in the chosen case as many times as asked', async () => {
    const tool = await started();
    expect(await tool.runCommand('copyGreeting')).toEqual({ result: {} });
    expect(tool.services.clipboard).toBe('Hello from Vitruvian');
    expect(tool.services.paramsOf('notify/hud')[0]).toMatchObject({ text: 'Greeting copied' });

    expect(await tool.runCommand('saveClipboard')).toEqual({ result: {} });
    expect(tool.services.stored.get('saved')).toBe('Hello from Vitruvian');
    expect(tool.services.paramsOf('notify/hud')[1]).toMatchObject({ text: '20 characters kept' });
    expect(lastRunnable(tool)).toContain('pasteSaved');

    tool.services.stored.set('textCase', 'upper');
    tool.services.stored.set('pasteTimes', 2);
    expect(await tool.runCommand('pasteSaved')).toEqual({ result: {} });
    expect(tool.services.paramsOf('keystrokes/paste')).toEqual([{ text: 'HELLO FROM VITRUVIAN' }, { text: 'HELLO FROM VITRUVIAN' }]);
  });

  it("words the count it keeps by each language's rule: 1 character, 0 caractère, 1 caractère, 2 caractères", async () => {
    const tool = await started();
    tool.services.clipboard = 'é';
    expect(await tool.runCommand('saveClipboard')).toEqual({ result: {} });
    tool.notify('language/changed', { language: 'fr' });
    tool.services.clipboard = 'ab';
    expect(await tool.runCommand('saveClipboard')).toEqual({ result: {} });
    tool.services.clipboard = '😀';
    expect(await tool.runCommand('saveClipboard')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud').map((p) => p.text)).toEqual(['1 character kept', '2 caractères gardés', '1 caractère gardé']);
  });

  it('refuses to keep an empty clipboard and beeps, unless told not to beep', async () => {
    const tool = await started();
    expect(await tool.runCommand('saveClipboard')).toMatchObject({ error: { code: -32010 } });
    expect(tool.services.paramsOf('notify/beep')).toHaveLength(1);
    tool.services.stored.set('beepWhenEmpty', false);
    expect(await tool.runCommand('saveClipboard')).toMatchObject({ error: { code: -32010 } });
    expect(tool.services.paramsOf('notify/beep')).toHaveLength(1);
  });

  it('pastes the secret signature only once one is set', async () => {
    const tool = await started();
    expect(await tool.runCommand('pasteSignature')).toMatchObject({ error: { code: -32010 } });
    tool.services.stored.set('signature', 'A. Person');
    expect(await tool.runCommand('pasteSignature')).toEqual({ result: {} });
    expect(tool.services.paramsOf('keystrokes/paste')).toEqual([{ text: 'A. Person' }]);
  });

  it('opens the copied link, or the home page when the clipboard holds none', async () => {
    const tool = await started();
    tool.services.clipboard = ' https://example.org/notes ';
    expect(await tool.runCommand('openLink')).toEqual({ result: {} });
    tool.services.clipboard = 'not a link';
    expect(await tool.runCommand('openLink')).toEqual({ result: {} });
    expect(tool.services.paramsOf('open/url')).toEqual([{ url: 'https://example.org/notes' }, { url: 'https://example.com' }]);
  });

  it('presses a menu item, and refuses the command when the app in front has none of the keys', async () => {
    const tool = await started();
    expect(await tool.runCommand('newDocument')).toEqual({ result: {} });
    expect(tool.services.paramsOf('keystrokes/pressMenuItem')).toEqual([{ keys: ['cmd+n', 'ctrl+n'] }]);
    tool.services.refuse.set('keystrokes/pressMenuItem', -32004);
    expect(await tool.runCommand('newDocument')).toMatchObject({ error: { code: -32010 } });
    expect(tool.logs().some((line) => line.includes('newDocument did not run') && line.includes('-32004'))).toBe(true);
  });

  it('ends the process whose id is on the clipboard, and refuses anything else', async () => {
    const tool = await started();
    tool.services.clipboard = '4242\n';
    expect(await tool.runCommand('endProcess')).toEqual({ result: {} });
    expect(tool.services.paramsOf('processes/terminate')).toEqual([{ pid: 4242 }]);
    tool.services.clipboard = 'Finder';
    expect(await tool.runCommand('endProcess')).toMatchObject({ error: { code: -32010 } });
  });

  it('logs the preferences and language it is told about, keeps secrets out of the log, and speaks French', async () => {
    const tool = await started('en');
    tool.notify('preferences/changed', {
      preferences: [
        { id: 'greeting', value: 'Bonjour' },
        { id: 'signature', value: 'do not log me' },
      ],
    });
    tool.notify('language/changed', { language: 'fr' });
    await tool.waitFor('the language log', (m) => m.method === 'log' && m.params?.message === 'language changed to fr');
    expect(tool.logs()).toContain('preference greeting changed to "Bonjour"');
    expect(tool.logs()).toContain('preference signature changed');
    expect(tool.logs().join('\n')).not.toContain('do not log me');
    expect(await tool.runCommand('copyGreeting')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/hud')[0]).toMatchObject({ text: 'Salutation copiée' });
  });

  it('answers -32601 to a request it does not know, ignores unknown notices and fields, and refuses unknown commands', async () => {
    const tool = await started();
    tool.notify('vitruvian/somethingNew', { x: 1 });
    expect(await tool.request('vitruvian/unknown', { y: 2 })).toMatchObject({ error: { code: -32601 } });
    expect(await tool.request('command/run', { command: 'copyGreeting', extra: true })).toEqual({ result: {} });
    expect(await tool.runCommand('noSuchCommand')).toMatchObject({ error: { code: -32010 } });
  });

  it('turns a service the app refuses into a refused command with a warning in its log', async () => {
    const tool = await started();
    tool.services.refuse.set('clipboard/writeText', -32003);
    expect(await tool.runCommand('copyGreeting')).toMatchObject({ error: { code: -32010 } });
    expect(tool.logs().some((line) => line.startsWith('copyGreeting did not run'))).toBe(true);
  });
});
