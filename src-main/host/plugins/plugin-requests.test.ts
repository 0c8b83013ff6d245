// The HostApi's plugin calls with real plugins: a conversion and pages kept in the plugin's cache
// (a second view asks the plugin nothing), a call cancelled by its id, and a plan applied only by
// its id, once, step by step, never overwriting, or recorded with simulated services.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../../src-shared/host-api';
import { SimulatedPlatform } from '../../platform/simulated';
import { createHost, type Host } from '../host';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const NETPBM = 'dev.vitruvian.samples.skwir-netpbm';
const FIXTURE = 'test.calls.fixture';

let scratch: string;
let host: Host;
let platform: SimulatedPlatform;
let events: HostEvent[];

const open = async (services: 'simulated' | 'system') => {
  platform = new SimulatedPlatform();
  host = await createHost({ dataFolder: join(scratch, 'app'), platform, services });
  events = [];
  host.subscribe((event) => events.push(event));
};

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-plugin-calls-'));
  await open('simulated');
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const write = async (name: string, content: string) => {
  const path = join(scratch, name);
  await writeFile(path, content);
  return path;
};
/** The calls of this method the plugin was sent, from its trace. */
const sent = async (id: string, method: string) => (await host.readTrace(id)).lines.filter((l) => l.direction === 'toTool' && l.method === method);

/** The host's fixture plugin, granted read and write, with the command `echo` (it answers what its first file holds). */
async function installFixture(): Promise<void> {
  const folder = join(scratch, 'fixture');
  await mkdir(folder);
  await copyFile(join(root, 'src-main/host/fixtures/skwir-plugin.mjs'), join(folder, 'plugin.mjs'));
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      `id = "${FIXTURE}"`,
      'name = "Fixture"',
      'version = "1.0.0"',
      'capabilities = ["read", "write"]',
      '[program]',
      'exec = "plugin.mjs"',
      '[[fields]]',
      'key = "late.2000"',
      'title = "Late"',
      '[[commands]]',
      'name = "echo"',
      'title = "Echo"',
      '[[commands]]',
      'name = "readwait.3000"',
      'title = "Read a little, then wait"',
      '',
    ].join('\n'),
  );
  expect((await host.loadInPlace(folder)).ok).toBe(true);
}

describe('the plugin cache', () => {
  it('gives a second view of a conversion without asking the plugin, and asks again once the file changed', async () => {
    expect((await host.installFolder(join(root, 'tools-sample/skwir-netpbm'))).ok).toBe(true);
    const ppm = await write('one.ppm', 'P3\n1 1\n255\n10 20 30\n');
    const first = await host.convert(NETPBM, 'c1', ppm);
    expect(first).toMatchObject({ ok: true, cached: false, answer: { name: 'one.png' } });
    const second = await host.convert(NETPBM, 'c2', ppm);
    // The same file kept once, under a token of each answer's own.
    expect(second).toMatchObject({ ok: true, cached: true, answer: { name: 'one.png', bytes: first.ok ? first.answer?.bytes : -1 } });
    expect(second.ok && first.ok && second.answer?.token !== first.answer?.token).toBe(true);
    expect(await sent(NETPBM, 'convert')).toHaveLength(1);
    await write('one.ppm', 'P3\n2 1\n255\n10 20 30 40 50 60\n');
    expect(await host.convert(NETPBM, 'c3', ppm)).toMatchObject({ ok: true, cached: false });
    expect(await sent(NETPBM, 'convert')).toHaveLength(2);
  });

  it('gives a conversion answered null after earlier calls, whose handles ran on (a file read in pages)', async () => {
    expect((await host.installFolder(join(root, 'tools-sample/skwir-netpbm'))).ok).toBe(true);
    const one = await write('one.ppm', 'P3\n1 1\n255\n10 20 30\n');
    const album = await write('album.ppm', 'P3\n1 1\n255\n1 2 3\nP3\n2 1\n255\n4 5 6 7 8 9\n');
    expect(await host.askThumbnail(NETPBM, 't1', one, 64)).toMatchObject({ ok: true });
    // The plugin's second call names its file by handle 2: the null it answers is shown as null.
    expect(await host.convert(NETPBM, 'c1', album)).toEqual({ ok: true, answer: null, ms: expect.any(Number), cached: false });
    expect(await host.convert(NETPBM, 'c2', album)).toMatchObject({ ok: true, answer: null, cached: true });
  });

  it('keeps pages: the count and outline once, each picture by side, the text apart', async () => {
    expect((await host.installFolder(join(root, 'tools-sample/skwir-netpbm'))).ok).toBe(true);
    const album = await write('album.ppm', 'P3\n1 1\n255\n1 2 3\nP3\n2 1\n255\n4 5 6 7 8 9\n');
    const page1 = await host.page(NETPBM, 'p1', album, { page: 1, side: 64, text: true });
    expect(page1).toMatchObject({ ok: true, cached: false, answer: { pages: 2, png: expect.any(String), outline: [{ page: 1 }, { page: 2 }] } });
    expect(await host.page(NETPBM, 'p2', album, { page: 1, side: 64, text: true })).toMatchObject({
      ok: true,
      cached: true,
      answer: page1.ok ? page1.answer : undefined,
    });
    expect(await sent(NETPBM, 'page')).toHaveLength(1);
    // Another side: only the picture is asked (side 128, no text); the text comes from the cache.
    const bigger = await host.page(NETPBM, 'p3', album, { page: 1, side: 128, text: true });
    expect(bigger).toMatchObject({ ok: true, cached: false, answer: { pages: 2, text: page1.ok ? page1.answer?.text : [] } });
    const asked = await sent(NETPBM, 'page');
    expect(asked).toHaveLength(2);
    expect((JSON.parse(asked[1]!.text) as { params: unknown }).params).toMatchObject({ page: 1, side: 128, text: false });
    // A search reads the text of page 2 without drawing it, then finds it kept.
    expect(await host.page(NETPBM, 'p4', album, { page: 2, side: 0, text: true })).toMatchObject({ ok: true, answer: { png: null } });
    expect(await host.page(NETPBM, 'p5', album, { page: 2, side: 0, text: true })).toMatchObject({ ok: true, cached: true });
    expect(await sent(NETPBM, 'page')).toHaveLength(3);
    // Uninstalling the plugin takes its cache with it.
    expect(await readdir(join(scratch, 'app', 'cache'))).toEqual([NETPBM]);
    await host.uninstall(NETPBM);
    expect(existsSync(join(scratch, 'app', 'cache', NETPBM))).toBe(false);
  });
});

describe("calls by the window's ids", () => {
  it('cancels a call by its id, and says when no call has it', async () => {
    await installFixture();
    const file = await write('x.txt', 'x');
    const late = host.askField(FIXTURE, 'slow-1', file, 'late.2000');
    await expect.poll(async () => (await sent(FIXTURE, 'field')).length, { timeout: 10_000 }).toBe(1); // the call is out
    expect(await host.cancelCall('slow-1')).toEqual({ ok: true });
    expect(await late).toEqual({ ok: false, outcome: 'cancelled', message: 'field was cancelled' });
    expect(await host.cancelCall('slow-1')).toEqual({ ok: false, problem: 'no call "slow-1" is waiting for its answer' });
    expect((await sent(FIXTURE, '$/cancel')).length).toBe(1);
  });

  it('refuses a call whose params do not fit the manifest, naming them, and sends nothing', async () => {
    await installFixture();
    const file = await write('y.txt', 'y');
    expect(await host.askField(FIXTURE, 'f1', file, 'nope')).toEqual({
      ok: false,
      outcome: 'failed',
      message: 'key: "nope" is not a field of the plugin (it declares "late.2000")',
    });
    expect(await host.askThumbnail(FIXTURE, 't1', file, 64)).toMatchObject({ ok: false, message: expect.stringContaining('no preview with thumbnails') });
    expect(await sent(FIXTURE, 'field')).toHaveLength(0);
  });
});

describe('plans', () => {
  const plan = (steps: unknown[]) => JSON.stringify({ answer: 'plan', title: 'Tidy', note: 'for the test', steps });

  it('applies a plan by its id once, in order, stopping at the first step that would overwrite', async () => {
    await host.dispose();
    await open('system');
    await installFixture();
    const archive = join(scratch, 'Archive');
    const a = await write('a.txt', 'a');
    const b = await write('b.txt', 'b');
    const c = await write('c.txt', 'c');
    await mkdir(archive);
    await writeFile(join(archive, 'c.txt'), 'already here');
    const planFile = await write(
      'plan.json',
      plan([
        { op: 'rename', file: 2, name: 'bee.txt' },
        { op: 'copy', file: 3, to: archive },
        { op: 'mkdir', path: join(scratch, 'New') },
      ]),
    );
    const answer = await host.runPluginCommand(FIXTURE, 'cmd', 'echo', null, [planFile, b, c]);
    expect(answer).toMatchObject({ ok: true, answer: { answer: 'plan', title: 'Tidy', files: [planFile, b, c], planId: expect.any(String) } });
    const planId = answer.ok && answer.answer.answer === 'plan' ? answer.answer.planId : '';
    // Nothing is touched before the plan is applied.
    expect(existsSync(b)).toBe(true);
    const result = await host.applyPlan(planId);
    expect(result).toEqual({
      ok: false,
      problem: `step 2 failed: ${join(archive, 'c.txt')} exists already; nothing is overwritten; the steps after it were not run`,
      steps: [
        { step: { op: 'rename', file: 2, name: 'bee.txt' }, words: `rename ${b} to bee.txt`, status: 'done' },
        {
          step: { op: 'copy', file: 3, to: archive },
          words: `copy ${c} into ${archive}`,
          status: 'failed',
          problem: `${join(archive, 'c.txt')} exists already; nothing is overwritten`,
        },
        { step: { op: 'mkdir', path: join(scratch, 'New') }, words: `make the folder ${join(scratch, 'New')}`, status: 'notRun' },
      ],
    });
    expect(existsSync(join(scratch, 'bee.txt'))).toBe(true);
    expect(await readFile(join(archive, 'c.txt'), 'utf8')).toBe('already here');
    expect(existsSync(join(scratch, 'New'))).toBe(false);
    expect(existsSync(a)).toBe(true);
    expect(await host.applyPlan(planId)).toMatchObject({ ok: false, problem: expect.stringContaining('is waiting to be applied') });
  });

  it("applies a plan to the files its handles name when the plugin's handles ran on from earlier calls", async () => {
    await installFixture();
    const done = await write('done.json', JSON.stringify({ answer: 'done' }));
    // The first call's files are handles 1 and 2; the plan's call gives its own 3 and 4.
    expect(await host.runPluginCommand(FIXTURE, 'first', 'echo', null, [done, await write('other.txt', 'x')])).toMatchObject({ ok: true });
    const doomed = await write('doomed.txt', 'bye');
    const planFile = await write('plan.json', plan([{ op: 'trash', file: 4 }]));
    const answer = await host.runPluginCommand(FIXTURE, 'second', 'echo', null, [planFile, doomed]);
    expect((await sent(FIXTURE, 'command')).at(-1)?.text).toContain('"handle":4');
    // As the window gets it: the step names its file by its place among the plan's files.
    expect(answer).toMatchObject({ ok: true, answer: { steps: [{ op: 'trash', file: 2 }], files: [planFile, doomed] } });
    const planId = answer.ok && answer.answer.answer === 'plan' ? answer.answer.planId : '';
    expect(await host.applyPlan(planId)).toEqual({
      ok: true,
      steps: [{ step: { op: 'trash', file: 2 }, words: `move ${doomed} to the trash`, status: 'recorded' }],
    });
  });

  it('moves to the trash through the platform, and records every step instead with simulated services', async () => {
    await installFixture();
    const doomed = await write('doomed.txt', 'bye');
    const planFile = await write(
      'plan.json',
      plan([
        { op: 'trash', file: 2 },
        { op: 'move', file: 2, to: '/somewhere/else' },
      ]),
    );
    const answer = await host.runPluginCommand(FIXTURE, 'cmd2', 'echo', null, [planFile, doomed]);
    const planId = answer.ok && answer.answer.answer === 'plan' ? answer.answer.planId : '';
    const result = await host.applyPlan(planId);
    expect(result).toEqual({
      ok: true,
      steps: [
        { step: { op: 'trash', file: 2 }, words: `move ${doomed} to the trash`, status: 'recorded' },
        { step: { op: 'move', file: 2, to: '/somewhere/else' }, words: `move ${doomed} into /somewhere/else`, status: 'recorded' },
      ],
    });
    expect(existsSync(doomed)).toBe(true);
    const recorded = events.flatMap((event) => (event.type === 'serviceCall' ? [event.call] : []));
    expect(recorded.map((call) => [call.toolId, call.method, call.params])).toEqual([
      [FIXTURE, 'plan/trash', { op: 'trash', path: doomed }],
      [FIXTURE, 'plan/move', { op: 'move', from: doomed, to: '/somewhere/else/doomed.txt' }],
    ]);
  });
});

describe('a call’s progress', () => {
  it('tells how far a call waiting for its answer has read its files, and nothing once it has ended', async () => {
    await installFixture();
    const path = await write('big.txt', 'x'.repeat(10_000));
    const readServed = new Promise<void>((resolve) =>
      host.subscribe((event) => event.type === 'trace' && event.line.method === 'read' && event.line.direction === 'toTool' && resolve()),
    );
    const answer = host.runPluginCommand(FIXTURE, 'c1', 'readwait.3000', undefined, [path]);
    await readServed;
    expect(await host.callProgress('c1')).toEqual({ read: 3000, size: 10_000 });
    expect(await host.callProgress('no-such-call')).toBeNull();
    expect(await host.cancelCall('c1')).toEqual({ ok: true });
    expect(await answer).toMatchObject({ ok: false, outcome: 'cancelled' });
    expect(await host.callProgress('c1')).toBeNull();
  });
});
