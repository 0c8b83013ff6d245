// The measured sides of bench/memory.ts, each run in a fresh Node process of its own with
// --expose-gc: `node --expose-gc --import tsx bench/memory/sides.ts <side>`. A side collects
// garbage, reads its resident size, does its work while sampling, collects again, and sends its
// numbers to the driver over IPC (or prints them as JSON when run by hand).
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from '../../src-main/host/process/child-env';
import { createHost, type Host } from '../../src-main/host/host';
import { SimulatedPlatform } from '../../src-main/platform/simulated';
import { bareRequests } from '../peers/requests';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const memoryTool = join(fixtures, 'memory-tool');
const idleTool = join(fixtures, 'idle-tool');
export const IDLE_TOOLS = 50;
export const IDLE_MS = 4_000;
const MB = 1024 ** 2;

/** What one measured side sends back: resident sizes in bytes, and what it saw. */
export interface Measured {
  start: number;
  peak: number;
  end: number;
  /** V8 heap + buffers outside it, at start and end: what the process holds, without the allocator's slack. */
  heldStart: number;
  heldEnd: number;
  seconds: number;
  checks: Record<string, boolean | number>;
}

const gc = (globalThis as { gc?: () => void }).gc;

export function collect(): { rss: number; held: number } {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss, held: usage.heapUsed + usage.external };
}

/** Collects, reads the start, runs `work` while sampling the resident size, collects again. */
async function measure(work: () => Promise<Measured['checks']>): Promise<Measured> {
  const start = collect();
  let peak = start.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const began = performance.now();
  const checks = await work();
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const end = collect();
  peak = Math.max(peak, end.rss);
  return { start: start.rss, peak, end: end.rss, heldStart: start.held, heldEnd: end.held, seconds, checks };
}

async function withHost<T>(use: (host: Host) => Promise<T>): Promise<T> {
  const data = await mkdtemp(join(tmpdir(), 'vitruvian-bench-memory-'));
  const host = await createHost({ dataFolder: data, platform: new SimulatedPlatform(), services: 'simulated' });
  try {
    return await use(host);
  } finally {
    await host.dispose();
    await rm(data, { recursive: true, force: true });
  }
}

/** Through the host: the command, then `ping` (the link goes on), and what the log says. */
function hostCommand(command: 'bigline' | 'flood'): Promise<Measured> {
  return withHost(async (host) => {
    const id = 'bench.memory';
    const loaded = await host.loadInPlace(memoryTool);
    if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
    if (!(await host.start(id)).ok) throw new Error('the memory tool did not start');
    await host.runCommand(id, 'ping');
    return measure(async () => {
      const outcome = await host.runCommand(id, command);
      const after = await host.runCommand(id, 'ping');
      const log = await host.readLog(id);
      return {
        done: outcome.outcome === 'done',
        answeredAfter: after.outcome === 'done',
        oversizeRefused: log.some((line) => line.source === 'protocol' && line.message.includes('over the 1,048,576 bytes')),
        logLines: log.length,
        lastNotice: log.some((line) => line.message === 'notice 1000000 of 1000000'),
      };
    });
  });
}

/** The least a reader can do: split lines, drop any over 1 MiB unkept, hand the rest on. */
function bareLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping = false;
  stream.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      if (!skipping) onLine(Buffer.concat([...held, chunk.subarray(start, newline)]).toString('utf8'));
      held = [];
      heldBytes = 0;
      skipping = false;
      start = newline + 1;
    }
    if (skipping || start === chunk.length) return;
    heldBytes += chunk.length - start;
    if (heldBytes > MB) {
      held = [];
      skipping = true;
    } else held.push(chunk.subarray(start));
  });
}

function spawnTool(program: string, cwd: string): ChildProcess {
  return spawn(program, [], { cwd, env: childEnvironment(), detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A bare reader: JSON.parse on each line, answers waited for by id, notices counted and dropped. */
async function bareCommand(command: 'bigline' | 'flood'): Promise<Measured> {
  const child = spawnTool(join(memoryTool, 'tool.mjs'), tmpdir());
  child.stderr!.resume();
  let notices = 0;
  let bytes = 0;
  const { request, answered } = bareRequests<void>((message) => child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`));
  child.stdout!.on('data', (chunk: Buffer) => (bytes += chunk.length));
  bareLines(child.stdout!, (line) => {
    const message = JSON.parse(line) as { id?: number; method?: string };
    if (message.method === 'log') notices++;
    else answered(message.id, undefined);
  });
  await request('initialize', { protocols: [1], language: 'en', dataFolder: tmpdir() });
  await request('command/run', { command: 'ping' });
  const measured = await measure(async () => {
    await request('command/run', { command });
    await request('command/run', { command: 'ping' });
    return { notices, bytes };
  });
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return measured;
}

/** Copies of the idle tool, each with an id of its own: bench.idle.t0, bench.idle.t1, ... */
async function idleFolders(scratch: string, count: number): Promise<string[]> {
  const folders: string[] = [];
  for (let i = 0; i < count; i++) {
    const folder = join(scratch, `idle-${i}`);
    await cp(idleTool, folder, { recursive: true });
    const manifest = {
      id: `bench.idle.t${i}`,
      name: { en: `Idle ${i}` },
      version: '1.0.0',
      protocol: 1,
      publisher: { en: 'Vitruvian bench' },
      runtime: { exec: 'tool.sh', start: 'launch' },
    };
    await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(manifest));
    folders.push(folder);
  }
  return folders;
}

/** Waits while the tools idle; the host's CPU time meanwhile, in ms per second. */
async function idlePause(): Promise<number> {
  const before = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / (IDLE_MS / 1000);
}

/** One tool first (its code paths loaded once), then what 50 more cost, idle for a while. */
async function idleHost(): Promise<Measured> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-idle-'));
  try {
    const folders = await idleFolders(scratch, IDLE_TOOLS + 1);
    return await withHost(async (host) => {
      const install = async (folder: string, i: number) => {
        const verdict = await host.installFolder(folder);
        if (!verdict.ok) throw new Error(verdict.problems.map((problem) => problem.text).join('\n'));
        return host.start(`bench.idle.t${i}`);
      };
      await install(folders[0]!, 0);
      return measure(async () => {
        const started = await Promise.all(folders.slice(1).map((folder, i) => install(folder, i + 1)));
        const cpu = await idlePause();
        const running = (await host.listTools()).filter((t) => t.state === 'running').length - 1;
        return { started: started.filter((r) => r.ok).length, running, cpu };
      });
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The same programs spawned with plain child_process: initialize written, its answer read, nothing more. */
async function idleBare(): Promise<Measured> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-idle-'));
  const children: ChildProcess[] = [];
  const launch = (folder: string) =>
    new Promise<void>((resolve) => {
      const child = spawnTool(join(folder, 'tool.sh'), folder);
      children.push(child);
      child.stdout!.once('data', () => resolve());
      const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocols: [1], language: 'en', dataFolder: folder } };
      child.stdin!.write(`${JSON.stringify(initialize)}\n`);
    });
  try {
    const folders = await idleFolders(scratch, IDLE_TOOLS + 1);
    await launch(folders[0]!);
    return await measure(async () => {
      await Promise.all(folders.slice(1).map(launch));
      const cpu = await idlePause();
      return { started: children.length - 1, cpu };
    });
  } finally {
    const exits = children.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))));
    for (const child of children) child.stdin!.end();
    await Promise.all(exits);
    await rm(scratch, { recursive: true, force: true });
  }
}

export const sides: Record<string, () => Promise<Measured>> = {
  'bigline-host': () => hostCommand('bigline'),
  'bigline-bare': () => bareCommand('bigline'),
  'flood-host': () => hostCommand('flood'),
  'flood-bare': () => bareCommand('flood'),
  'idle-host': idleHost,
  'idle-bare': idleBare,
};

const side = process.argv[2];
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && side !== undefined && sides[side]) {
  const measured = await sides[side]();
  // Run by hand (no IPC channel): the numbers go to stdout.
  if (process.send) process.send(measured, () => process.exit(0));
  else console.log(JSON.stringify(measured));
}
