// The sample plugins at a person's scale, against the programs that do the same: the word-count
// sample counts a 115 MB text (`field` word-count.words) against `wc -w`, and the netpbm sample
// converts 36 MB PPMs to PNG (`convert`: a photograph at 8 and 16 bits a sample, a drawing)
// against Netpbm's `pnmtopng`.
// Each sample runs through the whole host (createHost, callPlugin: its process, every `read` of
// 4 MiB, the trace, the answer's checks); each peer is spawned on the same file, its output going
// to a file. Runs taken in pairs, in turn, in the same run; judged on the median of the pairs'
// ratios, within 3x. The count must be wc's and the PNG's pixels the PPM's (read back with
// Netpbm's `pngtopnm`): a difference is an error, not a slow run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost, type Host } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';
import { writeDrawing, writePicture, writeText } from './inputs/sample-files';
import { best, inPairs, median, type Pairs } from './measure/pairs';

const samples = fileURLToPath(new URL('../tools-sample/', import.meta.url));
const WORD_COUNT = 'dev.vitruvian.samples.skwir-word-count';
const NETPBM = 'dev.vitruvian.samples.skwir-netpbm';
const TEXT_BYTES = 115_000_000;
/** 36 MB each: a photograph's smooth areas, edges and noise at 8 and 16 bits a sample, and a drawing's flat colours. */
const PICTURES = [
  { kind: 'photograph', bits: 8, width: 4000, height: 3000 },
  { kind: 'photograph', bits: 16, width: 3000, height: 2000 },
  { kind: 'drawing', bits: 8, width: 4000, height: 3000 },
] as const;
const TARGET = 3;
const pairs = 5;
/** wc counts words by the locale's idea of a space: a UTF-8 one, as a person's desktop has. */
const UTF8 = { ...process.env, LC_ALL: 'C.UTF-8' };

/** Runs a program to its end, its standard output to `out` (a file) or kept; the milliseconds it took. */
async function run(program: string, args: string[], out?: string): Promise<{ ms: number; stdout: string }> {
  const target = out === undefined ? undefined : await open(out, 'w');
  const start = performance.now();
  const child = spawn(program, args, { env: UTF8, stdio: ['ignore', target ? target.fd : 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
  const ms = performance.now() - start;
  await target?.close();
  if (code !== 0) throw new Error(`${program} ${args.join(' ')} exited with ${code}: ${stderr}`);
  return { ms, stdout };
}

const installed = (program: string) => !spawnSync(program, ['--version'], { stdio: 'ignore' }).error;

async function call(host: Host, pluginId: string, method: 'field' | 'convert', params: Record<string, unknown>, path: string) {
  const start = performance.now();
  const outcome = await host.callPlugin(pluginId, { method, params, files: [path], timeoutMs: 600_000 });
  const ms = performance.now() - start;
  if (outcome.outcome !== 'answered') throw new Error(`${pluginId} ${method}: ${JSON.stringify(outcome).slice(0, 500)}`);
  return { ms, answer: outcome.answer as unknown };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(what: string, peer: string, times: Pairs): void {
  const verdict = times.paired <= TARGET ? 'met' : 'NOT MET';
  console.log(`  ${what}`);
  console.log(`    through the host  best ${seconds(best(times.host))}, median ${seconds(median(times.host))}`);
  console.log(`    ${peer.padEnd(17)} best ${seconds(best(times.peer))}, median ${seconds(median(times.peer))}`);
  console.log(
    `    pairs' median ${times.paired.toFixed(2)}x (best runs ${(best(times.host) / best(times.peer)).toFixed(2)}x); target within ${TARGET}x: ${verdict}`,
  );
}

async function wordCount(host: Host, scratch: string): Promise<void> {
  const path = join(scratch, 'text.txt');
  const bytes = await writeText(path, TEXT_BYTES);
  const counted = async () => {
    const { ms, answer } = await call(host, WORD_COUNT, 'field', { key: 'word-count.words' }, path);
    return { ms, words: (answer as { value: unknown }).value };
  };
  const wc = async () => {
    const { ms, stdout } = await run('wc', ['-w', path]);
    return { ms, words: Number.parseInt(stdout, 10) };
  };
  const [first, peer] = [await counted(), await wc()]; // a warm-up each; the plugin starts here
  if (first.words !== peer.words) throw new Error(`the sample counted ${String(first.words)} words, wc -w ${peer.words}`);
  const times = await inPairs(
    pairs,
    async () => (await counted()).ms,
    async () => (await wc()).ms,
  );
  report(`word count, ${(bytes / 1e6).toFixed(0)} MB of text, ${peer.words.toLocaleString('en')} words (the same count)`, 'wc -w', times);
}

/** The PNG's pixels read back by Netpbm must be the PPM's, 16-bit samples as they are. */
async function samePixels(ppm: string, png: Buffer, scratch: string): Promise<void> {
  const pngPath = join(scratch, 'answer.png');
  await writeFile(pngPath, png);
  await run('pngtopnm', [pngPath], join(scratch, 'answer.ppm'));
  const [original, back] = [await readFile(ppm), await readFile(join(scratch, 'answer.ppm'))];
  const raster = (bytes: Buffer) => bytes.subarray(bytes.length - (original.length - headerLength(original)));
  if (!raster(back).equals(raster(original))) throw new Error(`the PNG of ${ppm} does not hold the PPM's pixels`);
}

/** A raw PPM's header, comments included: up to the one whitespace byte after the maxval. */
function headerLength(ppm: Buffer): number {
  const text = ppm.toString('latin1', 0, 200);
  const found = /^P6(?:\s+|#[^\n]*\n)+\d+(?:\s+|#[^\n]*\n)+\d+(?:\s+|#[^\n]*\n)+\d+\s/.exec(text);
  if (!found) throw new Error('not a raw PPM');
  return found[0].length;
}

async function netpbm(host: Host, scratch: string, netpbmThere: boolean): Promise<void> {
  for (const { kind, bits, width, height } of PICTURES) {
    const path = join(scratch, `${kind}-${bits}.ppm`);
    const bytes = kind === 'drawing' ? await writeDrawing(path, width, height) : await writePicture(path, width, height, bits);
    const converted = async () => {
      const { ms, answer } = await call(host, NETPBM, 'convert', {}, path);
      return { ms, png: Buffer.from((answer as { data: string }).data, 'base64') };
    };
    const first = await converted(); // a warm-up each
    const what = `netpbm, a ${kind} of ${width} × ${height}, ${bits} bits a sample (a ${(bytes / 1e6).toFixed(0)} MB PPM), to a PNG of ${(first.png.length / 1e6).toFixed(2)} MB`;
    if (!netpbmThere) {
      console.log(`  ${what}: through the host ${seconds(first.ms)}; no peer: Netpbm's pnmtopng and pngtopnm are not installed (apt-get install netpbm)`);
      continue;
    }
    const out = join(scratch, 'peer.png');
    const peerFirst = await run('pnmtopng', [path], out);
    await samePixels(path, first.png, scratch);
    const times = await inPairs(
      pairs,
      async () => (await converted()).ms,
      async () => (await run('pnmtopng', [path], out)).ms,
    );
    report(
      `${what} (pnmtopng's: ${((await readFile(out)).length / 1e6).toFixed(2)} MB; first runs ${seconds(first.ms)} and ${seconds(peerFirst.ms)})`,
      'pnmtopng',
      times,
    );
  }
}

export async function benchSamples(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitruvian-bench-samples-'));
  const host = await createHost({ dataFolder: join(scratch, 'host'), platform: new SimulatedPlatform(), services: 'simulated' });
  try {
    for (const sample of ['skwir-word-count', 'skwir-netpbm']) {
      const loaded = await host.loadInPlace(join(samples, sample));
      if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.text).join('\n'));
    }
    console.log(`Samples against their peers: ${pairs} pairs of runs taken in turn, in the same run`);
    await wordCount(host, scratch);
    await netpbm(host, scratch, installed('pnmtopng') && installed('pngtopnm'));
  } finally {
    await host.dispose();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchSamples();
