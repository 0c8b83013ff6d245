// The test bed's server: one loopback port serving the built window over HTTP and the HostApi over
// a WebSocket at /host. The WebSocket demands the random token and an Origin of this very server;
// HTTP requests must name this server in their Host header (no DNS rebinding). Files dropped on a
// plugin are posted to /dropped with the same token and Origin (dropped-files.ts); converted files
// are served at /converted/<token> (converted-route.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HostCoreApi } from '../../src-shared/host-api';
import { droppedFilePath, hostWirePath, hostWireTokenParam, maxClientFrameBytes } from '../../src-shared/host-wire';
import { droppedFiles } from './dropped-files';
import { HostSession } from './host-session';
import { serveRendererFile } from './renderer-files';
import { isConvertedPath, serveConverted } from './converted-route';
import type { ConvertedFiles } from '../host/plugins/converted-files';

/** The only address the test bed ever binds. */
export const testbedAddress = '127.0.0.1';
/** Frames above maxClientFrameBytes are answered with a failure; above this the socket is closed. */
const hardFrameLimit = 4 * maxClientFrameBytes;
const maxWindows = 16;

export interface TestbedServerOptions {
  host: HostCoreApi;
  /** The built window: index.html and its assets. */
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Given by tests; otherwise a fresh random one. */
  token?: string;
  /** Where files dropped on a plugin are kept (removed at close); without it, none are taken. */
  droppedFolder?: string;
  /** The largest dropped file taken, in bytes (tests make it small). */
  maxDroppedBytes?: number;
  /** The converted files served at /converted/<token>; without them, none are. */
  converted?: ConvertedFiles;
}

export interface TestbedServer {
  readonly port: number;
  readonly token: string;
  /** The address to open, token included. */
  readonly url: string;
  close(): Promise<void>;
}

export const newToken = (): string => randomBytes(24).toString('base64url');

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const tokenWrong = 'the token is missing or wrong: open the address the test bed printed';
const originWrong = (request: IncomingMessage) => `origin ${request.headers.origin ?? '(none)'} is not this test bed`;

const refuseUpgrade = (socket: Duplex, status: number, reason: string): void => {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` + `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
};

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is in use on ${testbedAddress}; pass --port 0 to pick a free one`) : error);
    };
    server.once('error', failed);
    server.listen({ port, host: testbedAddress, exclusive: true }, () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startTestbedServer(options: TestbedServerOptions): Promise<TestbedServer> {
  const token = options.token ?? newToken();
  let port = options.port;
  const hostNames = () => [`${testbedAddress}:${port}`, `localhost:${port}`];
  const origins = () => hostNames().map((name) => `http://${name}`);
  const origin = () => `http://${testbedAddress}:${port}`;
  const tokenGiven = (url: URL) => sameText(url.searchParams.get(hostWireTokenParam) ?? '', token);
  const originOurs = (request: IncomingMessage) => origins().includes(request.headers.origin ?? '');
  const dropped = options.droppedFolder === undefined ? undefined : droppedFiles(options.droppedFolder, options.maxDroppedBytes);

  const http = createServer((request, response) => {
    if (!hostNames().includes(request.headers.host ?? '')) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`this server answers only to ${origin()}\n`);
      return;
    }
    const url = new URL(request.url ?? '/', origin());
    if (dropped && url.pathname === droppedFilePath) {
      const refusal = !tokenGiven(url) ? { status: 401, text: tokenWrong } : !originOurs(request) ? { status: 403, text: originWrong(request) } : undefined;
      dropped.receive(request, response, url, refusal).catch(() => response.destroy());
      return;
    }
    if (options.converted && isConvertedPath(url.pathname)) {
      serveConverted(options.converted, url.pathname, request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
      return;
    }
    serveRendererFile(options.rendererDir, origin(), request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  http.on('clientError', (_error, socket) => socket.destroy());

  const sockets = new WebSocketServer({ noServer: true, maxPayload: hardFrameLimit });
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', origin());
    if (url.pathname !== hostWirePath) return refuseUpgrade(socket, 404, `no WebSocket at ${url.pathname}`);
    if (!tokenGiven(url)) return refuseUpgrade(socket, 401, tokenWrong);
    if (!hostNames().includes(request.headers.host ?? '')) return refuseUpgrade(socket, 421, 'wrong Host');
    if (!originOurs(request)) return refuseUpgrade(socket, 403, originWrong(request));
    if (sockets.clients.size >= maxWindows) return refuseUpgrade(socket, 503, 'too many windows are open');
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });

  sockets.on('connection', (ws: WebSocket) => {
    const session = new HostSession(options.host, ws);
    ws.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary) session.refuseFrame('the frame is binary; send requests as JSON text');
      else if (bytes.length > maxClientFrameBytes) {
        session.refuseFrame(`the frame of ${bytes.length} bytes is over the limit of ${maxClientFrameBytes}`);
      } else session.receive(bytes.toString('utf8'));
    });
    // ws reports broken frames (bad UTF-8, over the hard limit) here and closes the socket itself.
    ws.on('error', () => session.dispose());
    ws.on('close', () => session.dispose());
  });

  port = await listen(http, options.port);
  return {
    port,
    token,
    url: `${origin()}/?${hostWireTokenParam}=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets.clients) ws.terminate();
        sockets.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }).then(() => dropped?.dispose()),
  };
}
