// Memory of one Skwir answer line of 64 MiB (docs/design/performance.md): a convert answer of 48 MiB as
// base64, the most a line may hold, taken through the whole host (createHost, the plugin's
// process, framing, peer, the answer's check) costs at most 4x its size in resident memory at its
// peak, and nothing once handled. Each side runs in a fresh Node process with --expose-gc and
// sends its numbers over IPC (memory/skwir-sides.ts); the peer, in the same run, is a bare reader
// that keeps the pipe's chunks until the line break, joins them, parses the line.
import { fileURLToPath } from 'node:url';
import { runSide } from './memory/run-side';
import type { Measured } from './memory/sides';

const MiB = 1024 ** 2;
/** The line: the protocol's most, its break included (the plugin fills it to within 4 bytes). */
const LINE_BYTES = 64 * MiB;

const mb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / MiB).toFixed(1)} MiB`;
const times = (bytes: number) => `${(bytes / LINE_BYTES).toFixed(2)}x the line`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

function checked(m: Measured, side: string): void {
  const { dataChars, decoded, lineBytes } = m.checks;
  if (decoded !== ((dataChars as number) / 4) * 3) throw new Error(`${side}: decoded ${decoded} bytes from ${dataChars} characters of base64`);
  if (lineBytes !== undefined && ((lineBytes as number) > LINE_BYTES || (lineBytes as number) < LINE_BYTES - 4)) {
    throw new Error(`${side}: the line was ${lineBytes} bytes, not the most a line may hold`);
  }
}

async function benchSkwirMemory(): Promise<void> {
  const bare = await runSide('skwir-sides.ts', 'skwir-answer-bare');
  const host = await runSide('skwir-sides.ts', 'skwir-answer-host');
  checked(bare, 'bare reader');
  checked(host, 'host');
  const sampling = host.checks.kernelPeak ? "the kernel's high-water mark" : 'sampled every 5 ms';
  console.log(
    `Skwir answer line of 64 MiB (a convert answer: ${(Number(host.checks.decoded) / MiB).toFixed(1)} MiB, as base64): resident memory over where it started, peak by ${sampling}`,
  );
  for (const [name, m] of [
    ['host', host],
    ['bare reader', bare],
  ] as const) {
    const taken = Number(m.checks.takenPeak) - m.start;
    const handled = m.peak - m.start;
    const held = m.heldEnd - m.heldStart;
    const targets = name === 'host';
    console.log(
      `  ${name}: answer in hand ${mb(taken)} at peak, ${times(taken)}${targets ? ` (target at most 4x: ${verdict(taken <= 4 * LINE_BYTES)})` : ''}; ` +
        `with its data then decoded whole (as ask --out does) ${mb(handled)}, ${times(handled)}`,
    );
    console.log(
      `    once handled and collected: ${mb(m.end - m.start)} resident, heap and buffers ${mb(held)}` +
        (targets ? ` (target nothing, judged on what is held, within 1 MiB: ${verdict(held <= MiB)})` : '') +
        `; ${m.seconds.toFixed(2)} s`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchSkwirMemory();
