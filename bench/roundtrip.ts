// A service round trip through the host (tool request -> broker -> simulated service -> answer)
// against a bare echo host that answers every request `{}` straight from the line, measured in the
// same run with the same tool. DESIGN.md section 7: within 2x.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createHost } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';

const fixture = fileURLToPath(new URL('../src-main/host/fixtures/host-bench', import.meta.url));
const toolId = 'test.host.bench';
const repeats = 7;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Starts the tool, answers initialize, then times `repeats` runs of the command, echoing `{}` to every request. */
async function bareEchoHost(exec: string, args: string[], cwd: string): Promise<number[]> {
  const child = spawn(exec, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'], shell: false });
  const write = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const answers = new Map<number, () => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number | string; method?: string };
    if (message.method !== undefined && message.id !== undefined) write({ id: message.id, result: {} });
    else if (typeof message.id === 'number') answers.get(message.id)?.();
  });
  let nextId = 1;
  const request = (method: string, params: object) =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      write({ id, method, params });
    });
  await request('initialize', { protocols: [1], language: 'en', dataFolder: cwd });
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    await request('command/run', { command: 'roundTrips' });
    times.push(performance.now() - start);
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return times;
}

async function throughHost(dataFolder: string): Promise<number[]> {
  const host = await createHost({ dataFolder, platform: new SimulatedPlatform(), services: 'simulated' });
  try {
    const loaded = await host.loadInPlace(fixture);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const started = await host.start(toolId);
    if (!started.ok) throw new Error(started.problem);
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const start = performance.now();
      const outcome = await host.runCommand(toolId, 'roundTrips');
      if (outcome.outcome !== 'done') throw new Error(`roundTrips: ${JSON.stringify(outcome)}`);
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await host.dispose();
  }
}

export async function benchRoundTrip(): Promise<{ host: number; bare: number; ratio: number; rounds: number }> {
  const manifest = JSON.parse(await readFile(join(fixture, 'vitruvian-tool.json'), 'utf8')) as {
    runtime: { exec: string; args: string[] };
  };
  const rounds = Number(manifest.runtime.args[0]);
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-roundtrip-'));
  try {
    // Warm both up once (JIT, file cache), then measure them in turn.
    const exec = join(fixture, manifest.runtime.exec);
    await bareEchoHost(exec, manifest.runtime.args, scratch);
    const host = median(await throughHost(join(scratch, 'host')));
    const bare = median(await bareEchoHost(exec, manifest.runtime.args, scratch));
    return { host: (host * 1000) / rounds, bare: (bare * 1000) / rounds, ratio: host / bare, rounds };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { host, bare, ratio, rounds } = await benchRoundTrip();
  console.log(
    `service round trip (${rounds} clipboard/writeText, median of ${repeats}): host ${host.toFixed(1)} µs, bare echo host ${bare.toFixed(1)} µs, ` +
      `ratio ${ratio.toFixed(2)}x (target within 2x: ${ratio <= 2 ? 'yes' : 'NO'})`,
  );
}
