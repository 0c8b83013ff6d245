// Start to initialized (docs/design/performance.md): ToolSupervisor.start() until the tool answered
// initialize, against spawning the same program and reading its first line, in the same run.
// Target: within 1.3x.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from '../src-main/host/process/child-env';
import { ToolSupervisor } from '../src-main/host/tools/tool-supervisor';
import { best, median } from './measure/pairs';

const fixture = (name: string) => fileURLToPath(new URL(`../src-main/host/fixtures/${name}`, import.meta.url));
const PROGRAMS = [
  { name: 'a shell tool', path: fixture('instant-tool.sh') },
  { name: 'a Node tool', path: fixture('echo-tool.mjs') },
];
const ROUNDS = 25;

/** Spawn, send initialize, and wait for the first line: the least any host must do. */
function bare(path: string, cwd: string): Promise<number> {
  const start = performance.now();
  const child = spawn(path, [], { cwd, env: childEnvironment(), stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocols: [1], language: 'en', dataFolder: cwd } })}\n`);
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => {
      const elapsed = performance.now() - start;
      if (!chunk.includes(10)) reject(new Error('the first chunk held no whole line'));
      child.stdin.end();
      child.once('exit', () => resolve(elapsed));
    });
  });
}

async function supervised(path: string, cwd: string): Promise<number> {
  const tool = new ToolSupervisor({
    toolId: 'bench.start',
    execPath: path,
    cwd,
    language: 'en',
    commandIds: [],
    start: 'launch',
    handleRequest: async () => ({}),
    onLog: () => undefined,
  });
  const start = performance.now();
  await tool.start();
  const elapsed = performance.now() - start;
  if (tool.state !== 'running') throw new Error(`the tool is ${tool.state}: ${tool.stateReason}`);
  await tool.dispose();
  return elapsed;
}

export async function benchStart(): Promise<void> {
  const cwd = mkdtempSync(join(tmpdir(), 'vitruvian-bench-start-'));
  try {
    console.log(`start to initialized (best of ${ROUNDS}, taken in turn):`);
    for (const program of PROGRAMS) {
      await bare(program.path, cwd); // warm the file cache and the JIT for both
      await supervised(program.path, cwd);
      const bareTimes: number[] = [];
      const supervisedTimes: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        bareTimes.push(await bare(program.path, cwd));
        supervisedTimes.push(await supervised(program.path, cwd));
      }
      // The best of each is the cost itself; medians show what a busy machine adds on top.
      const ratio = best(supervisedTimes) / best(bareTimes);
      console.log(
        `  ${program.name}: supervisor ${best(supervisedTimes).toFixed(1)} ms, spawn + first line ` +
          `${best(bareTimes).toFixed(1)} ms, ratio ${ratio.toFixed(2)}x (target within 1.3x: ${ratio <= 1.3 ? 'met' : 'NOT MET'}); ` +
          `medians ${median(supervisedTimes).toFixed(1)} and ${median(bareTimes).toFixed(1)} ms`,
      );
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchStart();
