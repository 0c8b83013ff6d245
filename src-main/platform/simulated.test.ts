import { describe, expect, it } from 'vitest';
import { lacksPermission, notAvailable, PlatformRefusal } from './platform';
import { SimulatedPlatform, type PlatformCall } from './simulated';

describe('simulated platform', () => {
  it('keeps the clipboard in memory', async () => {
    const platform = new SimulatedPlatform();
    expect(await platform.clipboardReadText()).toBeNull();
    await platform.clipboardWriteText('copied');
    expect(await platform.clipboardReadText()).toBe('copied');
    expect(new SimulatedPlatform({ clipboard: 'start' }).clipboardText).toBe('start');
  });

  it('records every other service instead of doing it', async () => {
    const platform = new SimulatedPlatform();
    const heard: PlatformCall[] = [];
    platform.onDidCall((call) => heard.push(call));
    await platform.showHud('Done', 'checkmark');
    await platform.showHud('Plain');
    await platform.beep();
    await platform.openUrl('https://example.com');
    await platform.paste('typed');
    await platform.pressMenuItem(['cmd+shift+n']);
    await platform.terminateProcess(1234);
    const expected = [
      { method: 'showHud', args: ['Done', 'checkmark'] },
      { method: 'showHud', args: ['Plain'] },
      { method: 'beep', args: [] },
      { method: 'openUrl', args: ['https://example.com'] },
      { method: 'paste', args: ['typed'] },
      { method: 'pressMenuItem', args: [['cmd+shift+n']] },
      { method: 'terminateProcess', args: [1234] },
    ];
    expect(platform.calls).toEqual(expected);
    expect(heard).toEqual(expected);
  });

  it('refuses a service when told to, until told otherwise', async () => {
    const platform = new SimulatedPlatform();
    platform.refuse('paste', lacksPermission('accessibility', 'no accessibility permission'));
    platform.refuse('clipboardWriteText', notAvailable('no display'));
    const refusal = await platform.paste('x').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PlatformRefusal);
    expect(refusal).toMatchObject({ code: -32003, data: { permission: 'accessibility' } });
    await expect(platform.clipboardWriteText('y')).rejects.toMatchObject({ code: -32004 });
    expect(platform.clipboardText).toBeNull();
    platform.refuse('paste', undefined);
    await expect(platform.paste('x')).resolves.toBeUndefined();
  });

  it('keeps a bounded list of calls', async () => {
    const platform = new SimulatedPlatform({ maxCalls: 5 });
    for (let i = 0; i < 20; i++) await platform.terminateProcess(i);
    expect(platform.calls.map((c) => c.args[0])).toEqual([15, 16, 17, 18, 19]);
  });
});
