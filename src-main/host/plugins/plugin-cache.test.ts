// What the plugin cache answers from, with a real program plugin (fixtures/skwir-plugin.mjs: its
// convert answers the JSON its file holds, so the answer shows which version of the file it read):
// a file rewritten at the same size with its modification time put back is asked again, and so is
// a file asked of a second folder installed under the same id and version. A plugin loaded in place
// whose program is edited, its version kept, answers anew once reloaded; forgetAnswers (Ask again)
// has the next view ask the plugin.
import { chmod, copyFile, mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedPlatform } from '../../platform/simulated';
import { createHost, type Host } from '../host';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ID = 'test.cache.fixture';

let scratch: string;
let host: Host;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-plugin-cache-'));
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** Installs a copy of the fixture under ID, version 1.0.0; `note` makes a folder that differs in nothing else. */
async function install(name: string, note: string): Promise<void> {
  const folder = join(scratch, name);
  await mkdir(folder);
  await copyFile(join(root, 'src-main/host/fixtures/skwir-plugin.mjs'), join(folder, 'plugin.mjs'));
  await writeFile(join(folder, 'note.txt'), note);
  const manifest = [`id = "${ID}"`, 'name = "Converts"', 'version = "1.0.0"', 'capabilities = ["read"]', '[program]', 'exec = "plugin.mjs"'];
  const previews = ['[[previews]]', 'extensions = ["sample"]', 'converts = true'];
  await writeFile(join(folder, 'skwir-plugin.toml'), `${[...manifest, ...previews].join('\n')}\n`);
  expect((await host.installFolder(folder)).ok).toBe(true);
}

/** What the fixture's convert answers for a file holding `text`: a text file of it. */
const holding = (text: string) => JSON.stringify({ name: 'converted.txt', data: Buffer.from(text).toString('base64') });
/** A conversion as the window would see it: whether it came from the cache, and what its URL serves. */
async function served(asking: ReturnType<Host['convert']>): Promise<{ cached: boolean; name: string; text: string }> {
  const answer = await asking;
  if (!answer.ok || !answer.answer) throw new Error(`no converted file: ${JSON.stringify(answer)}`);
  const opened = await host.converted.open(answer.answer.token);
  if (!opened) throw new Error('the host serves nothing under the token it gave');
  try {
    return { cached: answer.cached, name: answer.answer.name, text: (await opened.handle.readFile()).toString() };
  } finally {
    await opened.handle.close();
  }
}
const asked = async () => (await host.readTrace(ID)).lines.filter((line) => line.direction === 'toTool' && line.method === 'convert').length;

describe('the plugin cache', () => {
  it('asks again about a file rewritten at the same size with its modification time put back', async () => {
    await install('first', 'one');
    const file = join(scratch, 'one.sample');
    // A time of whole seconds, which utimes puts back exactly.
    const when = 1_700_000_000;
    await writeFile(file, holding('SECRET-A'));
    await utimes(file, when, when);
    expect(await served(host.convert(ID, 'c1', file))).toEqual({ cached: false, name: 'converted.txt', text: 'SECRET-A' });
    expect(await served(host.convert(ID, 'c2', file))).toEqual({ cached: true, name: 'converted.txt', text: 'SECRET-A' });

    const before = await stat(file);
    await writeFile(file, holding('PUBLIC-B'));
    await utimes(file, when, when);
    const after = await stat(file);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(await served(host.convert(ID, 'c3', file))).toEqual({ cached: false, name: 'converted.txt', text: 'PUBLIC-B' });
    expect(await asked()).toBe(2);
  });

  it('asks again about a file once a second folder is installed under the same id and version', async () => {
    await install('first', 'one');
    const file = join(scratch, 'one.sample');
    await writeFile(file, holding('SECRET-A'));
    expect(await host.convert(ID, 'c1', file)).toMatchObject({ ok: true, cached: false });
    expect(await host.convert(ID, 'c2', file)).toMatchObject({ ok: true, cached: true });
    await host.clearTrace(ID);

    await install('second', 'two');
    expect(await served(host.convert(ID, 'c3', file))).toEqual({ cached: false, name: 'converted.txt', text: 'SECRET-A' });
    expect(await asked()).toBe(1);
    expect(await host.convert(ID, 'c4', file)).toMatchObject({ ok: true, cached: true });
  });

  it('answers from an edited program of a plugin loaded in place, its version kept, once the folder reloaded', async () => {
    const folder = join(scratch, 'in-place');
    await mkdir(folder);
    await copyFile(join(root, 'tools-sample/skwir-hex/skwir-link.mjs'), join(folder, 'skwir-link.mjs'));
    await writeFile(
      join(folder, 'skwir-plugin.toml'),
      `id = "${ID}"\nname = "Says"\nversion = "1.0.0"\n[program]\nexec = "plugin.mjs"\n[[previews]]\nextensions = ["sample"]\nconverts = true\n`,
    );
    /** A program whose every conversion is `said`, whatever the file holds. */
    const program = (said: string) =>
      writeFile(
        join(folder, 'plugin.mjs'),
        `#!/usr/bin/env node\nimport { serve } from './skwir-link.mjs';\nserve({ convert: () => ({ name: 'converted.txt', data: Buffer.from('${said}').toString('base64') }) });\n`,
      );
    await program('first program');
    await chmod(join(folder, 'plugin.mjs'), 0o755);
    expect((await host.loadInPlace(folder)).ok).toBe(true);
    const file = join(scratch, 'one.sample');
    await writeFile(file, 'the same file throughout');
    expect(await served(host.convert(ID, 'c1', file))).toEqual({ cached: false, name: 'converted.txt', text: 'first program' });
    expect(await served(host.convert(ID, 'c2', file))).toEqual({ cached: true, name: 'converted.txt', text: 'first program' });

    await program('second program');
    expect((await host.reload(folder)).ok).toBe(true);
    expect(await served(host.convert(ID, 'c3', file))).toEqual({ cached: false, name: 'converted.txt', text: 'second program' });
    expect(await served(host.convert(ID, 'c4', file))).toEqual({ cached: true, name: 'converted.txt', text: 'second program' });
  });

  it('asks the plugin again once told to forget what it answered about a file (Ask again)', async () => {
    await install('first', 'one');
    const file = join(scratch, 'one.sample');
    await writeFile(file, holding('SECRET-A'));
    expect(await host.convert(ID, 'c1', file)).toMatchObject({ ok: true, cached: false });
    expect(await host.convert(ID, 'c2', file)).toMatchObject({ ok: true, cached: true });
    expect(await host.forgetAnswers(ID, file)).toEqual({ ok: true });
    expect(await served(host.convert(ID, 'c3', file))).toEqual({ cached: false, name: 'converted.txt', text: 'SECRET-A' });
    expect(await asked()).toBe(2);
    expect(await host.forgetAnswers('test.nobody', file)).toMatchObject({ ok: false });
  });
});
