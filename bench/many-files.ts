// Many files (docs/design/performance.md): one program plugin's `field` asked for 5,000 small files
// through the host as the window asks it (createHost, askField with a call id of its own, a few
// asks at once as the Files tab sends them, the plugin's queue, the files described and given
// handles, each read served in the plugin's file thread, the trace, and every event the window is
// told, counted), against a bare loop with the same plugin: spawn it, write initialize, then each
// field call in turn, answering its reads by opening, reading and closing the file. The plugin is
// the sample tools-sample/skwir-word-count. Runs taken in pairs, in turn; within 1.3x.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostEvent } from '../src-shared/host-api';
import { SKWIR_READ_LIMIT } from '../src-shared/skwir/limits';
import { ASKS_AT_ONCE } from '../src-renderer/store/file-asking';
import { createHost } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { bareRequests } from './peers/requests';
import { best, inPairs, median } from './measure/pairs';

const sample = fileURLToPath(new URL('../tools-sample/skwir-word-count', import.meta.url));
const pluginId = 'dev.vitruvian.samples.skwir-word-count';
const field = 'word-count.words';
const FILES = 5_000;
const repeats = 7;

interface Side {
  /** Every file's field asked once; resolves with the milliseconds it took. */
  once(): Promise<number>;
  close(): Promise<void>;
}

/** A few hundred bytes of words each, no two alike: file i holds 20 + i % 50 words. */
async function makeFiles(folder: string): Promise<{ paths: string[]; words: number[] }> {
  await mkdir(folder);
  const paths: string[] = [];
  const words: number[] = [];
  for (let i = 0; i < FILES; i++) {
    const count = 20 + (i % 50);
    const path = join(folder, `note-${String(i).padStart(4, '0')}.txt`);
    await writeFile(path, Array.from({ length: count }, (_, w) => `word${i}x${w}${w % 10 === 9 ? '\n' : ' '}`).join(''));
    paths.push(path);
    words.push(count);
  }
  return { paths, words };
}

function checked(path: string, value: unknown, expected: number): void {
  if (value !== expected) throw new Error(`${path}: the plugin counted ${String(value)} words, expected ${expected}`);
}

/** The bare loop: the least a host must do to have the plugin count each file. */
async function bareLoop(paths: string[], words: number[]): Promise<Side> {
  const child = spawn(join(sample, 'word_count.py'), [], { cwd: sample, stdio: ['pipe', 'pipe', 'inherit'] });
  const write = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const { request, answered } = bareRequests<unknown>(write);
  const files = new Map<number, { path: string; fd?: number }>();
  let nextHandle = 1;
  const buffer = Buffer.allocUnsafe(SKWIR_READ_LIMIT);
  const take = (line: string) => {
    const message = JSON.parse(line) as { id: number; method?: string; params?: { file: number; offset: number; length: number }; result?: unknown };
    if (message.method !== 'read') return answered(message.id, message.result);
    const { file, offset, length } = message.params!;
    const open = files.get(file)!;
    open.fd ??= openSync(open.path, 'r');
    const got = readSync(open.fd, buffer, 0, Math.min(length, SKWIR_READ_LIMIT), offset);
    write({ id: message.id, result: { data: buffer.toString('base64', 0, got) } });
  };
  let held = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (held + chunk).split('\n');
    held = lines.pop()!;
    for (const line of lines) take(line);
  });
  await request('initialize', { api: 1, capabilities: ['read'] });
  return {
    async once() {
      const start = performance.now();
      for (const [i, path] of paths.entries()) {
        const handle = nextHandle++;
        files.set(handle, { path });
        const file = { handle, name: basename(path), path, mime: 'text/plain', size: statSync(path).size };
        const result = (await request('field', { key: field, file })) as { value: unknown };
        const fd = files.get(handle)!.fd;
        if (fd !== undefined) closeSync(fd);
        files.delete(handle);
        checked(path, result.value, words[i]!);
      }
      return performance.now() - start;
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Through the host, as the window asks: ASKS_AT_ONCE asks in flight, each with a call id of its own. */
async function throughHost(paths: string[], words: number[], dataFolder: string, events: Map<string, number>): Promise<Side> {
  const host = await createHost({ dataFolder, platform: new SimulatedPlatform(), services: 'simulated' });
  const loaded = await host.loadInPlace(sample);
  if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
  const subscription = host.subscribe((event: HostEvent) => events.set(event.type, (events.get(event.type) ?? 0) + 1));
  let calls = 0;
  return {
    async once() {
      const start = performance.now();
      let next = 0;
      const asker = async () => {
        for (let i = next++; i < paths.length; i = next++) {
          const answer = await host.askField(pluginId, `call-${++calls}`, paths[i]!, field);
          if (!answer.ok) throw new Error(`${paths[i]}: ${answer.outcome}: ${answer.message}`);
          checked(paths[i]!, answer.answer.value, words[i]!);
        }
      };
      await Promise.all(Array.from({ length: ASKS_AT_ONCE }, asker));
      return performance.now() - start;
    },
    async close() {
      subscription.dispose();
      await host.dispose();
    },
  };
}

export async function benchManyFiles() {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-many-files-'));
  const sides: Side[] = [];
  const events = new Map<string, number>();
  try {
    const { paths, words } = await makeFiles(join(scratch, 'files'));
    const bare = await bareLoop(paths, words);
    sides.push(bare);
    const host = await throughHost(paths, words, join(scratch, 'host'), events);
    sides.push(host);
    // A warm-up run each first: it also starts the host's plugin.
    await bare.once();
    await host.once();
    events.clear();
    const pairs = await inPairs(
      repeats,
      () => host.once(),
      () => bare.once(),
    );
    return { pairs, events };
  } finally {
    for (const side of sides) await side.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { pairs, events } = await benchManyFiles();
  const perFile = (ms: number) => `${((ms / FILES) * 1000).toFixed(0)} µs a file`;
  const shown = (values: number[]) => `${(best(values) / 1000).toFixed(2)} s, ${perFile(best(values))} (median ${(median(values) / 1000).toFixed(2)} s)`;
  console.log(`Many files: the word-count sample's field for ${FILES} small files, ${repeats} pairs of runs taken in turn`);
  console.log(`  through the host (askField, ${ASKS_AT_ONCE} at once) ${shown(pairs.host)}`);
  console.log(`  bare loop (one call at a time)     ${shown(pairs.peer)}`);
  const told = [...events].map(([type, count]) => `${count / repeats} ${type}`).join(', ');
  console.log(`  events the window is told a run: ${told || 'none'}`);
  const ratio = pairs.paired;
  console.log(
    `  host vs bare loop: best ${(best(pairs.host) / best(pairs.peer)).toFixed(2)}x, pairs' median ${ratio.toFixed(2)}x (target within 1.3x: ${ratio <= 1.3 ? 'met' : 'NOT MET'})`,
  );
}
