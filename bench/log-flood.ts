// A flood of log notices through the host as `vitruvian-tool run` meets it (the peer, the log's
// ring and rotating file, the host's event, the CLI's echo of each line to stderr) against a bare
// host that appends each notice's line to a file, in the same run with the same tool: each side
// runs the tool's `flood` command (100,000 notices), best of several runs, taken in turn.
// docs/design/performance.md: within 1.5x.
import { spawn } from 'node:child_process';
import { closeSync, createWriteStream, openSync, writeSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { streamIo } from '../src-main/cli/io';
import { ToolWatch } from '../src-main/cli/run';
import { createHost } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { best, inPairs } from './measure/pairs';
import { bareRequests } from './peers/requests';

const fixture = fileURLToPath(new URL('./fixtures/flood-tool', import.meta.url));
const toolId = 'bench.flood';
const repeats = 11;

interface Side {
  /** Runs the flood once; resolves with the milliseconds it took. */
  once(): Promise<number>;
  close(): Promise<void>;
}

const closed = (stream: Writable) => new Promise((resolve) => stream.end(resolve));

/** Starts the tool, answers initialize, and appends `<level> tool: <message>` for each log notice to a file. */
async function bareHost(exec: string, args: string[], scratch: string): Promise<Side> {
  const file = createWriteStream(join(scratch, 'bare.log'), { flags: 'a' });
  const child = spawn(exec, args, { cwd: scratch, stdio: ['pipe', 'pipe', 'inherit'], shell: false });
  const write = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const { request, answered } = bareRequests<void>(write);
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number; method?: string; params?: { level?: string; message?: string } };
    if (message.method === 'log') file.write(`${message.params?.level ?? 'info'} tool: ${message.params?.message}\n`);
    else answered(message.id, undefined);
  });
  await request('initialize', { protocols: [1], language: 'en', dataFolder: scratch });
  return {
    async once() {
      const start = performance.now();
      await request('command/run', { command: 'flood' });
      await new Promise((resolve) => file.write('', resolve));
      return performance.now() - start;
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
      await closed(file);
    },
  };
}

/**
 * What process.stderr is when redirected to a file: each write() a write(2) at once, synchronous
 * (Node's SyncWriteStream, which is not public).
 */
class SyncFile extends Writable {
  readonly fd: number;
  constructor(path: string) {
    super({ decodeStrings: false });
    this.fd = openSync(path, 'a');
  }
  override _write(chunk: string | Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    if (typeof chunk === 'string') writeSync(this.fd, chunk);
    else writeSync(this.fd, chunk);
    done();
  }
  override _final(done: () => void): void {
    closeSync(this.fd);
    done();
  }
}

/** The host as `run` drives it, its echo going to a file as stderr does when redirected to one. */
async function throughHost(scratch: string): Promise<Side> {
  const echo = new SyncFile(join(scratch, 'echo.log'));
  const host = await createHost({ dataFolder: join(scratch, 'host'), platform: new SimulatedPlatform(), services: 'simulated' });
  const watch = new ToolWatch(host, toolId, streamIo(echo, echo));
  const loaded = await host.loadInPlace(fixture);
  if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
  const started = await host.start(toolId);
  if (!started.ok) throw new Error(started.problem);
  return {
    async once() {
      const start = performance.now();
      const outcome = await host.runCommand(toolId, 'flood');
      if (outcome.outcome !== 'done') throw new Error(`flood: ${JSON.stringify(outcome)}`);
      await new Promise((resolve) => setImmediate(resolve));
      return performance.now() - start;
    },
    async close() {
      watch.dispose();
      await host.dispose();
      await closed(echo);
    },
  };
}

export interface LogFloodResult {
  notices: number;
  /** ms a flood, the best run of each side. */
  host: number;
  bare: number;
  /** The best host run over the best bare run. */
  ratio: number;
  /** The median, over the pairs of runs taken back to back, of host over bare: what is judged. */
  paired: number;
}

export async function benchLogFlood(): Promise<LogFloodResult> {
  const manifest = JSON.parse(await readFile(join(fixture, 'vitruvian-tool.json'), 'utf8')) as { runtime: { exec: string; args: string[] } };
  const notices = Number(manifest.runtime.args[0]);
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-flood-'));
  const bare = await bareHost(join(fixture, manifest.runtime.exec), manifest.runtime.args, scratch);
  const host = await throughHost(scratch);
  try {
    await bare.once();
    await host.once();
    const times = await inPairs(
      repeats,
      () => host.once(),
      () => bare.once(),
    );
    const hostMs = best(times.host);
    const bareMs = best(times.peer);
    const { paired } = times;
    return { notices, host: hostMs, bare: bareMs, ratio: hostMs / bareMs, paired };
  } finally {
    await bare.close();
    await host.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { notices, host, bare, ratio, paired } = await benchLogFlood();
  const rate = (ms: number) => `${Math.round(notices / ms)}k notices/s`;
  console.log(
    `log flood (${notices} notices, ${repeats} pairs of runs taken back to back): best host with run's echo ${host.toFixed(0)} ms (${rate(host)}), ` +
      `best bare host appending to a file ${bare.toFixed(0)} ms (${rate(bare)}) (${ratio.toFixed(2)}x); median of the pairs' ratios ${paired.toFixed(2)}x ` +
      `(target within 1.5x: ${paired <= 1.5 ? 'met' : 'NOT MET'})`,
  );
}
