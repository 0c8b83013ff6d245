// Serving `read` to a Skwir plugin (docs/design/performance.md): a plugin reads a 256 MiB file to its end
// in 4 MiB reads through the whole host (createHost, the plugin's process, peer, read checks, trace),
// against a bare loop with the same plugin: a Node program that splits the plugin's output on \n
// and answers each read by reading the chunk, base64, one JSON line written to the same kind of
// pipe. In turn, in the same run; within 1.5x. Also shown, with no target: a bare loop that writes
// each answer in three pieces, never as one string (what writing lines as strings costs).
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { SKWIR_READ_LIMIT as READ_LIMIT } from '../src-shared/skwir/limits';
import { bareRequests } from './peers/requests';
import { best, median } from './measure/pairs';

const fixture = fileURLToPath(new URL('./fixtures/skwir-plugin', import.meta.url));
const pluginId = 'bench.skwir';
const FILE_BYTES = 256 * 1024 * 1024;
const repeats = 5;

interface Side {
  /** The plugin reads the file once; resolves with the milliseconds it took. */
  once(): Promise<number>;
  close(): Promise<void>;
}

/** 256 MiB, no two MiB alike. */
async function makeFile(path: string): Promise<void> {
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 7919) & 0xff;
  const file = await open(path, 'w');
  for (let at = 0; at < FILE_BYTES; at += block.length) {
    block.writeUInt32LE(at, 0);
    await file.write(block, 0, block.length, at);
  }
  await file.close();
}

function checked(value: unknown): void {
  if (value !== FILE_BYTES) throw new Error(`the plugin read ${String(value)} bytes, expected ${FILE_BYTES}`);
}

/**
 * A bare host: split on \n, JSON.parse, read the chunk, base64, write the answer. `line`: one
 * string put together around the base64 (which needs no escaping), written as the host writes a
 * long line: the line, then its break, corked (joining them copies the line once more; see
 * StreamLineWriter). `pieces`: its head, the base64 and its tail written apart, corked, so the
 * answer is never one string (V8 would copy 5.6 MB to make it one before it is written).
 */
async function bareHost(path: string, answer: 'line' | 'pieces'): Promise<Side> {
  const child = spawn(join(fixture, 'plugin.mjs'), [], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'inherit'] });
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(READ_LIMIT);
  const writeCorked = (...pieces: string[]) => {
    child.stdin.cork();
    for (const piece of pieces) child.stdin.write(piece);
    child.stdin.uncork();
  };
  const write = (message: object) => writeCorked(JSON.stringify({ jsonrpc: '2.0', ...message }), '\n');
  const { request, answered } = bareRequests<unknown>(write);
  const take = (line: string) => {
    const message = JSON.parse(line) as { id: number | string; method?: string; params?: { offset: number; length: number }; result?: unknown };
    if (message.method === 'read') {
      const { offset, length } = message.params!;
      const got = readSync(fd, buffer, 0, Math.min(length, READ_LIMIT), offset);
      const head = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"data":"`;
      const data = buffer.toString('base64', 0, got);
      if (answer === 'line') writeCorked(`${head}${data}"}}`, '\n');
      else writeCorked(head, data, '"}}\n');
    } else answered(message.id, message.result);
  };
  let held = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (held + chunk).split('\n');
    held = lines.pop()!;
    for (const line of lines) take(line);
  });
  await request('initialize', { api: 1, capabilities: ['read'] });
  const file = { handle: 1, name: basename(path), path, size: FILE_BYTES };
  return {
    async once() {
      const start = performance.now();
      const result = (await request('field', { key: 'bench.bytes', file })) as { value: unknown };
      const ms = performance.now() - start;
      checked(result.value);
      return ms;
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
      closeSync(fd);
    },
  };
}

async function throughHost(path: string, dataFolder: string): Promise<Side> {
  const host = await createHost({ dataFolder, platform: new SimulatedPlatform(), services: 'simulated' });
  const loaded = await host.loadInPlace(fixture);
  if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
  return {
    async once() {
      const start = performance.now();
      const outcome = await host.callPlugin(pluginId, { method: 'field', params: { key: 'bench.bytes' }, files: [path], timeoutMs: 120_000 });
      const ms = performance.now() - start;
      if (outcome.outcome !== 'answered') throw new Error(`field bench.bytes: ${JSON.stringify(outcome)}`);
      checked(outcome.answer.value);
      return ms;
    },
    close: () => host.dispose(),
  };
}

type SideName = 'host' | 'line' | 'pieces';

export async function benchSkwirRead(): Promise<Record<SideName, number[]>> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-skwir-read-'));
  const path = join(scratch, 'file.bin');
  await makeFile(path);
  const sides: Partial<Record<SideName, Side>> = {};
  try {
    sides.line = await bareHost(path, 'line');
    sides.pieces = await bareHost(path, 'pieces');
    sides.host = await throughHost(path, join(scratch, 'host'));
    const names = ['line', 'pieces', 'host'] as const;
    const times: Record<SideName, number[]> = { host: [], line: [], pieces: [] };
    // In turn, so all see the same machine; a warm-up run each first (it also starts the plugin).
    for (const name of names) await sides[name]!.once();
    for (let i = 0; i < repeats; i++) for (const name of names) times[name].push(await sides[name]!.once());
    return times;
  } finally {
    for (const side of Object.values(sides)) await side.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const times = await benchSkwirRead();
  const rate = (ms: number) => `${((FILE_BYTES / 1024 ** 2 / ms) * 1000).toFixed(0)} MiB/s`;
  const shown = (values: number[]) => `${rate(best(values))} (median ${rate(median(values))})`;
  const versus = (other: number[]) => `${(best(times.host) / best(other)).toFixed(2)}x the time (medians ${(median(times.host) / median(other)).toFixed(2)}x)`;
  console.log(`Skwir read: a plugin reads ${FILE_BYTES / 1024 ** 2} MiB in ${READ_LIMIT / 1024 ** 2} MiB reads (base64), best of ${repeats}, taken in turn`);
  console.log(`  through the host                       ${shown(times.host)}`);
  console.log(`  bare loop, each answer one line        ${shown(times.line)}`);
  console.log(`  bare loop, each answer in three pieces ${shown(times.pieces)}`);
  const ratio = best(times.host) / best(times.line);
  console.log(`  host vs bare loop: ${versus(times.line)} (target within 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT MET'})`);
  console.log(`  host vs bare loop in pieces: ${versus(times.pieces)} (no target: what one string per line costs)`);
}
