// Starts the real CLI (`node bin/vitruvian-tool.mjs testbed ... --port 0`) as a person would, reads
// the address it prints, and stops it with SIGTERM as Ctrl+C would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const samplesFolder = join(repoRoot, 'tools-sample');
export const fixturesFolder = join(repoRoot, 'e2e', 'fixtures');

export interface RunningTestbed {
  readonly url: string;
  readonly dataFolder: string;
  /** Every line the test bed printed on stdout so far. */
  readonly stdout: string[];
  readonly stderr: string[];
  /** The test bed's process id (a bench reads its memory). */
  readonly pid: number | undefined;
  /** Resolves with the first stdout line matching, from those printed so far or to come. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
}

const addressLine = /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/;

export async function startTestbedCli(args: string[], startTimeoutMs = 90_000): Promise<RunningTestbed> {
  const dataFolder = await mkdtemp(join(tmpdir(), 'vitruvian-e2e-data-'));
  const child: ChildProcess = spawn(process.execPath, ['bin/vitruvian-tool.mjs', 'testbed', ...args, '--port', '0', '--data', dataFolder], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const collect = (into: string[], watch: boolean) => {
    let rest = '';
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        into.push(line);
        if (!watch) continue;
        for (const waiter of [...waiters]) {
          if (waiter.pattern.test(line)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(line);
          }
        }
      }
    };
  };
  child.stdout?.on('data', collect(stdout, true));
  child.stderr?.on('data', collect(stderr, false));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLine = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const found = stdout.find((line) => pattern.test(line));
      if (found !== undefined) return resolve(found);
      const timer = setTimeout(() => {
        reject(new Error(`the test bed printed no line matching ${pattern} in ${timeoutMs} ms.\nstdout:\n${stdout.join('\n')}\nstderr:\n${stderr.join('\n')}`));
      }, timeoutMs);
      waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(killer);
      await rm(dataFolder, { recursive: true, force: true });
      return code;
    }
    await rm(dataFolder, { recursive: true, force: true });
    return child.exitCode;
  };

  const url = await Promise.race([
    waitForLine(addressLine, startTimeoutMs),
    exited.then((code) => {
      throw new Error(`the test bed ended with code ${code} before printing its address:\n${stderr.join('\n')}`);
    }),
  ]).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, dataFolder, stdout, stderr, pid: child.pid, waitForLine, stop };
}
