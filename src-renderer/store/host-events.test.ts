import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../src-shared/host-api';
import { Emitter } from '../../src-shared/lifecycle';
import type { ConnectionState } from '../host-connection';
import { createFakeHost, makeLogLines, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { bindHostEvents } from './host-events';
import { logSelectors } from './logs-slice';
import { traceSelectors } from './trace-slice';

function setup() {
  const fake = createFakeHost({ tools: [makeTool({ id: 'com.acme.one' })] });
  const store = createAppStore(fake.host);
  const flushes: (() => void)[] = [];
  const binding = bindHostEvents(fake.host, store, (flush) => flushes.push(flush));
  return { fake, store, binding, flushes };
}

describe('host events', () => {
  it('applies tool, removal, language and service call events', () => {
    const { fake, store } = setup();
    fake.emit({ type: 'tool', tool: makeTool({ id: 'com.acme.two' }) });
    expect(store.getState().tools['com.acme.two']).toBeDefined();
    fake.emit({ type: 'toolRemoved', toolId: 'com.acme.two' });
    expect(store.getState().tools['com.acme.two']).toBeUndefined();
    fake.emit({ type: 'language', language: 'fr' });
    expect(store.getState().language).toBe('fr');
    fake.emit({ type: 'serviceCall', call: { seq: 1, time: 1, toolId: 'com.acme.one', method: 'notify/beep', params: {} } });
    expect(store.getState().serviceCalls).toHaveLength(1);
  });

  it('hands log and trace lines to the store once per frame', () => {
    const { fake, store, flushes } = setup();
    for (const line of makeLogLines(1000)) fake.emit({ type: 'log', toolId: 'com.acme.one', line });
    fake.emit({ type: 'trace', toolId: 'com.acme.one', line: { seq: 1, time: 1, direction: 'toTool', text: '{}' } });
    expect(flushes).toHaveLength(1);
    expect(logSelectors.lines('com.acme.one')(store.getState())).toEqual([]);
    flushes[0]!();
    expect(logSelectors.lines('com.acme.one')(store.getState())).toHaveLength(1000);
    expect(traceSelectors.lines('com.acme.one')(store.getState())).toHaveLength(1);
  });

  it('keeps the host’s order: lines gathered before a clear are not shown after it', () => {
    const { fake, store } = setup();
    for (const line of makeLogLines(3)) fake.emit({ type: 'log', toolId: 'com.acme.one', line });
    fake.emit({ type: 'logCleared', toolId: 'com.acme.one' });
    expect(logSelectors.lines('com.acme.one')(store.getState())).toEqual([]);
  });

  it('stops listening when disposed', () => {
    const { fake, binding, flushes } = setup();
    fake.emit({ type: 'log', toolId: 'com.acme.one', line: makeLogLines(1)[0]! });
    binding.dispose();
    expect(fake.listenerCount()).toBe(0);
    expect(() => flushes[0]!()).not.toThrow();
  });

  it("opens the palette for a pressed shortcut, unless the page leaves shortcuts to the desktop app's palette window", async () => {
    const { fake, store } = setup();
    fake.emit({ type: 'shortcutPressed', entryId: 'com.acme.one', command: 'go' });
    await expect.poll(() => store.getState().paletteOpen).toBe(true);
    expect(store.getState().palettePending).toEqual({ entryId: 'com.acme.one', command: 'go' });

    const main = createAppStore(fake.host);
    bindHostEvents(fake.host, main, (flush) => flush(), { shortcuts: false });
    fake.emit({ type: 'shortcutPressed', entryId: 'com.acme.one', command: 'go' });
    expect(main.getState().paletteOpen).toBe(false);
    expect(main.getState().palettePending).toBeUndefined();
  });

  it('follows the link’s state when the transport has one', () => {
    const fake = createFakeHost();
    const changes = new Emitter<ConnectionState>();
    const host = Object.assign({}, fake.host, {
      connectionState: 'reconnecting' as ConnectionState,
      onDidChangeConnection: changes.event,
    }) satisfies HostApi;
    const store = createAppStore(host);
    bindHostEvents(host, store, () => undefined);
    expect(store.getState().connection).toBe('reconnecting');
    changes.fire('connected');
    expect(store.getState().connection).toBe('connected');
  });
});
