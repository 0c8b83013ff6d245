import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../src-shared/host-wire';
import { FakeHost } from './fake-host';
import { startTestbedServer, type TestbedServer } from './server';

let rendererDir: string;
let host: FakeHost;
let server: TestbedServer;
const open: WebSocket[] = [];

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'vitruvian-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Vitruvian</title>');
  host = new FakeHost();
  server = await startTestbedServer({ host, rendererDir, port: 0 });
});

afterEach(async () => {
  for (const ws of open) ws.terminate();
  open.length = 0;
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const origin = () => `http://127.0.0.1:${server.port}`;
const socketUrl = (token = server.token) => `ws://127.0.0.1:${server.port}/host?token=${token}`;

/** Opens a socket and resolves with it, or rejects with the HTTP status of the refusal. */
function openSocket(url: string, headers: { origin?: string } = { origin: origin() }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, headers.origin ? { origin: headers.origin } : {});
    open.push(ws);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Collects every frame the server sends on this socket. */
function frames(ws: WebSocket): { all: ServerFrame[]; next(match: (frame: ServerFrame) => boolean): Promise<ServerFrame> } {
  const all: ServerFrame[] = [];
  const waiting: { match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    all.push(frame);
    for (const waiter of [...waiting]) {
      if (waiter.match(frame)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  return {
    all,
    next: (match) =>
      new Promise((resolve) => {
        const found = all.find(match);
        if (found) resolve(found);
        else waiting.push({ match, resolve });
      }),
  };
}

const withId = (id: number | null) => (frame: ServerFrame) => frame.kind !== 'events' && frame.id === id;

describe('the test bed WebSocket', () => {
  it('prints an address on 127.0.0.1 with the token in it', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a wrong or missing token', async () => {
    await expect(openSocket(socketUrl('nope'))).rejects.toThrow('refused 401');
    await expect(openSocket(`ws://127.0.0.1:${server.port}/host`)).rejects.toThrow('refused 401');
    expect(host.listenerCount).toBe(0);
  });

  it('refuses a page of another origin, and a socket without an origin', async () => {
    await expect(openSocket(socketUrl(), { origin: 'http://evil.example' })).rejects.toThrow('refused 403');
    await expect(openSocket(socketUrl(), { origin: `http://127.0.0.1:${server.port + 1}` })).rejects.toThrow('refused 403');
    await expect(openSocket(socketUrl(), {})).rejects.toThrow('refused 403');
  });

  it('listens on 127.0.0.1 only: another loopback address finds nobody', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.2', port: server.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });

  it('answers requests and delivers host events', async () => {
    const ws = await openSocket(socketUrl());
    const seen = frames(ws);
    ws.send(JSON.stringify({ kind: 'request', id: 1, method: 'listTools', args: [] }));
    const answer = await seen.next(withId(1));
    expect(answer).toMatchObject({ kind: 'answer', id: 1, result: [{ id: 'com.example.fake' }] });

    host.log('com.example.fake', 'hello from the tool');
    const events = await seen.next((frame) => frame.kind === 'events');
    expect(events).toMatchObject({
      kind: 'events',
      events: [{ type: 'log', toolId: 'com.example.fake', line: { message: 'hello from the tool' } }],
    });
  });

  it('answers each malformed frame with a failure naming the fault, and goes on', async () => {
    const ws = await openSocket(socketUrl());
    const seen = frames(ws);
    const sendAndRead = async (data: string | Buffer, binary = false) => {
      const before = seen.all.length;
      ws.send(data, { binary });
      const frame = await seen.next((f) => seen.all.indexOf(f) >= before && f.kind === 'failure');
      return frame.kind === 'failure' ? frame.problem : '';
    };
    expect(await sendAndRead('{not json')).toMatch(/not JSON/);
    expect(await sendAndRead('[1,2]')).toMatch(/not an object/);
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 2, method: 'format', args: [] }))).toMatch(
      /method: "format" is not a request/,
    );
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 3, method: 'uninstall', args: [42] }))).toBe(
      'args[0]: expected text, got 42',
    );
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 'x', method: 'info', args: [] }))).toMatch(/^id:/);
    expect(await sendAndRead(Buffer.from([1, 2, 3]), true)).toMatch(/binary/);
    expect(await sendAndRead('x'.repeat(1_500_000))).toMatch(/over the limit of 1048576/);
    expect(host.received).toEqual([]);

    ws.send(JSON.stringify({ kind: 'request', id: 9, method: 'uninstall', args: ['com.example.fake'] }));
    expect(await seen.next(withId(9))).toEqual({ kind: 'answer', id: 9, result: { ok: true } });
  });

  it('turns a host that throws into a failure for that request only', async () => {
    host.readLog = async () => {
      throw new Error('the log file is gone');
    };
    const ws = await openSocket(socketUrl());
    const seen = frames(ws);
    ws.send(JSON.stringify({ kind: 'request', id: 4, method: 'readLog', args: ['com.example.fake'] }));
    expect(await seen.next(withId(4))).toEqual({ kind: 'failure', id: 4, problem: 'readLog: the log file is gone' });
    ws.send(JSON.stringify({ kind: 'request', id: 5, method: 'info', args: [] }));
    expect(await seen.next(withId(5))).toMatchObject({ kind: 'answer', result: { platform: 'fake' } });
  });

  it('refuses requests beyond the in-flight limit, and serves again once answers come', async () => {
    const waiting: (() => void)[] = [];
    host.runCommand = () => new Promise((resolve) => waiting.push(() => resolve({ outcome: 'done' })));
    const ws = await openSocket(socketUrl());
    const seen = frames(ws);
    for (let id = 1; id <= 65; id++) {
      ws.send(JSON.stringify({ kind: 'request', id, method: 'runCommand', args: ['com.example.fake', 'hello'] }));
    }
    expect(await seen.next(withId(65))).toEqual({
      kind: 'failure',
      id: 65,
      problem: 'runCommand: refused, 64 requests are already waiting for the host',
    });
    for (const answer of waiting.splice(0)) answer();
    await seen.next(withId(64));
    ws.send(JSON.stringify({ kind: 'request', id: 66, method: 'info', args: [] }));
    expect(await seen.next(withId(66))).toMatchObject({ kind: 'answer' });
  });

  it('closes a socket that sends a frame far over the limit, and stays up for others', async () => {
    const ws = await openSocket(socketUrl());
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send('x'.repeat(5 * 1_048_576));
    expect(await closed).toBe(1009);
    const again = await openSocket(socketUrl());
    const seen = frames(again);
    again.send(JSON.stringify({ kind: 'request', id: 1, method: 'info', args: [] }));
    expect(await seen.next(withId(1))).toMatchObject({ kind: 'answer' });
  });

  it('stops listening to the host when the window goes away', async () => {
    const ws = await openSocket(socketUrl());
    expect(host.listenerCount).toBe(1);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
    await expect.poll(() => host.listenerCount).toBe(0);
  });
});

describe('the test bed over HTTP', () => {
  const get = (path: string, hostHeader = `127.0.0.1:${server.port}`) =>
    new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: hostHeader } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });

  it('serves the window with a strict policy and no referrer', async () => {
    const page = await get('/?token=abc');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Vitruvian</title>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps requests inside the window folder', async () => {
    expect((await get('/../../etc/passwd')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('answers only to its own name (no DNS rebinding)', async () => {
    const page = await get('/', 'attacker.example:80');
    expect(page.status).toBe(421);
  });
});
