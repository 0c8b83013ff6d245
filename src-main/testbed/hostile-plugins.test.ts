// The test bed, in a process of its own, with a plugin that misbehaves on purpose in every way that
// once took the host down or grew it without bound (a program plugin; then, in a test bed of its own,
// a module plugin), through the window's own client of its socket. After every attack the test bed
// still answers a well-behaved plugin and lists its entries; at the end it is still running, and its
// peak memory (the kernel's high-water mark of its resident size) stayed under 600 MB.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodeSocket } from './fixtures/node-socket';
import { connectWebSocketHost, type WebSocketHost } from '../../src-renderer/transport/ws-client';
import { VALUE_MAX_DEPTH } from '../../src-shared/limits';
import { SKWIR_SHOWN_LIMITS } from '../../src-shared/skwir/limits';
import { buildComponent, fixtureWat } from '../host/fixtures/module-harness';
import { fixturePluginFolder } from '../host/fixtures/plugin-folder';

const HOSTILE = 'test.hostile.program';
const MODULE = 'test.hostile.module';
const CALM = 'test.hostile.calm';
const MB = 1_000_000;
/** The most the test bed may hold at its peak, whatever a plugin does. */
const PEAK_BOUND = 600 * MB;

const script = fileURLToPath(new URL('./fixtures/testbed-process.ts', import.meta.url));

let scratch: string;
let calmFile: string;
let calls = 0;
const callId = () => `hostile-${++calls}`;

/** Writes a file in the scratch folder; its path. */
async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(scratch, 'files', name);
  await writeFile(path, content);
  return path;
}

/** The kernel's record of a process's peak resident size, in bytes. */
function peakResident(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmHWM:'));
  if (!line) throw new Error(`no VmHWM for ${pid}`);
  return Number(/(\d+)/.exec(line)![1]) * 1024;
}

/** Resolves with the address the test bed prints once it listens. */
function addressOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const line = seen.split('\n').find((text) => text.startsWith('http://'));
      if (line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`the test bed exited (${code}) before it listened`)));
  });
}

/** A test bed process with the calm plugin and the hostile one, and the window's client of it. */
interface Testbed {
  process: ChildProcess;
  client: WebSocketHost;
  hostile: string;
  /** It answers the calm plugin and lists both entries, and is still running. */
  stillAnswering(): Promise<void>;
  stop(): Promise<void>;
}

async function startTestbed(hostile: { id: string; folder: string }): Promise<Testbed> {
  const calm = await fixturePluginFolder(join(scratch, 'plugins'), { id: `${CALM}.${hostile.id.split('.').pop()}`, commands: ['echo'] });
  const data = join(scratch, `data-${hostile.id}`);
  const child = spawn(process.execPath, ['--import', 'tsx', script, data, hostile.folder, calm], { stdio: ['ignore', 'pipe', 'inherit'] });
  const page = new URL(await addressOf(child));
  const client = await connectWebSocketHost({ protocol: page.protocol, host: page.host, search: page.search }, openNodeSocket(page.origin));
  const calmId = `${CALM}.${hostile.id.split('.').pop()}`;
  return {
    process: child,
    client,
    hostile: hostile.id,
    async stillAnswering() {
      expect(await client.runPluginCommand(calmId, callId(), 'echo', undefined, [calmFile])).toMatchObject({ ok: true, answer: { value: 'still here' } });
      expect((await client.listTools()).map((entry) => entry.id).sort()).toEqual([calmId, hostile.id].sort());
      expect(child.exitCode).toBeNull();
    },
    async stop() {
      client.dispose();
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-hostile-'));
  await mkdir(join(scratch, 'files'));
  await mkdir(join(scratch, 'plugins'));
  calmFile = await file('calm.json', JSON.stringify({ answer: 'value', value: 'still here' }));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the test bed under a hostile program plugin', () => {
  let bed: Testbed;
  beforeAll(async () => {
    const folder = await fixturePluginFolder(join(scratch, 'plugins'), {
      id: HOSTILE,
      capabilities: ['read', 'write'],
      commands: ['deep.5000', 'steps.100000'],
      fields: ['swap.fifo', 'many-reads.64', 'read-first.9007199254740992.10', 'answer-then-read'],
    });
    bed = await startTestbed({ id: HOSTILE, folder });
  }, 120_000);
  afterAll(() => bed?.stop());

  it('fails a value nested 5,000 deep as its call, naming the depth', async () => {
    const answer = await bed.client.runPluginCommand(HOSTILE, callId(), 'deep.5000', undefined, [calmFile]);
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining(`nested more than ${VALUE_MAX_DEPTH} levels deep`) });
    await bed.stillAnswering();
  });

  it('hands the window what it can draw of 200,000 rows, a row of 300,000 cells and a plan of 100,000 steps', async () => {
    const rows = await bed.client.inspect(HOSTILE, callId(), calmFile, { query: 'rows.200000' });
    expect(rows).toMatchObject({ ok: true, answer: { leftOut: { rows: 200_000 - SKWIR_SHOWN_LIMITS.rows } } });
    const cells = await bed.client.inspect(HOSTILE, callId(), calmFile, { query: 'cells.300000' });
    expect(cells).toMatchObject({ ok: true, answer: { leftOut: { cells: 300_000 - SKWIR_SHOWN_LIMITS.cells } } });
    const plan = await bed.client.runPluginCommand(HOSTILE, callId(), 'steps.100000', undefined, [calmFile]);
    expect(plan).toMatchObject({ ok: true, answer: { answer: 'plan', leftOut: { steps: 100_000 - SKWIR_SHOWN_LIMITS.steps } } });
    await bed.stillAnswering();
  });

  it('refuses the read of a file swapped for a FIFO, naming it, and never blocks', async () => {
    // Over 64 KiB: a call's one smaller file is read whole as the call begins, and its reads get those bytes.
    const swapped = await file('swapped.txt', 'a file the plugin swaps\n'.repeat(4_000));
    const answer = await bed.client.askField(HOSTILE, callId(), swapped, 'swap.fifo');
    expect(answer).toMatchObject({ ok: true, answer: { value: expect.stringMatching(/^refused -32000: read refused: .*swapped\.txt.* FIFO/) } });
    await bed.stillAnswering();
  });

  it('serves 64 reads of 4 MiB sent at once, and refuses an offset past 2^53 - 1 naming it', async () => {
    const big = await file('big.bin', Buffer.alloc(5 * 1024 * 1024, 7));
    const many = await bed.client.askField(HOSTILE, callId(), big, 'many-reads.64');
    expect(many).toMatchObject({ ok: true });
    expect(many.ok && typeof many.answer.value === 'string' ? many.answer.value.split(' ') : []).toHaveLength(64);
    const past = await bed.client.askField(HOSTILE, callId(), big, 'read-first.9007199254740992.10');
    expect(past).toMatchObject({ ok: true, answer: { value: expect.stringMatching(/^refused -32000: .*9,?007,?199,?254,?740,?992/) } });
    await bed.stillAnswering();
  });

  it("refuses a read sent in the same write as its call's answer", async () => {
    expect(await bed.client.askField(HOSTILE, callId(), calmFile, 'answer-then-read')).toMatchObject({ ok: true, answer: { value: 'answered' } });
    await expect
      .poll(async () => (await bed.client.readLog(HOSTILE)).map((line) => line.message).find((message) => message.startsWith('read after the answer:')), {
        timeout: 20_000,
      })
      .toMatch(/^read after the answer: read refused/);
    await bed.stillAnswering();
  });

  it('is still running, and its peak memory stayed under 600 MB', () => {
    expect(bed.process.exitCode).toBeNull();
    expect(peakResident(bed.process.pid!)).toBeLessThan(PEAK_BOUND);
  });
});

describe('the test bed under a hostile module plugin', () => {
  let bed: Testbed;
  beforeAll(async () => {
    const folder = join(scratch, 'plugins', MODULE);
    await mkdir(folder);
    await buildComponent(folder, fixtureWat());
    await writeFile(
      join(folder, 'skwir-plugin.toml'),
      [`id = "${MODULE}"`, 'name = "Hostile module"', 'version = "1.0.0"', 'capabilities = ["read"]', '[module]', 'wasm = "plugin.wasm"']
        .concat(['grow', 'huge', 'hugelog', 'answer'].flatMap((key) => ['[[fields]]', `key = "${key}"`, `title = "${key}"`]))
        .join('\n'),
    );
    bed = await startTestbed({ id: MODULE, folder });
  }, 120_000);
  afterAll(() => bed?.stop());

  it('stops a module that grows its memory to the cap, and refuses its 200 MiB answer and log line before copying them', async () => {
    expect(await bed.client.askField(MODULE, callId(), calmFile, 'grow')).toMatchObject({ ok: false });
    await bed.stillAnswering();
    expect(await bed.client.askField(MODULE, callId(), calmFile, 'huge')).toMatchObject({ ok: false, message: expect.stringContaining('209,715,200 bytes') });
    await bed.stillAnswering();
    expect(await bed.client.askField(MODULE, callId(), calmFile, 'hugelog')).toMatchObject({
      ok: false,
      message: expect.stringContaining('209,715,200 bytes'),
    });
    expect(await bed.client.askField(MODULE, callId(), calmFile, 'answer')).toMatchObject({ ok: true, answer: { value: 'hello' } });
    await bed.stillAnswering();
  });

  it('is still running, and its peak memory stayed under 600 MB', () => {
    expect(bed.process.exitCode).toBeNull();
    expect(peakResident(bed.process.pid!)).toBeLessThan(PEAK_BOUND);
  });
});
