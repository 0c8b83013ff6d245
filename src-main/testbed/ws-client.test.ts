// The window's client (src-renderer/transport) against the real test bed server and a fake host.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../src-shared/host-api';
import { createFakeHost, makeTool, type FakeHost } from '../../src-shared/test/fake-host';
import { openNodeSocket } from './fixtures/node-socket';
import type { OpenSocket } from '../../src-renderer/transport/socket';
import { connectWebSocketHost, hostSocketUrl, type WebSocketHost } from '../../src-renderer/transport/ws-client';
import { createAppStore } from '../../src-renderer/store/app-store';
import { bindHostEvents } from '../../src-renderer/store/host-events';
import { startTestbedServer, type TestbedServer } from './server';

const hello = { id: 'hello', title: { en: 'Say hello' }, surfaces: ['window' as const] };

let rendererDir: string;
let fake: FakeHost;
let server: TestbedServer;
const clients: WebSocketHost[] = [];

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'vitruvian-renderer-'));
  fake = createFakeHost({ tools: [makeTool({ id: 'com.example.fake', commands: [hello] })] });
  server = await startTestbedServer({ host: fake.host, rendererDir, port: 0 });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.dispose();
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const pageOf = (url: string) => {
  const page = new URL(url);
  return { protocol: page.protocol, host: page.host, search: page.search };
};

async function connect(url = server.url): Promise<WebSocketHost> {
  const client = await connectWebSocketHost(pageOf(url), openNodeSocket(new URL(url).origin));
  clients.push(client);
  return client;
}

describe('the browser client of the HostApi', () => {
  it('finds the socket from the page address, and says so when the token is missing', () => {
    expect(hostSocketUrl({ protocol: 'http:', host: '127.0.0.1:9', search: '?token=a%2Bb' })).toBe('ws://127.0.0.1:9/host?token=a%2Bb');
    expect(() => hostSocketUrl({ protocol: 'http:', host: '127.0.0.1:9', search: '' })).toThrow(/no token/);
  });

  it('carries requests and their answers', async () => {
    const client = await connect();
    expect((await client.listTools()).map((tool) => tool.id)).toEqual(['com.example.fake']);
    expect(await client.runCommand('com.example.fake', 'hello')).toEqual({ outcome: 'done' });
    expect(await client.setPreference('com.example.fake', 'color', 'red')).toEqual({ ok: true });
    expect(fake.requestsNamed('setPreference')).toContainEqual(['com.example.fake', 'color', 'red']);
  });

  it('hears host events in order', async () => {
    const client = await connect();
    const events: HostEvent[] = [];
    client.subscribe((event) => events.push(event));
    for (let i = 0; i < 500; i++) fake.log('com.example.fake', `line ${i}`);
    await expect.poll(() => events.length).toBe(500);
    expect(events.map((event) => (event.type === 'log' ? event.line.message : ''))).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`));
  });

  it('sends the requests of one turn as one message, and each gets its own answer', async () => {
    const sent: string[] = [];
    const counting: OpenSocket = (url, handlers) => {
      const socket = openNodeSocket(new URL(server.url).origin)(url, handlers);
      return { send: (text) => (sent.push(text), socket.send(text)), close: () => socket.close() };
    };
    const client = await connectWebSocketHost(pageOf(server.url), counting);
    clients.push(client);
    const [tools, info, log] = await Promise.all([client.listTools(), client.info(), client.readLog('com.example.fake')]);
    expect(tools.map((tool) => tool.id)).toEqual(['com.example.fake']);
    expect(info).toMatchObject({ platform: 'fake' });
    expect(log).toEqual([]);
    expect(sent).toHaveLength(1);
    expect((JSON.parse(sent[0]!) as { method: string }[]).map((frame) => frame.method)).toEqual(['listTools', 'info', 'readLog']);
  });

  it('keeps a language chosen as the window opens, though the host told it before answering what it asked first', async () => {
    const client = await connect();
    const store = createAppStore(client);
    bindHostEvents(client, store, (flush) => flush());
    const sent = fake.requests.length;
    // One message: the host answers the info (English) after telling the change to French it made since.
    const loading = store.getState().load();
    const choosing = store.getState().setLanguage('fr');
    await Promise.all([loading, choosing]);
    const asked = fake.requests.slice(sent).map((request) => request.name);
    expect(asked.indexOf('info')).toBeLessThan(asked.indexOf('setLanguage'));
    expect(store.getState().hostInfo?.language).toBe('en');
    expect(store.getState().language).toBe('fr');
  });

  it('fails to connect with a clear reason when the token is wrong', async () => {
    await expect(connect(`http://127.0.0.1:${server.port}/?token=wrong`)).rejects.toThrow(/exact address it printed/);
  });

  it('reconnects after the link drops and brings the window up to date', async () => {
    const client = await connect();
    await client.listTools();
    const events: HostEvent[] = [];
    client.subscribe((event) => events.push(event));
    const states: string[] = [];
    client.onDidChangeConnection((state) => states.push(state));

    const { port, token } = server;
    await server.close();
    await expect.poll(() => client.connectionState).toBe('reconnecting');
    // While the link is down the tool went away, another came, and the language changed.
    fake = createFakeHost({ tools: [makeTool({ id: 'com.example.other' })] });
    fake.log('com.example.other', 'said while you were away');
    await fake.host.setLanguage('fr');
    server = await startTestbedServer({ host: fake.host, rendererDir, port, token });

    await expect.poll(() => client.connectionState, { timeout: 10_000 }).toBe('connected');
    await expect.poll(() => events.some((event) => event.type === 'log')).toBe(true);
    expect(events).toContainEqual({ type: 'toolRemoved', toolId: 'com.example.fake' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool', tool: expect.objectContaining({ id: 'com.example.other' }) }));
    expect(events).toContainEqual({ type: 'language', language: 'fr' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', line: expect.objectContaining({ message: 'said while you were away' }) }));
    expect(states).toEqual(['reconnecting', 'connected']);
    expect(await client.info()).toMatchObject({ language: 'fr' });
  });

  it('after a reconnection, keeps what the host told while the catch-up was on its way over the older state it read', async () => {
    const client = await connect();
    const store = createAppStore(client);
    bindHostEvents(client, store, (flush) => flush());
    await store.getState().load();
    const { port, token } = server;
    await server.close();
    await expect.poll(() => client.connectionState).toBe('reconnecting');
    // Back with a host whose answers are made, then something changes and is told, then they are sent.
    fake = createFakeHost({ tools: [makeTool({ id: 'com.example.fake' })] });
    const { listTools, info } = fake.host;
    fake.host.listTools = async () => {
      const then = await listTools();
      fake.emit({ type: 'tool', tool: makeTool({ id: 'com.example.added' }) });
      return then;
    };
    fake.host.info = async () => {
      const then = await info();
      await fake.host.setLanguage('fr');
      return then;
    };
    server = await startTestbedServer({ host: fake.host, rendererDir, port, token });
    await expect.poll(() => client.connectionState, { timeout: 10_000 }).toBe('connected');
    await expect.poll(() => fake.requestsNamed('readLog').length).toBeGreaterThan(0);
    expect(Object.keys(store.getState().tools).sort()).toEqual(['com.example.added', 'com.example.fake']);
    expect(store.getState().language).toBe('fr');
  });

  it('keeps a request made while the link is down until it comes back', async () => {
    const client = await connect();
    const { port, token } = server;
    await server.close();
    await expect.poll(() => client.connectionState).toBe('reconnecting');
    const answer = client.info();
    server = await startTestbedServer({ host: fake.host, rendererDir, port, token });
    await expect(answer).resolves.toMatchObject({ platform: 'fake' });
  });

  it('fails requests in flight when the link drops, naming the request', async () => {
    const client = await connect();
    let asked = false;
    fake.host.runCommand = () => {
      asked = true;
      return new Promise(() => undefined);
    };
    const running = client.runCommand('com.example.fake', 'hello');
    await expect.poll(() => asked).toBe(true);
    await server.close();
    await expect(running).rejects.toThrow(/runCommand: the link to the test bed dropped/);
    server = await startTestbedServer({ host: createFakeHost().host, rendererDir, port: 0 });
  });
});
