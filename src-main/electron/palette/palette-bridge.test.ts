import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { IpcRenderer } from 'electron';
import { paletteBridge } from './palette-bridge';
import { paletteChooseFilesChannel, paletteHideChannel, paletteShownChannel } from './palette-channels';

/** The page's ipcRenderer: sends and invokes recorded, the main process's messages emitted. */
function fakeIpc(answer: unknown) {
  const main = new EventEmitter();
  const sent: string[] = [];
  const ipc = {
    send: (channel: string) => void sent.push(channel),
    invoke: async (channel: string) => (channel === paletteChooseFilesChannel ? answer : undefined),
    on: (channel: string, listener: (...args: unknown[]) => void) => main.on(channel, listener),
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => main.removeListener(channel, listener),
  } as unknown as Pick<IpcRenderer, 'send' | 'invoke' | 'on' | 'removeListener'>;
  return { ipc, main, sent };
}

describe("the palette's bridge", () => {
  it('asks the main process to hide the palette', () => {
    const { ipc, sent } = fakeIpc([]);
    paletteBridge(ipc).hidePalette();
    expect(sent).toEqual([paletteHideChannel]);
  });

  it('calls back each time the palette is shown, until stopped', () => {
    const { ipc, main } = fakeIpc([]);
    const shown = vi.fn();
    const stop = paletteBridge(ipc).onPaletteShown(shown);
    main.emit(paletteShownChannel, { sender: 'main' });
    main.emit(paletteShownChannel, { sender: 'main' });
    stop();
    main.emit(paletteShownChannel, { sender: 'main' });
    expect(shown).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenCalledWith();
  });

  it('answers the chosen files as strings only', async () => {
    expect(await paletteBridge(fakeIpc(['/a', 3, '/b']).ipc).choosePaletteFiles()).toEqual(['/a', '/b']);
    expect(await paletteBridge(fakeIpc(null).ipc).choosePaletteFiles()).toEqual([]);
  });
});
