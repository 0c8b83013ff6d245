import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
}));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => {
      if (electron.handlers.has(channel)) throw new Error(`a second handler for ${channel}`);
      electron.handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => electron.handlers.delete(channel),
  },
}));

const { bindHostIpc } = await import('./ipc');

const ourPage = 'app://vitruvian/index.html';

function fakeWindow(id = 7) {
  const sent: { channel: string; payload: unknown }[] = [];
  let destroyed = false;
  const window = {
    isDestroyed: () => destroyed,
    webContents: { id, send: (channel: string, payload: unknown) => sent.push({ channel, payload }) },
  };
  return { window: window as unknown as BrowserWindow, sent, destroy: () => (destroyed = true) };
}

const fromFrame = (url: string | null, senderId = 7) =>
  ({ sender: { id: senderId }, senderFrame: url === null ? null : { url } }) as unknown as IpcMainInvokeEvent;

let binding: { dispose(): void } | undefined;
afterEach(() => {
  binding?.dispose();
  vi.useRealTimers();
});

function setup() {
  const copy = { id: 'copy', title: { en: 'Copy' }, surfaces: ['window' as const] };
  const fake = createFakeHost({ tools: [makeTool({ id: 'com.acme.one', commands: [copy] })] });
  const win = fakeWindow();
  let open: BrowserWindow | undefined = win.window;
  binding = bindHostIpc({ host: fake.host, window: () => open });
  const request = (event: IpcMainInvokeEvent, name: unknown, args: unknown) => electron.handlers.get('host:request')!(event, name, args);
  return { fake, win, request, close: () => (open = undefined) };
}

describe('host:request', () => {
  it('runs the request from our window with its arguments and answers the result', async () => {
    const { fake, request } = setup();
    expect(await request(fromFrame(ourPage), 'runCommand', ['com.acme.one', 'copy'])).toEqual({ outcome: 'done' });
    expect(await request(fromFrame(ourPage), 'listTools', [])).toEqual([...fake.tools.values()]);
    expect(fake.requests.map((c) => [c.name, ...c.args])).toEqual([['runCommand', 'com.acme.one', 'copy'], ['listTools']]);
  });

  it('refuses senders that are not our window showing our renderer, before the host sees anything', async () => {
    const { fake, request, close } = setup();
    const refusals = [
      [fromFrame(ourPage, 8), 'webContents 8 is not the main window'],
      [fromFrame('https://evil.example/index.html'), 'not Vitruvian'],
      [fromFrame('file:///etc/passwd'), 'not Vitruvian'],
      // The window was served from file:// before app://: a file page is no longer ours either.
      [fromFrame('file:///Applications/Vitruvian.app/Contents/Resources/app.asar/dist/renderer/index.html'), 'not Vitruvian'],
      [fromFrame('app://vitruvian.evil/index.html'), 'not Vitruvian'],
      [fromFrame('app://vitruvian:8080/index.html'), 'not Vitruvian'],
      [fromFrame('app://someone@vitruvian/index.html'), 'not Vitruvian'],
      [fromFrame('app://other/index.html'), 'not Vitruvian'],
      [fromFrame('data:text/html,<p>hi'), 'not Vitruvian'],
      [fromFrame('not a url'), 'not Vitruvian'],
      [fromFrame(null), 'the sending frame is gone'],
    ] as const;
    for (const [event, words] of refusals) {
      await expect(request(event, 'listTools', [])).rejects.toThrow(words);
    }
    close();
    await expect(request(fromFrame(ourPage), 'listTools', [])).rejects.toThrow('the main window is not open');
    expect(fake.requests).toEqual([]);
  });

  it('refuses names that are not HostApi requests, and arguments that do not fit, naming them', async () => {
    const { fake, request } = setup();
    await expect(request(fromFrame(ourPage), 'dispose', [])).rejects.toThrow('host request "dispose" is not one of info, listTools');
    await expect(request(fromFrame(ourPage), 'subscribe', [])).rejects.toThrow('is not one of');
    await expect(request(fromFrame(ourPage), 'constructor', [])).rejects.toThrow('is not one of');
    await expect(request(fromFrame(ourPage), 'runCommand', ['only-one'])).rejects.toThrow('runCommand takes 2 argument(s), got 1');
    await expect(request(fromFrame(ourPage), 'uninstall', [42])).rejects.toThrow('args[0]: expected text, got 42');
    await expect(request(fromFrame(ourPage), 'setPreference', ['a', 'b', { x: 1 }])).rejects.toThrow('args[2]');
    await expect(request(fromFrame(ourPage), 'info', 'not a list')).rejects.toThrow('args: expected a list');
    expect(fake.requests).toEqual([]);
  });
});

describe("the palette's window", () => {
  beforeEach(() => vi.useFakeTimers());

  it('may call as the main window does, and hears the same events', async () => {
    const fake = createFakeHost({ tools: [makeTool({ id: 'com.acme.one' })] });
    const main = fakeWindow(7);
    const palette = fakeWindow(9);
    let paletteMade: BrowserWindow | undefined = undefined; // made later, as the app makes it
    binding = bindHostIpc({ host: fake.host, window: () => main.window, palette: () => paletteMade });
    const request = (event: IpcMainInvokeEvent) => electron.handlers.get('host:request')!(event, 'listTools', []);
    await expect(request(fromFrame(ourPage, 9))).rejects.toThrow('webContents 9 is not the main window');
    paletteMade = palette.window;
    expect(await request(fromFrame(`${ourPage}?palette`, 9))).toEqual([...fake.tools.values()]);
    await expect(request(fromFrame('https://evil.example/', 9))).rejects.toThrow('webContents 9 is not the main window');
    await expect(request(fromFrame(ourPage, 8))).rejects.toThrow('webContents 8 is not the main window');
    fake.emit({ type: 'language', language: 'fr' });
    await vi.advanceTimersByTimeAsync(20);
    expect(palette.sent).toEqual(main.sent);
    expect(palette.sent).toHaveLength(1);
  });
});

describe('host:event', () => {
  beforeEach(() => vi.useFakeTimers());

  it('pushes host events to the main window, batched in the order they happened', async () => {
    const { fake, win } = setup();
    fake.emit({ type: 'language', language: 'fr' });
    fake.emit({ type: 'toolRemoved', toolId: 'com.acme.one' });
    expect(win.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(win.sent).toEqual([
      {
        channel: 'host:event',
        payload: [
          { type: 'language', language: 'fr' },
          { type: 'toolRemoved', toolId: 'com.acme.one' },
        ],
      },
    ]);
  });

  it('sends nothing to a closed window, and stops listening once disposed', async () => {
    const { fake, win } = setup();
    win.destroy();
    fake.emit({ type: 'language', language: 'fr' });
    await vi.advanceTimersByTimeAsync(20);
    expect(win.sent).toEqual([]);
    binding!.dispose();
    expect(fake.listenerCount()).toBe(0);
    expect(electron.handlers.has('host:request')).toBe(false);
  });
});
