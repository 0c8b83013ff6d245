import { describe, expect, it } from 'vitest';
import { composePlatform, type DesktopServices, type OsServices } from './compose';

describe('composePlatform', () => {
  it('sends each service to the half that answers it', async () => {
    const calls: string[] = [];
    const desktop: DesktopServices = {
      clipboardReadText: async () => (calls.push('desktop.read'), 'text'),
      clipboardWriteText: async (text) => void calls.push(`desktop.write ${text}`),
      openUrl: async (url) => void calls.push(`desktop.open ${url}`),
      showHud: async (text, symbol) => void calls.push(`desktop.hud ${text} ${symbol}`),
      beep: async () => void calls.push('desktop.beep'),
      trashFile: async (path) => void calls.push(`desktop.trash ${path}`),
    };
    const os: OsServices = {
      paste: async (text) => void calls.push(`os.paste ${text}`),
      pressMenuItem: async (keys) => void calls.push(`os.menu ${keys.join(',')}`),
      terminateProcess: async (pid) => void calls.push(`os.terminate ${pid}`),
    };
    const platform = composePlatform('electron+darwin', desktop, os);
    expect(platform.name).toBe('electron+darwin');
    expect(await platform.clipboardReadText()).toBe('text');
    await platform.clipboardWriteText('a');
    await platform.openUrl('https://example.com');
    await platform.showHud('Copied', 'checkmark');
    await platform.beep();
    await platform.paste('b');
    await platform.pressMenuItem(['cmd+n', 'cmd+shift+n']);
    await platform.terminateProcess(4242);
    await platform.trashFile('/tmp/x');
    expect(calls).toEqual([
      'desktop.read',
      'desktop.write a',
      'desktop.open https://example.com',
      'desktop.hud Copied checkmark',
      'desktop.beep',
      'os.paste b',
      'os.menu cmd+n,cmd+shift+n',
      'os.terminate 4242',
      'desktop.trash /tmp/x',
    ]);
  });
});
