// The one place the browser's WebSocket is touched; tests give the connection another opener.

export interface SocketHandlers {
  opened(): void;
  received(text: string): void;
  /** Called once, also when the socket never opened. */
  closed(code: number, reason: string): void;
}

export interface SocketHandle {
  send(text: string): void;
  close(): void;
}

export type OpenSocket = (url: string, handlers: SocketHandlers) => SocketHandle;

export const openBrowserSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.opened();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.received(event.data);
  };
  socket.onclose = (event) => handlers.closed(event.code, event.reason);
  return {
    send: (text) => socket.send(text),
    close: () => socket.close(),
  };
};
