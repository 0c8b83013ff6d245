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

  // The window asks for the host's state as it opens and hears events meanwhile: an answer given
  // after an event that happened after it was made (the person chose French at once; a tool changed
  // while the list was on its way) must not put the older state back.
  describe('an answer made before an event and heard after it', () => {
    /** A request of the fake held until the test lets it answer with what the host had then. */
    function held<T>(): { promise: Promise<T>; answer(value: T): void } {
      let answer!: (value: T) => void;
      const promise = new Promise<T>((resolve) => (answer = resolve));
      return { promise, answer };
    }

    it('keeps a language chosen or told while the host’s info was asked', async () => {
      const { fake, store } = setup();
      const info = held<Awaited<ReturnType<HostApi['info']>>>();
      fake.host.info = () => info.promise;
      const loading = store.getState().loadHostInfo();
      fake.emit({ type: 'language', language: 'fr' });
      info.answer({ ...fake.info, language: 'en' });
      await loading;
      expect(store.getState().language).toBe('fr');
      expect(store.getState().hostInfo?.language).toBe('en');

      // Chosen in the window while it was asked: the same.
      const again = held<Awaited<ReturnType<HostApi['info']>>>();
      fake.host.info = () => again.promise;
      const reloading = store.getState().loadHostInfo();
      void store.getState().setLanguage('de');
      again.answer({ ...fake.info, language: 'fr' });
      await reloading;
      expect(store.getState().language).toBe('de');

      // Nothing heard meanwhile: the answer's language is taken.
      fake.host.info = async () => ({ ...fake.info, language: 'it' });
      await store.getState().loadHostInfo();
      expect(store.getState().language).toBe('it');
    });

    it('keeps each tool’s change heard while the list was asked, and lists the others as answered', async () => {
      const { fake, store } = setup();
      const list = held<Awaited<ReturnType<HostApi['listTools']>>>();
      fake.host.listTools = () => list.promise;
      const loading = store.getState().loadTools();
      fake.emit({ type: 'tool', tool: makeTool({ id: 'com.acme.one', state: 'running' }) });
      fake.emit({ type: 'toolRemoved', toolId: 'com.acme.gone' });
      fake.emit({ type: 'tool', tool: makeTool({ id: 'com.acme.new' }) });
      list.answer([makeTool({ id: 'com.acme.one', state: 'starting' }), makeTool({ id: 'com.acme.gone' }), makeTool({ id: 'com.acme.other' })]);
      await loading;
      const { tools } = store.getState();
      expect(Object.keys(tools).sort()).toEqual(['com.acme.new', 'com.acme.one', 'com.acme.other']);
      expect(tools['com.acme.one']?.state).toBe('running');
      expect(store.getState().toolsLoaded).toBe(true);

      // Asked again with nothing heard meanwhile: the answer is the list, whatever was heard before.
      fake.host.listTools = async () => [makeTool({ id: 'com.acme.one', state: 'stopped' })];
      await store.getState().loadTools();
      expect(Object.keys(store.getState().tools)).toEqual(['com.acme.one']);
      expect(store.getState().tools['com.acme.one']?.state).toBe('stopped');
    });
  });
});
