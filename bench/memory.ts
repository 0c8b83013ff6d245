// Memory (docs/design/performance.md), at the host level with real tool processes: a tool that writes
// 1 GiB with no line break, a tool that floods a million log notices (each leaves the host's
// resident memory within 100 MB of where it started), and 50 idle tools at once (each costs the
// host under 2 MB). Each side runs in a fresh Node process of its own (bench/memory/sides.ts),
// started with --expose-gc so it collects garbage before it reads its resident size, and sends its
// numbers back over IPC. The peer, in the same run, is the least a program must do with the same
// tool processes: a bare pipe reader that keeps nothing, and the same processes spawned with plain
// child_process.
import { fileURLToPath } from 'node:url';
import { runSide } from './memory/run-side';
import { IDLE_MS, IDLE_TOOLS, type Measured } from './memory/sides';

const MB = 1024 ** 2;
const mb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
const growth = (m: Measured) => `${mb(m.peak - m.start)} at peak, ${mb(m.end - m.start)} after (heap and buffers ${mb(m.heldEnd - m.heldStart)})`;

async function benchMemory(): Promise<void> {
  console.log('memory: resident size of the measuring process, sampled every 10 ms, collected before and after (--expose-gc)');
  for (const [command, what] of [
    ['bigline', '1 GiB with no line break'],
    ['flood', 'a million log notices'],
  ] as const) {
    const bare = await runSide('sides.ts', `${command}-bare`);
    const host = await runSide('sides.ts', `${command}-host`);
    const c = host.checks;
    console.log(`  ${what} (${host.seconds.toFixed(1)} s through the host, ${bare.seconds.toFixed(1)} s bare):`);
    console.log(`    host ${growth(host)} (target within 100 MB: ${verdict(host.peak - host.start <= 100 * MB)})`);
    const read = command === 'bigline' ? `${(Number(bare.checks.bytes) / MB).toFixed(0)} MiB read` : `${bare.checks.notices} notices read`;
    console.log(`    bare reader ${growth(bare)}, ${read}`);
    console.log(
      command === 'bigline'
        ? `    the line refused: ${c.oversizeRefused ? 'yes' : 'NO'}; the tool answered after it: ${c.done && c.answeredAfter ? 'yes' : 'NO'}`
        : `    the log kept ${c.logLines} lines, the last notice among them: ${c.lastNotice ? 'yes' : 'NO'}; the tool answered after it: ${c.done && c.answeredAfter ? 'yes' : 'NO'}`,
    );
    const behaved = c.done && c.answeredAfter && (command === 'bigline' ? c.oversizeRefused : c.lastNotice);
    if (!behaved) throw new Error(`${command}: the host did not behave: ${JSON.stringify(c)}`);
  }
  const bare = await runSide('sides.ts', 'idle-bare');
  const host = await runSide('sides.ts', 'idle-host');
  if (host.checks.running !== IDLE_TOOLS) throw new Error(`only ${host.checks.running} of ${IDLE_TOOLS} idle tools were running`);
  const per = (m: Measured) => (m.end - m.start) / IDLE_TOOLS;
  const heldPer = (m: Measured) => (m.heldEnd - m.heldStart) / IDLE_TOOLS;
  console.log(`  ${IDLE_TOOLS} idle tools at once (added to one already running, then idle ${IDLE_MS / 1000} s):`);
  console.log(
    `    host ${mb(host.end - host.start)}, ${kb(per(host))} per tool (target under 2 MB: ${verdict(per(host) < 2 * MB)}); ` +
      `heap and buffers ${kb(heldPer(host))} per tool`,
  );
  // A plain spawn costs its parent a few KB, often less than the resident size shows: a ratio to
  // it would divide by almost nothing, so the difference is printed.
  console.log(
    `    plain child_process ${mb(bare.end - bare.start)}, ${kb(per(bare))} per process (heap and buffers ${kb(heldPer(bare))}); ` +
      `the host's own cost over it: ${kb(per(host) - per(bare))} per tool`,
  );
  const cpu = (m: Measured) => `${(Number(m.checks.cpu) / 10).toFixed(1)}% of a core`;
  console.log(`    CPU while idle (no target): host ${cpu(host)}, plain child_process ${cpu(bare)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchMemory();
