// Runs one measured side in a fresh Node process of its own, started with --expose-gc (so it can
// collect garbage before it reads its resident size), and takes the numbers it sends back over IPC.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measured } from './sides';

const bench = fileURLToPath(new URL('..', import.meta.url));

/** `script`: a file of bench/memory/ whose first argument names the side. */
export function runSide(script: string, name: string): Promise<Measured> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(bench, 'memory', script), name], {
    cwd: join(bench, '..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let measured: Measured | undefined;
    child.on('message', (message) => (measured = message as Measured));
    child.on('exit', (code, signal) =>
      measured ? resolve(measured) : reject(new Error(`the ${name} side ended (${signal ?? `exit code ${code}`}) without its numbers`)),
    );
  });
}
