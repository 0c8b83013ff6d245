// A service round trip through the host (tool request -> broker -> simulated service -> answer)
// against a bare echo host that answers every request `{}` straight from the line, measured in the
// same run with the same tool: one at a time, and pipelined (every request sent at once).
// docs/design/performance.md: within 1.3x, both ways.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createHost } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { best, inPairs } from './measure/pairs';
import { bareRequests } from './peers/requests';

const fixture = fileURLToPath(new URL('../src-main/host/fixtures/host-bench', import.meta.url));
const toolId = 'test.host.bench';
const repeats = 15;

type Mode = 'roundTrips' | 'pipelined';

interface Side {
  /** Runs the command once; resolves with the milliseconds it took. */
  once(mode: Mode): Promise<number>;
  close(): Promise<void>;
}

/** Starts the tool and answers initialize, then answers every request `{}` straight from the line. */
async function bareEchoHost(exec: string, args: string[], cwd: string): Promise<Side> {
  const child = spawn(exec, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'], shell: false });
  const write = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const { request, answered } = bareRequests<void>(write);
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number | string; method?: string };
    if (message.method !== undefined && message.id !== undefined) write({ id: message.id, result: {} });
    else answered(message.id, undefined);
  });
  await request('initialize', { protocols: [1], language: 'en', dataFolder: cwd });
  return {
    async once(mode) {
      const start = performance.now();
      await request('command/run', { command: mode });
      return performance.now() - start;
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function throughHost(dataFolder: string): Promise<Side> {
  const host = await createHost({ dataFolder, platform: new SimulatedPlatform(), services: 'simulated' });
  const loaded = await host.loadInPlace(fixture);
  if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
  const started = await host.start(toolId);
  if (!started.ok) throw new Error(started.problem);
  return {
    async once(mode) {
      const start = performance.now();
      const outcome = await host.runCommand(toolId, mode);
      if (outcome.outcome !== 'done') throw new Error(`${mode}: ${JSON.stringify(outcome)}`);
      return performance.now() - start;
    },
    close: () => host.dispose(),
  };
}

export interface RoundTripResult {
  /** µs a round trip, the best run of each side. */
  host: number;
  bare: number;
  /** The best host run over the best bare run. */
  ratio: number;
  /** The median, over the pairs of runs taken back to back, of host over bare: what is judged. */
  paired: number;
}

export async function benchRoundTrip(): Promise<{ rounds: number } & Record<Mode, RoundTripResult>> {
  const manifest = JSON.parse(await readFile(join(fixture, 'vitruvian-tool.json'), 'utf8')) as {
    runtime: { exec: string; args: string[] };
  };
  const rounds = Number(manifest.runtime.args[0]);
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-roundtrip-'));
  const exec = join(fixture, manifest.runtime.exec);
  const bare = await bareEchoHost(exec, manifest.runtime.args, scratch);
  const host = await throughHost(join(scratch, 'host'));
  const measure = async (mode: Mode): Promise<RoundTripResult> => {
    // In turn, so both see the same machine (other work, CPU clock); a warm-up run each first.
    await bare.once(mode);
    await host.once(mode);
    const times = await inPairs(
      repeats,
      () => host.once(mode),
      () => bare.once(mode),
    );
    const hostMs = best(times.host);
    const bareMs = best(times.peer);
    const { paired } = times;
    return { host: (hostMs * 1000) / rounds, bare: (bareMs * 1000) / rounds, ratio: hostMs / bareMs, paired };
  };
  try {
    return { rounds, roundTrips: await measure('roundTrips'), pipelined: await measure('pipelined') };
  } finally {
    await bare.close();
    await host.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchRoundTrip();
  for (const [mode, words] of [
    ['roundTrips', 'one at a time'],
    ['pipelined', 'pipelined'],
  ] as const) {
    const { host, bare, ratio, paired } = result[mode];
    console.log(
      `service round trip, ${words} (${result.rounds} clipboard/writeText, ${repeats} pairs of runs taken back to back): best host ${host.toFixed(1)} µs, ` +
        `best bare echo host ${bare.toFixed(1)} µs (${ratio.toFixed(2)}x); median of the pairs' ratios ${paired.toFixed(2)}x (target within 1.3x: ${paired <= 1.3 ? 'met' : 'NOT MET'})`,
    );
  }
}
