// Running the OS's own programs (osascript, xclip, xdotool, ps, ...) for the platforms.
// Always an argument list, never a shell; the platforms take a RunCommand so tests can see
// exactly which command they would run.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface CommandResult {
  /** Exit code; null when ended by a signal or the time limit. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** Written to the program's standard input, which is then closed. */
  input?: string;
  /** Killed after this long (default 15 s); the result then has code null. */
  timeoutMs?: number;
  /**
   * The program leaves a child behind that keeps serving (xclip -i does): do not wait for its
   * output to close, only for the program itself to exit, and do not read its output.
   */
  leavesChild?: boolean;
  /** Start it and answer as soon as it started (xdg-open may wait for the browser it opens). */
  detached?: boolean;
  env?: NodeJS.ProcessEnv;
}

export type RunCommand = (file: string, args: readonly string[], options?: CommandOptions) => Promise<CommandResult>;

const outputLimit = 4 * 1024 * 1024;

export const runCommand: RunCommand = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    const quiet = options.leavesChild === true || options.detached === true;
    const child = spawn(file, [...args], {
      shell: false,
      env: options.env ?? process.env,
      detached: options.detached === true,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (result: CommandResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ code: null, stdout, stderr: stderr + `\n${file} took longer than ${options.timeoutMs ?? 15_000} ms` });
    }, options.timeoutMs ?? 15_000);
    timer.unref();
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < outputLimit) stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < outputLimit) stderr += chunk;
    });
    child.on('error', (error) => finish(error));
    if (options.detached) {
      child.on('spawn', () => {
        child.unref();
        finish({ code: 0, stdout: '', stderr: '' });
      });
    }
    // 'close' waits for the output to end; a program that leaves a server child only has 'exit'.
    child.on(quiet ? 'exit' : 'close', (code: number | null) => finish({ code, stdout, stderr }));
    if (options.input !== undefined && child.stdin) {
      child.stdin.on('error', () => {}); // the program may exit without reading; its exit code says why
      child.stdin.end(options.input);
    }
  });

/** The full path of a program found on PATH, or null when it is not installed. */
export async function findProgram(name: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}
