// A well-behaved tool under the supervisor, as real processes.
import { readFileSync, realpathSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllHarnesses, processAlive, startHarness } from '../fixtures/harness';

afterEach(disposeAllHarnesses);

function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

describe('ToolSupervisor with a well-behaved tool', () => {
  it('starts it in its data folder, in its own process group, with the allow-listed environment', async () => {
    const h = startHarness('echo-tool.mjs', {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/home/someone' },
    });
    await h.tool.start();
    expect(h.tool.state).toBe('running');
    expect(h.tool.toolVersion).toBe('0.0.1');
    const pid = h.tool.pid as number;
    expect(processGroupOf(pid)).toBe(pid);
    expect(processGroupOf(pid)).not.toBe(processGroupOf(process.pid));
    expect(await h.tool.runCommand('env')).toEqual({ outcome: 'done' });
    const line = h.logs.find((l) => l.source === 'tool' && l.message.startsWith('env '));
    const reported = JSON.parse(line?.message.slice(4) ?? '{}') as { env: Record<string, string>; cwd: string };
    expect(reported.cwd).toBe(realpathSync(h.dataFolder));
    expect(Object.keys(reported.env).sort()).toEqual(['HOME', 'PATH']);
    await h.dispose();
    expect(processAlive(pid)).toBe(false);
  });

  it('never passes NODE_OPTIONS or ELECTRON_RUN_AS_NODE by default', async () => {
    const saved = { ...process.env };
    process.env.NODE_OPTIONS = '--max-old-space-size=100';
    process.env.ELECTRON_RUN_AS_NODE = '1';
    try {
      const h = startHarness('echo-tool.mjs');
      await h.tool.start();
      await h.tool.runCommand('env');
      const line = h.logs.find((l) => l.message.startsWith('env '));
      const env = (JSON.parse(line?.message.slice(4) ?? '{}') as { env: Record<string, string> }).env;
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect(env.ELECTRON_RUN_AS_NODE).toBeUndefined();
      expect(env.PATH).toBeDefined();
    } finally {
      process.env = saved;
    }
  });

  it('sends initialize first, with the versions offered, the language and the data folder', async () => {
    const h = startHarness('echo-tool.mjs', { language: 'fr' });
    await h.tool.start();
    expect(h.trace[0]).toMatch(/^toTool initialize .*"protocols":\[1\],"language":"fr","dataFolder":/);
    expect(h.trace[0]).toContain(JSON.stringify(h.dataFolder));
    expect(h.states).toEqual(['starting', 'running']);
    await h.waitFor(() => h.logged('stderr', 'echo-tool started'), 'the stderr line in the log');
  });

  it("runs commands: done, refused with the tool's words, unknown and not runnable", async () => {
    const h = startHarness('echo-tool.mjs', { commandIds: ['ok', 'refuse', 'narrow', 'hang'] });
    await h.tool.start();
    expect(h.tool.runnable).toEqual(['ok', 'refuse', 'narrow', 'hang']); // all, until commands/state
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' });
    expect(await h.tool.runCommand('refuse')).toEqual({ outcome: 'refused', message: 'not now' });
    expect(await h.tool.runCommand('nosuch')).toMatchObject({ outcome: 'unavailable', reasonCode: { code: 'unknownCommand', command: 'nosuch' } });
    const changes: (readonly string[])[] = [];
    h.tool.onDidChangeRunnable((runnable) => changes.push(runnable));
    expect(await h.tool.runCommand('narrow')).toEqual({ outcome: 'done' });
    expect(changes).toEqual([['ok']]); // 'nosuch' is not declared: left out, and logged
    expect(h.logged('protocol', '"nosuch"')).toBe(true);
    expect(await h.tool.runCommand('refuse')).toEqual({
      outcome: 'unavailable',
      message: 'the tool does not offer the command “refuse” right now',
      reasonCode: { code: 'notRunnable', command: 'refuse' },
    });
  });

  it('follows commands/state sent right after initialize', async () => {
    const h = startHarness('echo-tool.mjs', { args: ['--runnable=ok'], commandIds: ['ok', 'refuse'] });
    await h.tool.start();
    await h.waitFor(() => h.tool.runnable.length === 1, 'commands/state');
    expect(h.tool.runnable).toEqual(['ok']);
  });

  it('times out a command and logs its late answer', async () => {
    const h = startHarness('echo-tool.mjs', { limits: { commandMs: 200 } });
    await h.tool.start();
    expect(await h.tool.runCommand('late')).toEqual({ outcome: 'timeout' });
    await h.waitFor(() => h.logged('protocol', 'late answer to command/run'), 'the late answer in the log');
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' }); // the link goes on
  });

  it("answers the tool's requests through handleRequest", async () => {
    const h = startHarness('echo-tool.mjs');
    await h.tool.start();
    expect(await h.tool.runCommand('ask')).toEqual({ outcome: 'done' });
    expect(h.logged('tool', 'app answered {"value":"from the app"}')).toBe(true);
  });

  it('sends preferences/changed and language/changed only to a tool that answered initialize', async () => {
    const h = startHarness('echo-tool.mjs');
    h.tool.languageChanged('de'); // not started: remembered for initialize, not sent
    h.tool.preferencesChanged([{ id: 'token', value: 'early' }]);
    await h.tool.start();
    expect(h.trace[0]).toContain('"language":"de"');
    h.tool.preferencesChanged([{ id: 'token', value: 'abc' }]);
    h.tool.languageChanged('fr');
    await h.waitFor(() => h.logged('tool', 'language fr'), 'the language notice');
    expect(h.logged('tool', 'preferences {"preferences":[{"id":"token","value":"abc"}]}')).toBe(true);
    expect(h.logged('tool', 'early')).toBe(false);
  });

  it('stops with shutdown and a clean exit, no signal, no warning', async () => {
    const h = startHarness('echo-tool.mjs');
    await h.tool.start();
    const pid = h.tool.pid as number;
    await h.tool.stop();
    expect(h.tool.state).toBe('stopped');
    expect(processAlive(pid)).toBe(false);
    expect(h.trace.some((t) => t.startsWith('toTool shutdown'))).toBe(true);
    expect(h.logs.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
  });

  it('starts a demand tool when its first command runs, and again after it stopped', async () => {
    const h = startHarness('echo-tool.mjs', { start: 'demand' });
    expect(h.tool.state).toBe('idle');
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' });
    expect(h.tool.state).toBe('running');
    await h.tool.stop();
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'done' });
  });

  it('does not start a stopped launch tool for a command', async () => {
    const h = startHarness('echo-tool.mjs');
    await h.tool.start();
    await h.tool.stop();
    expect(await h.tool.runCommand('ok')).toEqual({ outcome: 'unavailable', message: 'the tool is not running', reasonCode: { code: 'notRunning' } });
  });
});
