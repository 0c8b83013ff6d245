// The measured sides of bench/skwir-memory.ts, each run in a fresh Node process of its own with
// --expose-gc (memory/run-side.ts): one Skwir answer line of 64 MiB (a convert answer, its data
// base64) taken through the whole host or by a bare reader, then handled: its data decoded whole,
// as `ask --out` does before it writes the file, and dropped. Two peaks: when the answer is in
// hand (what taking the line cost), and after its handling. A peak is the kernel's high-water mark
// of the resident size (Linux: reset through /proc/self/clear_refs, read from /proc/self/status),
// so one inside a synchronous step (JSON.parse of 64 MiB) is not missed; samples every 5 ms are
// taken too, and are all there is elsewhere.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost } from '../../src-main/host/host';
import { SimulatedPlatform } from '../../src-main/platform/simulated';
import { bareRequests } from '../peers/requests';
import { collect, type Measured } from './sides';

const fixture = fileURLToPath(new URL('../fixtures/skwir-plugin', import.meta.url));
const pluginId = 'bench.skwir';

/** Resets the kernel's high-water mark of our resident size to what it is now; false where there is none. */
function resetKernelPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function kernelPeak(): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Collects, reads the start, runs `work` while watching the peak (`taken()` notes the peak so
 * far, in checks.takenPeak), lets it go, collects again.
 */
async function measure(work: (taken: () => void) => Promise<Measured['checks']>): Promise<Measured> {
  const start = collect();
  const kernel = resetKernelPeak();
  let sampled = start.rss;
  const peakSoFar = () => Math.max(sampled, (kernel && kernelPeak()) || 0, process.memoryUsage.rss());
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 5);
  const began = performance.now();
  let takenPeak = 0;
  const checks = await work(() => (takenPeak = peakSoFar()));
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const peak = peakSoFar();
  // What was freed goes back to the system once collected; give the collector a moment too.
  collect();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const end = collect();
  return { start: start.rss, peak, end: end.rss, heldStart: start.held, heldEnd: end.held, seconds, checks: { ...checks, takenPeak, kernelPeak: kernel } };
}

/** The answer handled: its data decoded whole, as `ask --out` does before writing it; how many bytes it held. */
const decodedBytes = (data: string): number => Buffer.from(data, 'base64').length;

async function withFiles<T>(use: (files: { big: string; empty: string; scratch: string }) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-skwir-memory-'));
  const files = { big: join(scratch, 'picture.bin'), empty: join(scratch, 'empty.bin'), scratch };
  writeFileSync(files.big, 'any'); // the plugin answers 64 MiB whatever the file holds
  writeFileSync(files.empty, '');
  try {
    return await use(files);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Through the whole host: createHost, the plugin loaded in place, convert asked by callPlugin. */
function hostSide(): Promise<Measured> {
  return withFiles(async ({ big, empty, scratch }) => {
    const host = await createHost({ dataFolder: join(scratch, 'host'), platform: new SimulatedPlatform(), services: 'simulated' });
    try {
      const loaded = await host.loadInPlace(fixture);
      if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
      const convert = (file: string) => host.callPlugin(pluginId, { method: 'convert', params: {}, files: [file], timeoutMs: 120_000 });
      const warm = await convert(empty); // starts the plugin; its answer's check compiled
      if (warm.outcome !== 'answered') throw new Error(`convert: ${JSON.stringify(warm)}`);
      return await measure(async (taken) => {
        const outcome = await convert(big);
        taken();
        if (outcome.outcome !== 'answered' || !outcome.answer) throw new Error(`convert: ${JSON.stringify(outcome).slice(0, 500)}`);
        return { dataChars: outcome.answer.data.length, decoded: decodedBytes(outcome.answer.data) };
      });
    } finally {
      await host.dispose();
    }
  });
}

/** The least a reader can do: chunks kept until the line break, joined, parsed, the data decoded. */
function bareSide(): Promise<Measured> {
  return withFiles(async ({ big, empty }) => {
    const child = spawn(join(fixture, 'plugin.mjs'), [], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'inherit'] });
    const { request, answered } = bareRequests<Buffer>((message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`));
    let held: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        const line = Buffer.concat([...held, chunk.subarray(start, newline)]);
        held = [];
        start = newline + 1;
        const id = Number(/"id":(\d+)/.exec(line.toString('latin1', 0, 64))?.[1]);
        answered(id, line);
      }
      if (start < chunk.length) held.push(chunk.subarray(start));
    });
    let lineBytes = 0;
    /** The line's answer; the line itself is not kept past this. */
    const answerOf = (line: Buffer) => {
      lineBytes = line.length + 1;
      return (JSON.parse(line.toString('utf8')) as { result: { name: string; data: string } }).result;
    };
    const convert = async (path: string, taken?: () => void) => {
      const result = answerOf(await request('convert', { file: { handle: 1, name: basename(path), path, size: path === empty ? 0 : 3 } }));
      taken?.();
      return { lineBytes, dataChars: result.data.length, decoded: decodedBytes(result.data) };
    };
    await request('initialize', { api: 1, capabilities: ['read'] });
    await convert(empty);
    try {
      return await measure((taken) => convert(big, taken));
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
}

const sides: Record<string, () => Promise<Measured>> = { 'skwir-answer-host': hostSide, 'skwir-answer-bare': bareSide };

const side = process.argv[2];
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && side !== undefined && sides[side]) {
  const measured = await sides[side]();
  // Run by hand (no IPC channel): the numbers go to stdout.
  if (process.send) process.send(measured, () => process.exit(0));
  else console.log(JSON.stringify(measured));
}
