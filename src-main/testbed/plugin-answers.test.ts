// The test bed's session over the real host, with the fixture plugin answering what once ended the
// test bed: a value nested 5,000 deep (the session ran out of stack encoding it). Through the
// window's own client of the socket; the session keeps answering after each.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { OpenSocket } from '../../src-renderer/transport/socket';
import { connectWebSocketHost, type WebSocketHost } from '../../src-renderer/transport/ws-client';
import { VALUE_MAX_DEPTH } from '../../src-shared/limits';
import { fixturePluginFolder } from '../host/fixtures/plugin-folder';
import { createHost, type Host } from '../host/host';
import { SimulatedPlatform } from '../platform/simulated';
import { startTestbedServer, type TestbedServer } from './server';

const FIXTURE = 'test.testbed.answers';

const openNodeSocket =
  (origin: string): OpenSocket =>
  (url, handlers) => {
    const ws = new WebSocket(url, { origin });
    ws.on('open', () => handlers.opened());
    ws.on('message', (data, isBinary) => {
      if (!isBinary) handlers.received((data as Buffer).toString('utf8'));
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => handlers.closed(code, String(reason)));
    return { send: (text) => ws.send(text), close: () => ws.close() };
  };

let scratch: string;
let host: Host;
let server: TestbedServer;
let client: WebSocketHost;
let file: string;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-testbed-answers-'));
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
  const folder = await fixturePluginFolder(scratch, { id: FIXTURE, commands: ['deep.5000', 'echo'] });
  expect((await host.loadInPlace(folder)).ok).toBe(true);
  server = await startTestbedServer({ host, rendererDir: scratch, port: 0 });
  const page = new URL(server.url);
  client = await connectWebSocketHost({ protocol: page.protocol, host: page.host, search: page.search }, openNodeSocket(page.origin));
  file = join(scratch, 'a.json');
  await writeFile(file, JSON.stringify({ answer: 'value', value: 'still here' }));
});

afterEach(async () => {
  client.dispose();
  await server.close();
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const stillAnswering = async () => {
  expect(await client.runPluginCommand(FIXTURE, `echo-${Math.random()}`, 'echo', undefined, [file])).toMatchObject({
    ok: true,
    answer: { value: 'still here' },
  });
  expect((await client.listTools()).map((tool) => tool.id)).toEqual([FIXTURE]);
};

describe('the test bed, with a plugin answering too deep', () => {
  it('fails a command whose value nests 5,000 deep, naming the depth, and answers the next request', async () => {
    const answer = await client.runPluginCommand(FIXTURE, 'c1', 'deep.5000', undefined, [file]);
    expect(answer).toMatchObject({
      ok: false,
      malformed: true,
      message: expect.stringContaining(`result.value[0][0]…: nested more than ${VALUE_MAX_DEPTH} levels deep`),
    });
    await stillAnswering();
  });

  it("fails an inspection whose row's target nests 5,000 deep, and answers the next request", async () => {
    const answer = await client.inspect(FIXTURE, 'c2', file, { query: 'deep-target:5000' });
    expect(answer).toMatchObject({ ok: false, malformed: true, message: expect.stringContaining('result.rows[0].target…: nested more than') });
    await stillAnswering();
  });
});
