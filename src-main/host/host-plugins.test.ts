// Skwir plugins in the host through its own interface: installed from a folder holding
// skwir-plugin.toml, listed beside tools, asked, stopped, refused and reloaded. Real processes: the
// sample word-count plugin, and the host's fixture plugin.
import { inEnglish } from '../../src-shared/test/in-english';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntrySummary } from '../../src-shared/host-api';
import { PlatformRefusal } from '../platform/platform';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost, type Host } from './host';
import { processAlive } from './process/process-group';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wordCount = join(root, 'tools-sample/skwir-word-count');
const ID = 'dev.vitruvian.samples.skwir-word-count';

let scratch: string;
let host: Host;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-host-plugins-'));
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const summary = async (id = ID): Promise<EntrySummary | undefined> => (await host.listTools()).find((t) => t.id === id);
const file = async (name: string, text: string) => {
  const path = join(scratch, name);
  await writeFile(path, text);
  return path;
};

describe('Skwir plugins in the host', () => {
  it('installs a folder holding skwir-plugin.toml as a plugin, lists it beside tools, and asks it', async () => {
    const verdict = await host.installFolder(wordCount);
    expect(verdict.ok).toBe(true);
    const listed = await summary();
    expect(listed).toMatchObject({
      kind: 'plugin',
      id: ID,
      name: { en: expect.any(String) },
      state: 'idle',
      plugin: { api: 1, transport: 'program', capabilities: ['read'], fields: [{ key: 'word-count.words' }] },
    });
    // A plugin's summary carries none of a tool's fields, not even empty.
    for (const field of ['publisher', 'uses', 'commands', 'preferences', 'values', 'secretsSet', 'runnable', 'start']) expect(listed).not.toHaveProperty(field);
    expect(listed!.folder).toBe(join(scratch, 'app', 'tools', ID));
    const outcome = await host.callPlugin(ID, { method: 'field', params: { key: 'word-count.words' }, files: [await file('a.txt', 'three small words')] });
    expect(outcome).toMatchObject({ outcome: 'answered', answer: { value: 3 } });
    expect((await summary())!.state).toBe('running');
    expect((await host.readTrace(ID)).lines.map((line) => `${line.direction} ${line.method}`)).toEqual(
      expect.arrayContaining(['toTool initialize', 'toTool field', 'fromTool read']),
    );
    expect((await host.readLog(ID)).some((line) => line.message.startsWith('started (pid'))).toBe(true);
  });

  it('comes back after a restart of the app, and is stopped when uninstalled', async () => {
    await host.installFolder(wordCount);
    await host.dispose();
    host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
    expect((await summary())?.kind).toBe('plugin');
    await host.callPlugin(ID, { method: 'field', params: { key: 'word-count.words' }, files: [await file('b.txt', 'b')] });
    const pid = Number(/pid (\d+)/.exec((await host.readLog(ID)).find((l) => l.message.startsWith('started'))!.message)![1]);
    expect(processAlive(pid)).toBe(true);
    expect(await host.uninstall(ID)).toEqual({ ok: true });
    expect(processAlive(pid)).toBe(false);
    expect(await summary()).toBeUndefined();
  });

  it('says what a tool request means to a plugin, and a plugin call to a tool', async () => {
    await host.installFolder(wordCount);
    expect(await host.runCommand(ID, 'x')).toMatchObject({ outcome: 'unavailable', reasonCode: { code: 'unknownCommand' } });
    expect(await host.setPreference(ID, 'x', 1)).toMatchObject({ ok: false, problem: `"${ID}" is a Skwir plugin: it has no preferences` });
    await host.installFolder(join(root, 'tools-sample/clipboard-kit'));
    expect(await host.callPlugin('dev.vitruvian.samples.clipboard-kit', { method: 'field', params: {}, files: [] })).toMatchObject({
      outcome: 'unavailable',
      message: '"dev.vitruvian.samples.clipboard-kit" is a tool, not a Skwir plugin',
    });
  });

  it('lists a plugin folder refused at its first load as a refused plugin, and takes it once it is valid', async () => {
    const folder = join(scratch, 'broken');
    await cp(wordCount, folder, { recursive: true });
    const toml = join(folder, 'skwir-plugin.toml');
    const { readFile } = await import('node:fs/promises');
    const good = await readFile(toml, 'utf8');
    await writeFile(toml, good.replace('capabilities = ["read"]', 'capabilities = ["read", "camera"]'));
    const verdict = await host.loadInPlace(folder);
    expect(inEnglish(verdict)).toEqual({
      ok: false,
      problems: ['capabilities[1]: unknown capability "camera" (a plugin may ask for read, write and network)'],
    });
    const refused = await summary();
    expect(refused).toMatchObject({ kind: 'plugin', state: 'refused', problems: verdict.ok ? [] : verdict.problems });
    expect(refused).not.toHaveProperty('publisher');
    await writeFile(toml, good);
    expect((await host.reload(folder)).ok).toBe(true);
    expect(await summary()).toMatchObject({ kind: 'plugin', state: 'idle' });
    await writeFile(toml, good.replace('api = 1', 'api = 3'));
    expect(inEnglish(await host.reload(folder))).toEqual({ ok: false, problems: ['api: 3 is not spoken by this app (it speaks Skwir api 1)'] });
    expect(await summary()).toMatchObject({ kind: 'plugin', state: 'refused' });
    // Its log line is data, so the window words it in the person's language.
    expect((await host.readLog(ID)).at(-1)).toMatchObject({
      level: 'error',
      source: 'host',
      message: 'the folder was refused: api: 3 is not spoken by this app (it speaks Skwir api 1)',
      code: {
        code: 'folderRefused',
        problems: [
          { text: 'api: 3 is not spoken by this app (it speaks Skwir api 1)', field: 'api', reason: { code: 'apiNotSpoken', value: 3, oldest: 1, newest: 1 } },
        ],
      },
    });
    expect(await host.callPlugin(ID, { method: 'field', params: { key: 'word-count.words' }, files: [await file('c.txt', 'c')] })).toMatchObject({
      outcome: 'unavailable',
      message: 'the folder was refused: api: 3 is not spoken by this app (it speaks Skwir api 1)',
    });
  });

  it('puts a command’s text answer on the simulated clipboard, as a tool’s clipboard/writeText, and records it', async () => {
    const platform = new SimulatedPlatform({ clipboard: 'the person’s' });
    const simulated = await createHost({ dataFolder: join(scratch, 'sim'), platform, services: 'simulated' });
    try {
      await simulated.installFolder(wordCount);
      const events: unknown[] = [];
      simulated.subscribe((event) => event.type === 'clipboard' && events.push(event));
      const path = await file('a.txt', 'three small words');
      const answer = await simulated.runPluginCommand(ID, 'c1', 'word-count.copy-summary', {}, [path]);
      expect(answer).toMatchObject({ ok: true, answer: { answer: 'text', text: 'a.txt: 3 words\n', onClipboard: true } });
      expect(platform.clipboardText).toBe('a.txt: 3 words\n');
      expect(await simulated.readSimulatedClipboard()).toEqual({ ok: true, text: 'a.txt: 3 words\n' });
      expect(events).toEqual([{ type: 'clipboard', text: 'a.txt: 3 words\n' }]);
      expect(await simulated.readServiceCalls()).toEqual([
        expect.objectContaining({ toolId: ID, method: 'clipboard/writeText', params: { text: 'a.txt: 3 words\n' } }),
      ]);
      // The platform refuses: the answer says why, with the text, and nothing is recorded.
      platform.refuse('clipboardWriteText', new PlatformRefusal(-32004, 'the clipboard is held by another app'));
      expect(await simulated.runPluginCommand(ID, 'c2', 'word-count.copy-summary', {}, [path])).toMatchObject({
        ok: true,
        answer: { answer: 'text', onClipboard: false, clipboardProblem: 'the clipboard is held by another app' },
      });
      expect(await simulated.readServiceCalls()).toHaveLength(1);
    } finally {
      await simulated.dispose();
    }
  });
});
