import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { hostname } from 'node:os';
import { sampleTests } from './tool-session';

const folder = fileURLToPath(new URL('./system-glance', import.meta.url));
const { started, startedBare } = sampleTests(folder);

describe('system-glance sample (POSIX shell)', () => {
  it('shows the load in the HUD, beeps when asked to, and counts glances in its untitled preference', async () => {
    const tool = await started();
    tool.services.stored.set('glances', 41);
    expect(await tool.runCommand('showLoad')).toEqual({ result: {} });
    expect(String(tool.services.paramsOf('notify/hud')[0]?.text)).toMatch(/^Load: \d/);
    expect(tool.services.paramsOf('notify/beep')).toHaveLength(0);
    expect(tool.services.stored.get('glances')).toBe(42);
    tool.services.stored.set('beep', true);
    expect(await tool.runCommand('showLoad')).toEqual({ result: {} });
    expect(tool.services.paramsOf('notify/beep')).toHaveLength(1);
  });

  it('copies the machine name, speaking the language it was given', async () => {
    const tool = await started('fr-CA');
    expect(await tool.runCommand('copyHostname')).toEqual({ result: {} });
    expect(tool.services.clipboard).toBe(hostname());
    expect(tool.services.paramsOf('notify/hud')[0]).toEqual({ text: `Copié : ${hostname()}`, symbol: 'desktopcomputer' });
  });

  it('turns a refused service into a refused command, with the reason in its log', async () => {
    const tool = await started();
    tool.services.refuse.set('clipboard/writeText', -32004);
    expect(await tool.runCommand('copyHostname')).toMatchObject({ error: { code: -32010 } });
    expect(tool.logs()).toContain('copyHostname did not run: clipboard/writeText was refused (-32004)');
  });

  it('logs each changed preference and the new language, and answers only requests', async () => {
    const tool = await started();
    tool.notify('vitruvian/somethingNew', { id: 7, preferences: [] });
    tool.notify('preferences/changed', {
      preferences: [
        { id: 'beep', value: true },
        { id: 'note', value: 'say "hi", [ok]' },
      ],
    });
    tool.notify('language/changed', { language: 'fr' });
    expect(await tool.request('vitruvian/unknown', { id: 'not the id' })).toMatchObject({ error: { code: -32601 } });
    expect(tool.logs()).toEqual(['preference beep changed to true', 'preference note changed to "say \\"hi\\", [ok]"', 'language changed to fr']);
    // The unknown notice carried an id inside params; it must not have been answered.
    expect(tool.received.filter((m) => m.id === 7)).toEqual([]);
    expect(await tool.runCommand('copyHostname')).toEqual({ result: {} });
    expect(String(tool.services.paramsOf('notify/hud')[0]?.text)).toMatch(/^Copié : /);
  });

  it('refuses a protocol it does not speak, and commands it does not have', async () => {
    const session = startedBare();
    expect(await session.request('initialize', { protocols: [2, 3], language: 'en', dataFolder: session.dataFolder })).toMatchObject({
      error: { code: -32602 },
    });
    expect(await session.request('command/run', { command: 'noSuchCommand' })).toMatchObject({ error: { code: -32010 } });
  });
});
