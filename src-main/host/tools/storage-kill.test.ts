// Done when: killing the host (SIGKILL) while a tool writes preferences loses no committed value.
// A real host process installs a tool that stores a counter in a loop and lists every value it got
// an answer for; the host is killed mid-stream, and what is on disk must hold the last answered
// value (or the one after it, stored but not yet answered).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { processAlive } from '../process/process-group';
import { PreferenceStore } from './storage';

const hostScript = fileURLToPath(new URL('../fixtures/host-killed/host.ts', import.meta.url));
const toolId = 'test.host.writer';
const counterPref = { id: 'counter', kind: 'number', default: 0 } as const;

let data: string;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'vt-kill-'));
});
afterEach(async () => {
  await rm(data, { recursive: true, force: true });
});

const committed = async (): Promise<number[]> => {
  const text = await readFile(join(data, 'data', toolId, 'committed.txt'), 'utf8').catch(() => '');
  // Only whole lines: the tool may be cut in the middle of appending one.
  return text.split('\n').slice(0, -1).map(Number);
};
const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

it('keeps every answered value when the host is killed while a tool writes', async () => {
  let before = 0;
  for (const round of [1, 2, 3]) {
    const host = spawn(process.execPath, ['--import', 'tsx', hostScript, data], { stdio: ['ignore', 'pipe', 'inherit'] });
    await until(async () => (await committed()).length >= before + 50, `the tool wrote in round ${round}`);
    host.kill('SIGKILL');
    await new Promise((resolve) => host.once('exit', resolve));
    const toolPid = Number(await readFile(join(data, 'data', toolId, 'pid'), 'utf8'));
    // The tool sees its input close and exits; after that nothing more can be committed.
    await until(() => !processAlive(toolPid), 'the tool exited');

    const values = await committed();
    const last = values.at(-1)!;
    const stored = (await new PreferenceStore(data).open(toolId)).get(counterPref);
    expect(typeof stored).toBe('number');
    // Every value was answered only once stored; the one after may be stored without its answer.
    expect([last, last + 1]).toContain(stored);
    // The next host's tool counts from 1 again; its values go on in committed.txt after these.
    before = values.length;
  }
}, 90_000);
