// Installing a dropped folder with real files: sparse files, special files, folders over the caps.
// Each refusal names what is wrong and leaves nothing behind in the app's data folder.
import { problemLines } from '../../../src-shared/protocol/problem-reasons';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from './registry';
import { installLimits } from './tool-copy';

const fixture = fileURLToPath(new URL('../fixtures/host-services', import.meta.url));
const MiB = 1024 * 1024;
let scratch: string;
let data: string;
let source: string;
const servers: Server[] = [];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-copy-'));
  data = join(scratch, 'app');
  source = join(scratch, 'dropped');
  await cp(fixture, source, { recursive: true });
});
afterEach(async () => {
  for (const server of servers.splice(0)) server.close();
  await rm(scratch, { recursive: true, force: true });
});

const install = async () => {
  const verdict = await new ToolRegistry(data).install(source, async () => {});
  return verdict.ok ? [] : problemLines(verdict.problems);
};

/** Whatever the refusal, the app's tools folder holds nothing: no copy, no staged folder. */
const nothingLeft = async () => expect(await readdir(join(data, 'tools')).catch(() => [])).toEqual([]);

/** A file of `size` bytes with `text` written at `at`, the rest a hole taking no disk space. */
async function sparseFile(path: string, size: number, text: string, at: number): Promise<void> {
  await writeFile(path, '');
  await truncate(path, size);
  const file = await open(path, 'r+');
  await file.write(text, at);
  await file.close();
}

describe('installing keeps within limits', () => {
  it('keeps a sparse file sparse: the copy has the same bytes and no more disk space than the source', async () => {
    const file = join(source, 'data.bin');
    await sparseFile(file, 64 * MiB, 'far in', 40 * MiB);
    const before = await stat(file);
    expect(before.blocks * 512).toBeLessThan(MiB);
    expect(await install()).toEqual([]);
    const copy = join(data, 'tools', 'test.host.services', 'data.bin');
    const after = await stat(copy);
    expect(after.size).toBe(64 * MiB);
    expect(after.blocks * 512).toBeLessThan(MiB);
    const bytes = await readFile(copy);
    expect(bytes.subarray(40 * MiB, 40 * MiB + 6).toString()).toBe('far in');
    expect(bytes.subarray(0, 40 * MiB).every((byte) => byte === 0)).toBe(true);
  });

  it('refuses a folder whose files hold more than 1 GiB, counting sparse files whole, and copies nothing', async () => {
    expect(installLimits.maxBytes).toBe(1024 ** 3);
    await sparseFile(join(source, 'one.bin'), 600 * MiB, 'x', 0);
    await sparseFile(join(source, 'two.bin'), 600 * MiB, 'y', 0);
    const started = Date.now();
    expect(await install()).toEqual(['folder: its files hold more than 1 GiB (1,073,741,824 bytes), the most an install copies']);
    expect(Date.now() - started).toBeLessThan(5_000);
    await nothingLeft();
  });

  it('refuses a folder of more than 10,000 files, folders and links', async () => {
    expect(installLimits.maxEntries).toBe(10_000);
    await mkdir(join(source, 'many'));
    execFileSync('sh', ['-c', 'seq 10000 | xargs touch'], { cwd: join(source, 'many') });
    expect(await install()).toEqual(['folder: it holds more than 10,000 files, folders and links, the most an install copies']);
    await nothingLeft();
  });

  it('refuses a folder nested deeper than the depth cap, naming the path', async () => {
    const deep = Array.from({ length: installLimits.maxDepth + 1 }, (_, n) => `d${n}`);
    await mkdir(join(source, ...deep), { recursive: true });
    expect(await install()).toEqual([
      `folder: "${deep
        .slice(0, installLimits.maxDepth + 1)
        .join('/')
        .slice(0, 59)}…" is nested ${installLimits.maxDepth + 1} folders deep; an install copies at most ${installLimits.maxDepth}`,
    ]);
    await nothingLeft();
  });

  it('refuses a FIFO, a socket and a device by name, with every one of them, and copies nothing', async () => {
    await mkdir(join(source, 'run'));
    execFileSync('mkfifo', [join(source, 'run', 'pipe')]);
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(join(source, 'run', 'socket'), resolve));
    const devices = process.getuid?.() === 0;
    if (devices) execFileSync('mknod', [join(source, 'null'), 'c', '1', '3']);
    const problems = await install();
    expect(problems).toEqual([
      ...(devices ? ['folder: "null" is a device; a tool\'s folder may hold only files, folders and symlinks'] : []),
      'folder: "run/pipe" is a FIFO; a tool\'s folder may hold only files, folders and symlinks',
      'folder: "run/socket" is a socket; a tool\'s folder may hold only files, folders and symlinks',
    ]);
    await nothingLeft();
  });
});
