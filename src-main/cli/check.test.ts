// vitruvian-tool check as people and machines call it: through the real bin, and in process for
// the arguments.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, copyFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { command } from './check';
import type { CliIo } from './io';
import { running, until } from '../test-support/processes';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'bin/vitruvian-tool.mjs');
const fixtures = join(root, 'src-main/conformance/fixtures');

async function runBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { io, out, err };
};

describe.concurrent('vitruvian-tool check through the real bin', () => {
  it('passes a sample tool: one PASS line a check, a summary, exit 0', async () => {
    const { code, stdout } = await runBin(['check', 'tools-sample/clipboard-kit']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('PASS the folder validates: dev.vitruvian.samples.clipboard-kit 1.0.0');
    expect(lines).toContainEqual(expect.stringMatching(/^PASS initialize answered: protocol 1, version "1\.0\.0", in \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^PASS exits 0 after shutdown: exited with code 0 in \d+ ms$/));
    expect(lines.slice(0, -1).every((line) => line.startsWith('PASS '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^dev\.vitruvian\.samples\.clipboard-kit 1\.0\.0: all \d+ checks passed$/);
    expect(code).toBe(0);
  });

  it('--json: one JSON object with each check, exit 1 for a tool that prints to stdout', async () => {
    const { code, stdout } = await runBin(['check', join(fixtures, 'prints-banner'), '--json']);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    const report = JSON.parse(stdout) as { pass: boolean; tool: unknown; checks: { id: string; name: string; pass: boolean; reason: string }[] };
    expect(report.pass).toBe(false);
    expect(report.tool).toEqual({ id: 'test.conformance.prints-banner', version: '1.0.0' });
    expect(report.checks.find((check) => check.id === 'stdout')).toEqual({
      id: 'stdout',
      name: 'stdout carries only messages',
      pass: false,
      reason: 'line 1, `Fixture tool 1.0 starting up`: not JSON; print to stderr instead',
    });
    expect(report.checks.find((check) => check.id === 'initialize')?.pass).toBe(true);
    expect(code).toBe(1);
  });

  it('exit 2 and the usage for a usage error', async () => {
    const { code, stderr } = await runBin(['check']);
    expect(stderr).toContain('check: missing <folder>');
    expect(code).toBe(2);
  });
});

describe('vitruvian-tool check stopped with Ctrl-C', () => {
  it("ends the tool (in its own process group, out of Ctrl-C's reach) before it exits", async () => {
    // A copy of the never-answering fixture in a folder of its own, so its process is told apart.
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-check-sigint-'));
    try {
      const library = join(fixtures, 'fixture-tool.mjs');
      await writeFile(
        join(folder, 'tool.mjs'),
        `#!/usr/bin/env node\nimport { runFixtureTool } from ${JSON.stringify(library)};\nrunFixtureTool({ silent: true, ignoresShutdown: true });\n`,
      );
      await chmod(join(folder, 'tool.mjs'), 0o755);
      await copyFile(join(fixtures, 'never-answers/vitruvian-tool.json'), join(folder, 'vitruvian-tool.json'));
      const cli = spawn(process.execPath, [bin, 'check', folder], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
      const toolProgram = join(folder, 'tool.mjs');
      expect(await until(() => running(toolProgram), 10_000)).toBe(true);
      cli.kill('SIGINT');
      expect(await exited).toBe(1);
      expect(stderr).toContain('check: stopped by SIGINT; the tool was ended');
      expect(await until(async () => !(await running(toolProgram)), 5_000)).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('vitruvian-tool check arguments', () => {
  it.each([
    [[], 'check: missing <folder>'],
    [['a', 'b'], 'check: one folder only, got 2: "a", "b"'],
    [['a', '--verbose'], 'check: unknown option --verbose; it takes --json, --file or --junit'],
  ])('refuses %j with exit 2', async (args, problem) => {
    const { io, out, err } = capture();
    expect(await command(args, io)).toBe(2);
    expect(err).toEqual([problem, 'usage: vitruvian-tool check <folder> [--json] [--file <path>]... [--junit <file>]']);
    expect(out).toEqual([]);
  });

  it('a plugin whose manifest holds typos: the folder check is a WARN naming each with its line, the run still passes', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-check-typos-'));
    try {
      await copyFile(join(fixtures, 'skwir/plugin.mjs'), join(folder, 'plugin.mjs'));
      const manifest = ['id = "test.check.typos"', 'name = "Typos"', 'version = "1.0.0"', 'capabilities = ["read"]', 'descripton = "Counts bytes."'];
      manifest.push(
        '[program]',
        'exec = "plugin.mjs"',
        '[[fields]]',
        'key = "fixture.size"',
        'title = "Size"',
        'extensions = ["txt"]',
        'mime = ["text/plain"]',
      );
      await writeFile(join(folder, 'skwir-plugin.toml'), `${manifest.join('\n')}\n`);
      const { io, out } = capture();
      expect(await command([folder], io)).toBe(0);
      expect(out[0]).toBe(
        'WARN the folder validates: test.check.typos 1.0.0 (Skwir plugin), with 2 warnings: ' +
          'line 5: descripton is not a key of skwir-plugin.toml; did you mean description?; ' +
          'line 12: mime is not a key of fields[0] in skwir-plugin.toml; did you mean mimes?',
      );
      expect(out.at(-1)).toMatch(/^test\.check\.typos 1\.0\.0: all \d+ checks passed, 1 with a warning$/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('a folder that does not validate: one FAIL line with the problem, exit 1', async () => {
    const { io, out } = capture();
    expect(await command(['--', join(fixtures, 'no-such-tool')], io)).toBe(1);
    expect(out[0]).toMatch(/^FAIL the folder validates: folder: ".*no-such-t.*" does not exist$/);
    expect(out).toHaveLength(2);
  });
});
