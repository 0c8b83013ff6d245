import { describe, expect, it } from 'vitest';
import { lacksPermission, notAvailable, PlatformRefusal } from './platform';
import { SimulatedPlatform, type PlatformCall } from './simulated';

describe('simulated platform', () => {
  it('keeps the clipboard in memory', () => {
    const platform = new SimulatedPlatform();
    expect(platform.clipboardReadText()).toBeNull();
    platform.clipboardWriteText('copied');
    expect(platform.clipboardReadText()).toBe('copied');
    expect(new SimulatedPlatform({ clipboard: 'start' }).clipboardText).toBe('start');
  });

  it('records every other service instead of doing it', () => {
    const platform = new SimulatedPlatform();
    const heard: PlatformCall[] = [];
    platform.onDidCall((call) => heard.push(call));
    platform.showHud('Done', 'checkmark');
    platform.showHud('Plain');
    platform.beep();
    platform.openUrl('https://example.com');
    platform.paste('typed');
    platform.pressMenuItem(['cmd+shift+n']);
    platform.terminateProcess(1234);
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

  it('refuses a service when told to, until told otherwise', () => {
    const platform = new SimulatedPlatform();
    platform.refuse('paste', lacksPermission('accessibility', 'no accessibility permission'));
    platform.refuse('clipboardWriteText', notAvailable('no display'));
    // Answered at once, so refused at once: thrown.
    expect(() => platform.paste('x')).toThrow(PlatformRefusal);
    expect(() => platform.paste('x')).toThrow(expect.objectContaining({ code: -32003, data: { permission: 'accessibility' } }));
    expect(() => platform.clipboardWriteText('y')).toThrow(expect.objectContaining({ code: -32004 }));
    expect(platform.clipboardText).toBeNull();
    platform.refuse('paste', undefined);
    expect(platform.paste('x')).toBeUndefined();
  });

  it('keeps a bounded list of calls', () => {
    const platform = new SimulatedPlatform({ maxCalls: 5 });
    for (let i = 0; i < 20; i++) platform.terminateProcess(i);
    expect(platform.calls.map((c) => c.args[0])).toEqual([15, 16, 17, 18, 19]);
  });
});
