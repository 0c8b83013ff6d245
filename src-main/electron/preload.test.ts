import { describe, expect, it, vi } from 'vitest';
import { hostRequestNames, type HostEvent } from '../../src-shared/host-api';
import type { DesktopWindowApi } from './preload';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
  sent: [] as unknown[][],
  listeners: new Map<string, (event: unknown, payload: unknown) => void>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      electron.invoked.push(args);
      return { answered: args[1] };
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) => electron.listeners.set(channel, listener),
    removeListener: (channel: string) => electron.listeners.delete(channel),
    send: (...args: unknown[]) => void electron.sent.push(args),
  },
  webUtils: { getPathForFile: (file: { name: string }) => `/Users/me/Downloads/${file.name}` },
}));

await import('./preload');
const api = electron.exposed.get('vitruvian') as DesktopWindowApi;

describe('preload', () => {
  it('exposes window.vitruvian with every HostApi request, each sent on host:request with its name and arguments', async () => {
    expect(Object.keys(api).sort()).toEqual(
      [...hostRequestNames, 'subscribe', 'convertedUrl', 'pathForFile', 'hidePalette', 'onPaletteShown', 'choosePaletteFiles'].sort(),
    );
    // A converted file's URL is the app's protocol's, by its token alone.
    expect(api.convertedUrl('AbC_-9')).toBe('vitruvian-converted://files/AbC_-9');
    expect(await api.setPreference('com.acme.one', 'token', 'secret')).toEqual({ answered: 'setPreference' });
    await api.runCommand('com.acme.one', 'copy');
    await api.listTools();
    expect(electron.invoked).toEqual([
      ['host:request', 'setPreference', ['com.acme.one', 'token', 'secret']],
      ['host:request', 'runCommand', ['com.acme.one', 'copy']],
      ['host:request', 'listTools', []],
    ]);
  });

  it('hands each event of a host:event batch to every subscriber, until it disposes', () => {
    const seen: HostEvent[] = [];
    const subscription = api.subscribe((event) => seen.push(event));
    const push = electron.listeners.get('host:event')!;
    const events: HostEvent[] = [
      { type: 'language', language: 'fr' },
      { type: 'toolRemoved', toolId: 'x.y' },
    ];
    push({ sender: 'ignored' }, events);
    push({}, 'not a batch');
    subscription.dispose();
    push({}, events);
    expect(seen).toEqual(events);
  });

  it('keeps handing events to the others when one subscriber throws', () => {
    const seen: HostEvent[] = [];
    const failing = api.subscribe(() => {
      throw new Error('broken listener');
    });
    const working = api.subscribe((event) => seen.push(event));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    electron.listeners.get('host:event')!({}, [{ type: 'language', language: 'de' }]);
    expect(seen).toEqual([{ type: 'language', language: 'de' }]);
    expect(quiet).toHaveBeenCalled();
    failing.dispose();
    working.dispose();
    quiet.mockRestore();
  });

  it("lets the palette's page hide it and hear it shown, on the palette's own channels", () => {
    api.hidePalette();
    expect(electron.sent).toEqual([['palette:hide']]);
    let shown = 0;
    const stop = api.onPaletteShown(() => void shown++);
    electron.listeners.get('palette:shown')!({}, undefined);
    stop();
    expect(shown).toBe(1);
    expect(electron.listeners.has('palette:shown')).toBe(false);
  });

  it('gives the path of a dropped folder through webUtils', () => {
    expect(api.pathForFile({ name: 'my-tool' } as File)).toBe('/Users/me/Downloads/my-tool');
  });
});
