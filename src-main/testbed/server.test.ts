import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../src-shared/host-wire';
import { createFakeHost, makeTool, type FakeHost } from '../../src-shared/test/fake-host';
import { startTestbedServer, type TestbedServer } from './server';

let rendererDir: string;
let droppedFolder: string;
let fake: FakeHost;
let server: TestbedServer;
const open: WebSocket[] = [];
/** The most a dropped file may hold in these tests. */
const maxDropped = 64 * 1024;

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'vitruvian-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Vitruvian</title>');
  droppedFolder = join(rendererDir, 'dropped');
  fake = createFakeHost({ tools: [makeTool({ id: 'com.example.fake' })] });
  server = await startTestbedServer({ host: fake.host, rendererDir, port: 0, droppedFolder, maxDroppedBytes: maxDropped });
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
    // One Buffer (ws's default binaryType) holding a frame, or a list of the frames of one turn.
    const message = JSON.parse((data as Buffer).toString('utf8')) as ServerFrame | ServerFrame[];
    for (const frame of Array.isArray(message) ? message : [message]) {
      all.push(frame);
      for (const waiter of [...waiting]) {
        if (waiter.match(frame)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
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
    expect(fake.listenerCount()).toBe(0);
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

    fake.log('com.example.fake', 'hello from the tool');
    const events = await seen.next((frame) => frame.kind === 'events');
    expect(events).toMatchObject({
      kind: 'events',
      events: [{ type: 'log', toolId: 'com.example.fake', line: { message: 'hello from the tool' } }],
    });
  });

  it('sends an answer and the events told before it as one message, the events first', async () => {
    const ws = await openSocket(socketUrl());
    const messages: string[] = [];
    ws.on('message', (data) => messages.push((data as Buffer).toString('utf8')));
    const seen = frames(ws);
    fake.log('com.example.fake', 'told before the answer');
    ws.send(JSON.stringify({ kind: 'request', id: 7, method: 'listTools', args: [] }));
    await seen.next(withId(7));
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!)).toMatchObject([
      { kind: 'events', events: [{ type: 'log', line: { message: 'told before the answer' } }] },
      { kind: 'answer', id: 7 },
    ]);
  });

  it('sends a long answer alone, after the frames gathered before it, never copied into a list', async () => {
    const ws = await openSocket(socketUrl());
    const messages: string[] = [];
    ws.on('message', (data) => messages.push((data as Buffer).toString('utf8')));
    const seen = frames(ws);
    const long = 'x'.repeat(1_500_000);
    fake.answers.readLog = () => [{ seq: 1, time: 0, level: 'info', message: long }] as never;
    fake.log('com.example.fake', 'told before the answer');
    ws.send(JSON.stringify({ kind: 'request', id: 8, method: 'readLog', args: ['com.example.fake'] }));
    await seen.next(withId(8));
    expect(messages).toHaveLength(2);
    expect(JSON.parse(messages[0]!)).toMatchObject({ kind: 'events' });
    expect(JSON.parse(messages[1]!)).toMatchObject({ kind: 'answer', id: 8, result: [{ message: long }] });
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
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 2, method: 'format', args: [] }))).toMatch(/method: "format" is not a request/);
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 3, method: 'uninstall', args: [42] }))).toBe('args[0]: expected text, got 42');
    expect(await sendAndRead(JSON.stringify({ kind: 'request', id: 'x', method: 'info', args: [] }))).toMatch(/^id:/);
    expect(await sendAndRead(Buffer.from([1, 2, 3]), true)).toMatch(/binary/);
    expect(await sendAndRead('x'.repeat(1_500_000))).toMatch(/over the limit of 1048576/);
    expect(fake.requests).toEqual([]);

    ws.send(JSON.stringify({ kind: 'request', id: 9, method: 'uninstall', args: ['com.example.fake'] }));
    expect(await seen.next(withId(9))).toEqual({ kind: 'answer', id: 9, result: { ok: true } });
  });

  it('turns a host that throws into a failure for that request only', async () => {
    fake.host.readLog = async () => {
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
    fake.host.runCommand = () => new Promise((resolve) => waiting.push(() => resolve({ outcome: 'done' })));
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
    expect(fake.listenerCount()).toBe(1);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
    await expect.poll(() => fake.listenerCount()).toBe(0);
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

describe('files dropped on a plugin', () => {
  type Answer = { status: number; body: string };
  /** POSTs bytes to /dropped as a page of the test bed would; `chunked` sends no length first. */
  const post = (query: string, body: Buffer, headers: Record<string, string> = {}, chunked = false) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: `/dropped?${query}`,
          headers: { host: `127.0.0.1:${server.port}`, origin: origin(), ...(chunked ? {} : { 'content-length': String(body.length) }), ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      // A refusal may come, and the connection close, before the body is all sent.
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      if (chunked) {
        for (let at = 0; at < body.length; at += 8192) req.write(body.subarray(at, at + 8192));
        req.end();
      } else req.end(body);
    });
  const query = (name: string, token = server.token) => `token=${encodeURIComponent(token)}&name=${encodeURIComponent(name)}`;
  const kept = async () => (existsSync(droppedFolder) ? (await readdir(droppedFolder, { recursive: true })).length : 0);

  it('keeps the bytes under their name and answers where, never overwriting an earlier drop', async () => {
    const first = await post(query('notes é.txt'), Buffer.from('three small words'));
    expect(first.status).toBe(200);
    const { path } = JSON.parse(first.body) as { path: string };
    expect(path.startsWith(droppedFolder)).toBe(true);
    expect(path.endsWith('/notes é.txt')).toBe(true);
    expect(await readFile(path, 'utf8')).toBe('three small words');
    const second = JSON.parse((await post(query('notes é.txt'), Buffer.from('other words'))).body) as { path: string };
    expect(second.path).not.toBe(path);
    expect(dirname(second.path)).not.toBe(dirname(path));
    expect(await readFile(path, 'utf8')).toBe('three small words');
    expect(await readFile(second.path, 'utf8')).toBe('other words');
  });

  it('refuses a missing or wrong token, and a page of another origin, keeping nothing', async () => {
    expect(await post(`name=a.txt`, Buffer.from('x'))).toMatchObject({ status: 401, body: expect.stringContaining('token') });
    expect(await post(query('a.txt', 'nope'), Buffer.from('x'))).toMatchObject({ status: 401 });
    expect(await post(query('a.txt'), Buffer.from('x'), { origin: 'http://evil.example' })).toMatchObject({
      status: 403,
      body: 'origin http://evil.example is not this test bed\n',
    });
    expect(await post(query('a.txt'), Buffer.from('x'), { origin: '' })).toMatchObject({ status: 403 });
    expect(await kept()).toBe(0);
  });

  it('refuses a file over the limit, whether its length is said first or not, keeping nothing', async () => {
    const big = Buffer.alloc(maxDropped + 1, 0x61);
    expect(await post(query('big.bin'), big)).toMatchObject({ status: 413, body: expect.stringContaining('65,536 bytes') });
    expect(await post(query('big.bin'), big, {}, true)).toMatchObject({ status: 413 });
    expect(await post(query('fits.bin'), Buffer.alloc(maxDropped, 0x61), {}, true)).toMatchObject({ status: 200 });
    expect((await readdir(droppedFolder, { recursive: true })).filter((name) => name.endsWith('.bin'))).toHaveLength(1);
  });

  it('refuses a name that is not a plain file name', async () => {
    for (const [name, words] of [
      ['../escape.txt', 'path separator'],
      ['a/b.txt', 'path separator'],
      ['a\\b.txt', 'path separator'],
      ['..', 'is not a file'],
      ['', 'empty'],
      ['bell\u0007.txt', 'control character'],
      ['x'.repeat(256), 'over the 255'],
    ] as const) {
      const answer = await post(query(name), Buffer.from('x'));
      expect(answer.status, name).toBe(400);
      expect(answer.body, name).toContain(words);
    }
    expect(await post(`token=${server.token}`, Buffer.from('x'))).toMatchObject({ status: 400, body: 'name: no name given\n' });
    expect(await kept()).toBe(0);
  });

  it('takes only POST, and removes every dropped file when the server closes', async () => {
    const get = await new Promise<number>((resolve) => {
      httpRequest(
        { host: '127.0.0.1', port: server.port, path: `/dropped?${query('a.txt')}`, headers: { host: `127.0.0.1:${server.port}`, origin: origin() } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      ).end();
    });
    expect(get).toBe(405);
    await post(query('a.txt'), Buffer.from('x'));
    expect(existsSync(droppedFolder)).toBe(true);
    await server.close();
    expect(existsSync(droppedFolder)).toBe(false);
    server = await startTestbedServer({ host: fake.host, rendererDir, port: 0 });
  });
});
