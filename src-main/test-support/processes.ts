// Test support: watching for processes by a marker in their command line, without timing assertions.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Whether any process's command line holds the marker (a unique folder name, say). */
export const running = async (marker: string): Promise<boolean> => {
  const { stdout } = await promisify(execFile)('ps', ['-A', '-o', 'args=']);
  return stdout.split('\n').some((line) => line.includes(marker));
};

/** Polls the condition until it holds or `ms` have passed; answers its last value. */
export async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}
