import { describe, expect, it } from 'vitest';
import type { ServiceCall } from '../../src-shared/host-api';
import { createFakeHost } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { serviceCallSelectors } from './service-calls-slice';

const call = (seq: number, method = 'notify/hud', toolId = 'com.acme.one'): ServiceCall => ({
  seq,
  time: seq,
  toolId,
  method,
  params: { text: `hello ${seq}` },
});

describe('service calls slice', () => {
  it('starts with no calls', () => {
    expect(serviceCallSelectors.calls(createAppStore(createFakeHost().host).getState())).toEqual([]);
  });

  it('reads the recorded calls when services are simulated', async () => {
    const fake = createFakeHost();
    fake.serviceCalls.push(call(1), call(2));
    const store = createAppStore(fake.host);
    await store.getState().load();
    expect(serviceCallSelectors.newestFirst(store.getState()).map((c) => c.seq)).toEqual([2, 1]);
  });

  it('does not ask for them when services are the system’s', async () => {
    const fake = createFakeHost({ info: { services: 'system' } });
    await createAppStore(fake.host).getState().load();
    expect(fake.requestsNamed('readServiceCalls')).toEqual([]);
  });

  it('adds calls as they come, once each, and filters by tool', () => {
    const store = createAppStore(createFakeHost().host);
    store.getState().serviceCallArrived(call(1));
    store.getState().serviceCallArrived(call(1));
    store.getState().serviceCallArrived(call(2, 'open/url', 'com.acme.two'));
    expect(serviceCallSelectors.calls(store.getState()).map((c) => c.seq)).toEqual([1, 2]);
    expect(
      serviceCallSelectors
        .forTool('com.acme.two')(store.getState())
        .map((c) => c.method),
    ).toEqual(['open/url']);
  });

  it('keeps at most 1,000 calls, each with a bounded preview of its params, whatever the host sends', async () => {
    const fake = createFakeHost();
    const big = 'x'.repeat(1_000_000);
    fake.serviceCalls.push(...Array.from({ length: 1_200 }, (_, n) => ({ ...call(n + 1), params: { text: big } })));
    const store = createAppStore(fake.host);
    await store.getState().loadServiceCalls();
    store.getState().serviceCallArrived({ ...call(1_201, 'keystrokes/paste'), params: { text: 'y'.repeat(1_000_000), keys: Array(50_000).fill('cmd+v') } });
    const calls = serviceCallSelectors.calls(store.getState());
    expect(calls).toHaveLength(1_000);
    expect(calls[0]!.seq).toBe(202);
    expect(calls.every((c) => (c.params.text as string).length <= 2_000)).toBe(true);
    expect(calls.at(-1)!.params.text).toMatch(/^y+… \(998,\d{3} more characters\)$/);
    expect(calls.at(-1)!.params.keys).toHaveLength(16);
  });

  it('says why the calls could not be read', async () => {
    const fake = createFakeHost();
    fake.host.readServiceCalls = async () => {
      throw new Error('nope');
    };
    const store = createAppStore(fake.host);
    await store.getState().loadServiceCalls();
    expect(serviceCallSelectors.problem(store.getState())).toBe('nope');
  });

  it('puts text on the simulated clipboard through the host, and says when the host refuses', async () => {
    const fake = createFakeHost();
    const store = createAppStore(fake.host);
    expect(await store.getState().setSimulatedClipboard('four words on it')).toEqual({ ok: true });
    expect(fake.clipboard).toBe('four words on it');
    expect(serviceCallSelectors.clipboardFill(store.getState())).toEqual({ status: 'set', text: 'four words on it' });
    fake.info = { ...fake.info, services: 'system' };
    await store.getState().setSimulatedClipboard('x');
    expect(serviceCallSelectors.clipboardFill(store.getState())).toMatchObject({ status: 'refused' });
  });
});
