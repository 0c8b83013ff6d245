import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processAlive } from '../host/process/process-group';
import type { CliIo } from './io';
import { command, defaultTestbedPort, readTestbedArgs } from './testbed';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { io, out, err };
};

describe('vitruvian-tool testbed arguments', () => {
  it('takes folders and options in any order', () => {
    expect(readTestbedArgs(['a', '--port', '0', 'b', '--services=system', '--data', '/tmp/d', '--language', 'fr'])).toEqual({
      ok: true,
      args: { folders: ['a', 'b'], port: 0, services: 'system', dataFolder: '/tmp/d', language: 'fr', trace: false },
    });
    expect(readTestbedArgs([])).toEqual({ ok: true, args: { folders: [], port: defaultTestbedPort, services: 'simulated', trace: false } });
    expect(readTestbedArgs(['--trace'])).toMatchObject({ ok: true, args: { trace: true } });
    expect(readTestbedArgs(['--', '--odd-folder'])).toMatchObject({ ok: true, args: { folders: ['--odd-folder'] } });
  });

  it.each([
    [['--port', 'http'], '--port: expected a port number from 0 to 65535, got "http"'],
    [['--port', '70000'], '--port: expected a port number from 0 to 65535, got "70000"'],
    [['--port'], '--port needs a value'],
    [['--services', 'real'], '--services: expected simulated or system, got "real"'],
    [['--language', 'f r'], '--language: expected a language tag such as en or fr, got "f r"'],
    [['--verbose'], 'unknown option --verbose; it takes --port, --services, --data, --language or --trace'],
  ])('refuses %j', (args, problem) => {
    expect(readTestbedArgs(args)).toEqual({ ok: false, problem });
  });

  it('exits 2 with the usage for bad arguments and for a folder that is not there', async () => {
    const bad = capture();
    expect(await command(['--port', 'x'], bad.io, new Promise(() => undefined))).toBe(2);
    expect(bad.err).toEqual([expect.stringMatching(/^testbed: --port: expected a port number/), expect.stringMatching(/^usage: vitruvian-tool testbed /)]);
    const missing = capture();
    expect(await command(['/no/such/tool'], missing.io, new Promise(() => undefined))).toBe(2);
    expect(missing.err[0]).toMatch(/^testbed: "\/no\/such\/tool" is not a folder/);
    expect(bad.out).toEqual([]);
  });
});

describe('vitruvian-tool testbed as a process', () => {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  let work: string;

  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'vitruvian-testbed-cli-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  /** A tool that writes its pid into its data folder, so the test can see it end. */
  async function pidTool(): Promise<string> {
    const folder = join(work, 'pid-tool');
    await mkdir(folder);
    await writeFile(
      join(folder, 'vitruvian-tool.json'),
      JSON.stringify({
        id: 'org.example.pid',
        name: { en: 'Pid' },
        version: '1.0.0',
        protocol: 1,
        publisher: { en: 'Test' },
        runtime: { exec: 'tool.mjs' },
      }),
    );
    await writeFile(
      join(folder, 'tool.mjs'),
      `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
writeFileSync('pid', String(process.pid));
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocol: 1, version: '1.0.0' } }) + '\\n');
});
setInterval(() => undefined, 1000);
`,
    );
    await chmod(join(folder, 'tool.mjs'), 0o755);
    return folder;
  }

  const findFile = async (folder: string, name: string): Promise<string | undefined> => {
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name === name) return join(entry.parentPath, entry.name);
    }
    return undefined;
  };

  it('prints its address on a line of its own, serves the window there, traces as run and ask do, and stops every tool on SIGTERM', async () => {
    const tool = await pidTool();
    const data = join(work, 'data');
    const child = spawn(process.execPath, ['bin/vitruvian-tool.mjs', 'testbed', tool, '--port', '0', '--data', data, '--trace'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/m.test(stdout), { timeout: 60_000 }).toBe(true);
      const url = stdout.split('\n').find((line) => line.startsWith('http://127.0.0.1:')) ?? '';
      expect(stdout).toContain(`loaded ${tool}: org.example.pid 1.0.0`);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      let pidFile: string | undefined;
      await expect.poll(async () => (pidFile = await findFile(data, 'pid')), { timeout: 20_000 }).toBeDefined();
      const pid = Number(await readFile(pidFile ?? '', 'utf8'));
      expect(processAlive(pid)).toBe(true);

      // The tool was started once the window's address was served: its initialize, both ways, is on stderr.
      await expect.poll(() => stderr, { timeout: 20_000 }).toMatch(/^\{"direction":"fromTool","message":\{"jsonrpc":"2\.0","id":\d+,"result":\{"protocol":1/m);
      expect(stderr).toMatch(/^\{"direction":"toTool","message":\{"jsonrpc":"2\.0","id":\d+,"method":"initialize"/m);
      child.kill('SIGTERM');
      expect(await exited, stderr).toBe(0);
      expect(processAlive(pid)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});
