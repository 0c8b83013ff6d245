// Reading tool output (docs/design/performance.md): messages/s of our reader (framing + JSON.parse +
// message shape, what the peer does with each line) against the MCP TypeScript SDK's stdio
// ReadBuffer and a bare JSON.parse loop on the same input; then the cost per byte of 1 MiB lines
// against 1 KiB lines; then the memory a 1 GiB line with no break costs.
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { fileURLToPath } from 'node:url';
import { LineFraming } from '../src-main/host/wire/line-framing';
import { shapeOf } from '../src-main/host/wire/message-shape';

const CHUNK = 65_536; // what a pipe hands over at a time

/**
 * `count` notices of about `size` bytes each, as one stream cut into pipe-sized chunks. One line
 * in eight carries non-ASCII text (which costs more to decode), as tool output does now and then.
 */
function makeInput(count: number, size: number, chunkSize = CHUNK): { chunks: Buffer[]; lines: string[]; bytes: number } {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const head = `{"jsonrpc":"2.0","method":"log","params":{"level":"info","n":${i},"message":"`;
    const tail = '"}}';
    const accents = i % 8 === 0 ? 'déjà vu ' : 'deja vu ';
    lines.push(head + accents + 'x'.repeat(Math.max(0, size - head.length - tail.length - 10)) + tail);
  }
  const all = Buffer.from(lines.join('\n') + '\n');
  const chunks: Buffer[] = [];
  for (let at = 0; at < all.length; at += chunkSize) chunks.push(Buffer.from(all.subarray(at, at + chunkSize)));
  return { chunks, lines, bytes: all.length };
}

function ours(chunks: Buffer[]): number {
  let messages = 0;
  const framing = new LineFraming({
    line: (text) => {
      if (shapeOf(JSON.parse(text)).kind !== 'invalid') messages++;
    },
    refusal: () => undefined,
  });
  for (const chunk of chunks) framing.push(chunk);
  return messages;
}

function mcpReadBuffer(chunks: Buffer[]): number {
  let messages = 0;
  const buffer = new ReadBuffer({ maxBufferSize: Number.MAX_SAFE_INTEGER });
  for (const chunk of chunks) {
    buffer.append(chunk);
    while (buffer.readMessage() !== null) messages++;
  }
  return messages;
}

/** The SDK's framing alone (its Buffer.concat per chunk), without its schema check: for fairness. */
function mcpFramingOnly(chunks: Buffer[]): number {
  let messages = 0;
  let held: Buffer | undefined;
  for (const chunk of chunks) {
    held = held ? Buffer.concat([held, chunk]) : chunk;
    for (let at = held.indexOf(10); at !== -1; at = held.indexOf(10)) {
      JSON.parse(held.toString('utf8', 0, at).replace(/\r$/, ''));
      messages++;
      held = held.subarray(at + 1);
    }
  }
  return messages;
}

function bareParse(lines: string[]): number {
  let messages = 0;
  for (const line of lines) if (JSON.parse(line) !== null) messages++;
  return messages;
}

/** Best of `runs` timings, in ms, after one warm-up run; checks the count each time. */
function time(run: () => number, expected: number, runs = 7): number {
  let best = Infinity;
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const got = run();
    const ms = performance.now() - start;
    if (got !== expected) throw new Error(`read ${got} messages, expected ${expected}`);
    if (i > 0) best = Math.min(best, ms);
  }
  return best;
}

/** Best timings of several runners measured in turn, so a busy moment weighs on all alike. */
function inTurn(runs: (() => number)[], expected: number, rounds = 7): number[] {
  const best = runs.map(() => Infinity);
  for (let round = 0; round <= rounds; round++) {
    runs.forEach((run, i) => {
      const ms = time(run, expected, 1);
      if (round > 0) best[i] = Math.min(best[i] as number, ms);
    });
  }
  return best;
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

export function benchRead(): void {
  const small = makeInput(40_000, 1024);
  const [oursMs, mcpMs, mcpFramingMs, bareMs] = inTurn(
    [() => ours(small.chunks), () => mcpReadBuffer(small.chunks), () => mcpFramingOnly(small.chunks), () => bareParse(small.lines)],
    small.lines.length,
  ) as [number, number, number, number];
  const rate = (ms: number) => `${Math.round((small.lines.length / ms) * 1000).toLocaleString('en')} msg/s`;
  console.log(`reading tool output: ${small.lines.length} messages of 1 KiB, in ${CHUNK / 1024} KiB chunks (best of 7 runs each, taken in turn)`);
  console.log(`  ours (framing + JSON.parse + shape)  ${rate(oursMs)}`);
  console.log(`  MCP SDK ReadBuffer (with its schema) ${rate(mcpMs)}`);
  console.log(`  MCP SDK framing alone + JSON.parse   ${rate(mcpFramingMs)}`);
  console.log(`  bare JSON.parse loop                 ${rate(bareMs)}`);
  const vsMcp = mcpMs / oursMs;
  const vsBare = oursMs / bareMs;
  console.log(`  ours vs MCP ReadBuffer: ${vsMcp.toFixed(2)}x as fast (target at least 1x: ${verdict(vsMcp >= 1)})`);
  console.log(`  ours vs MCP framing alone: ${(mcpFramingMs / oursMs).toFixed(2)}x as fast`);
  console.log(`  ours vs bare JSON.parse: ${vsBare.toFixed(2)}x the time (target within 3x: ${verdict(vsBare <= 3)})`);

  const big = makeInput(48, 1_048_000);
  const [bigMs, mcpBigMs] = inTurn([() => ours(big.chunks), () => mcpReadBuffer(big.chunks)], big.lines.length, 3) as [number, number];
  const perByteSmall = (oursMs * 1e6) / small.bytes;
  const perByteBig = (bigMs * 1e6) / big.bytes;
  console.log('cost per byte, our reader:');
  console.log(`  1 KiB lines ${perByteSmall.toFixed(2)} ns/byte, 1 MiB lines ${perByteBig.toFixed(2)} ns/byte`);
  console.log(`  (MCP ReadBuffer on 1 MiB lines: ${((mcpBigMs * 1e6) / big.bytes).toFixed(2)} ns/byte)`);
  const perByte = perByteBig / perByteSmall;
  console.log(`  1 MiB vs 1 KiB: ${perByte.toFixed(2)}x (target within 2x: ${verdict(perByte <= 2)})`);
  // Where copying everything held on every chunk turns quadratic: long lines in small chunks.
  const slow = makeInput(8, 1_048_000, 4096);
  const [oursSlowMs, mcpSlowMs] = inTurn([() => ours(slow.chunks), () => mcpReadBuffer(slow.chunks)], slow.lines.length, 3);
  const oursSlow = ((oursSlowMs as number) * 1e6) / slow.bytes;
  const mcpSlow = ((mcpSlowMs as number) * 1e6) / slow.bytes;
  console.log(`  1 MiB lines in 4 KiB chunks: ours ${oursSlow.toFixed(2)} ns/byte, MCP ReadBuffer ${mcpSlow.toFixed(2)} ns/byte`);

  // A tool writing 1 GiB with no line break: the reader keeps at most one line's worth.
  const before = process.memoryUsage().rss;
  let mostHeld = 0;
  let refusals = 0;
  const framing = new LineFraming({ line: () => undefined, refusal: () => refusals++ });
  for (let sent = 0; sent < 1024 ** 3; sent += CHUNK) {
    framing.push(Buffer.alloc(CHUNK, 0x61)); // a fresh chunk each time, as a pipe gives
    mostHeld = Math.max(mostHeld, framing.heldBytes);
  }
  const grownMb = (process.memoryUsage().rss - before) / 1024 ** 2;
  console.log(
    `1 GiB with no line break: ${refusals} refusal, at most ${mostHeld} bytes held, resident memory ` +
      `${grownMb >= 0 ? '+' : ''}${grownMb.toFixed(0)} MB (target within 100 MB: ${verdict(grownMb <= 100)})`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) benchRead();
