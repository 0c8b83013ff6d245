// The test bed's session over the real host, with the fixture plugin answering what once ended the
// test bed or froze its window: a value nested 5,000 deep (the session ran out of stack encoding
// it), 200,000 rows, a row of 300,000 cells, a plan of 100,000 steps. Through the window's own
// client of the socket; the session keeps answering after each.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNodeSocket } from './fixtures/node-socket';
import { connectWebSocketHost, type WebSocketHost } from '../../src-renderer/transport/ws-client';
import { VALUE_MAX_DEPTH } from '../../src-shared/limits';
import { SKWIR_SHOWN_LIMITS } from '../../src-shared/skwir/limits';
import { fixturePluginFolder } from '../host/fixtures/plugin-folder';
import { createHost, type Host } from '../host/host';
import { SimulatedPlatform } from '../platform/simulated';
import { startTestbedServer, type TestbedServer } from './server';

const FIXTURE = 'test.testbed.answers';

let scratch: string;
let host: Host;
let server: TestbedServer;
let client: WebSocketHost;
let file: string;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-testbed-answers-'));
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
  const folder = await fixturePluginFolder(scratch, { id: FIXTURE, commands: ['deep.5000', 'steps.100000', 'echo'], capabilities: ['read', 'write'] });
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

describe('the test bed, with a plugin answering too much', () => {
  it('hands the window 10,000 rows of 200,000, saying how many were left out', async () => {
    const answer = await client.inspect(FIXTURE, 'c3', file, { query: 'rows:200000' });
    if (!answer.ok || !answer.answer) throw new Error(`not answered: ${JSON.stringify(answer).slice(0, 300)}`);
    expect(answer.answer.rows).toHaveLength(SKWIR_SHOWN_LIMITS.rows);
    expect(answer.answer.rows.at(-1)!.cells).toEqual([`row ${SKWIR_SHOWN_LIMITS.rows - 1}`]);
    expect(answer.answer.leftOut).toEqual({ rows: 200_000 - SKWIR_SHOWN_LIMITS.rows });
    await stillAnswering();
  });

  it('hands the window the first cells of a row of 300,000, and the first columns', async () => {
    const answer = await client.inspect(FIXTURE, 'c4', file, { query: 'cells:300000' });
    if (!answer.ok || !answer.answer) throw new Error(`not answered: ${JSON.stringify(answer).slice(0, 300)}`);
    expect(answer.answer.rows[0]!.cells).toHaveLength(SKWIR_SHOWN_LIMITS.cells);
    expect(answer.answer.columns).toHaveLength(SKWIR_SHOWN_LIMITS.cells);
    expect(answer.answer.leftOut).toEqual({ cells: 300_000 - SKWIR_SHOWN_LIMITS.cells, columns: 300_000 - SKWIR_SHOWN_LIMITS.cells });
    await stillAnswering();
  });

  it('shows a plan of 100,000 steps cut to 10,000, and applies only those', async () => {
    const answer = await client.runPluginCommand(FIXTURE, 'c5', 'steps.100000', undefined, [file]);
    if (!answer.ok || answer.answer.answer !== 'plan') throw new Error(`no plan: ${JSON.stringify(answer).slice(0, 300)}`);
    expect(answer.answer.steps).toHaveLength(SKWIR_SHOWN_LIMITS.steps);
    expect(answer.answer.leftOut).toEqual({ steps: 100_000 - SKWIR_SHOWN_LIMITS.steps });
    const applied = await client.applyPlan(answer.answer.planId);
    expect(applied.steps).toHaveLength(SKWIR_SHOWN_LIMITS.steps);
    await stillAnswering();
  });
});
