// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost } from '../src-shared/test/fake-host';

const socketHost = createFakeHost().host;
const connectWebSocketHost = vi.fn(async () => socketHost);
vi.mock('./transport/ws-client', () => ({ connectWebSocketHost }));

const { connectHost, connectionWatchOf } = await import('./host-connection');

afterEach(() => {
  delete window.vitruvian;
  connectWebSocketHost.mockClear();
});

describe('connecting to the host', () => {
  it('uses the desktop app’s bridge when the preload gave one', async () => {
    const bridge = createFakeHost().host;
    window.vitruvian = bridge;
    await expect(connectHost()).resolves.toBe(bridge);
    expect(connectWebSocketHost).not.toHaveBeenCalled();
  });

  it('otherwise opens the test bed’s WebSocket from the page’s address', async () => {
    await expect(connectHost()).resolves.toBe(socketHost);
    expect(connectWebSocketHost).toHaveBeenCalledWith(window.location);
  });

  it('sees a link state only on transports that have one', () => {
    expect(connectionWatchOf(socketHost)).toBeUndefined();
  });
});
