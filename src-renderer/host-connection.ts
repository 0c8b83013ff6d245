// Where the window's HostApi comes from: the Electron preload, or else the test bed's WebSocket.
import type { Disposable, HostApi } from '../src-shared/host-api';
import { desktopBridge } from './desktop-bridge';

export type ConnectionState = 'connected' | 'reconnecting' | 'closed';

/** What a transport that can lose its link tells about it (the test bed's WebSocket does). */
export interface ConnectionWatch {
  readonly connectionState: ConnectionState;
  onDidChangeConnection(listener: (state: ConnectionState) => void): Disposable;
}

/** The shape the WebSocket client module must have; checked against it at the import below. */
interface WebSocketClientModule {
  connectWebSocketHost(location: Location): Promise<HostApi & Partial<ConnectionWatch>>;
}

export async function connectHost(): Promise<HostApi> {
  const bridge = desktopBridge();
  if (bridge) return bridge;
  const client: WebSocketClientModule = await import('./transport/ws-client');
  return client.connectWebSocketHost(window.location);
}

export function connectionWatchOf(host: HostApi): ConnectionWatch | undefined {
  const watch = host as HostApi & Partial<ConnectionWatch>;
  return typeof watch.onDidChangeConnection === 'function' && typeof watch.connectionState === 'string' ? (watch as ConnectionWatch) : undefined;
}
