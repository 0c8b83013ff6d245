// What the host keeps of the person's commands, across restarts: how often and how lately each was
// run (the palette's ranking), and the global shortcuts they gave commands, registered through the
// platform's keys (recorded by the simulated platform), refused when taken, dropped with their tool.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../src-shared/host-api';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost, type Host } from './host';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wordCount = join(root, 'tools-sample/word-count');
const skwirWordCount = join(root, 'tools-sample/skwir-word-count');
const TOOL = 'dev.vitruvian.samples.word-count';
const PLUGIN = 'dev.vitruvian.samples.skwir-word-count';

let scratch: string;
let platform: SimulatedPlatform;
let host: Host | undefined;

const open = async () => {
  platform = new SimulatedPlatform();
  host = await createHost({ dataFolder: join(scratch, 'app'), platform, services: 'simulated' });
  return host;
};

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-host-commands-'));
});
afterEach(async () => {
  await host?.dispose();
  host = undefined;
  await rm(scratch, { recursive: true, force: true });
});

describe("the host's record of commands run", () => {
  it('counts each run of a declared command with its time, keeps it across a restart, and forgets it with its tool', async () => {
    let first = await open();
    expect((await first.installFolder(wordCount)).ok).toBe(true);
    const before = Date.now();
    await first.runCommand(TOOL, 'showTotal');
    await first.runCommand(TOOL, 'showTotal');
    await first.runCommand(TOOL, 'resetTotal');
    // A command the tool does not declare is no use to rank.
    await first.runCommand(TOOL, 'noSuchCommand');
    const usage = await first.commandUsage();
    expect(usage).toHaveLength(2);
    expect(usage.find((use) => use.command === 'showTotal')).toMatchObject({ entryId: TOOL, count: 2 });
    expect(usage.find((use) => use.command === 'resetTotal')!.last).toBeGreaterThanOrEqual(before);
    await first.dispose();
    const second = await open();
    expect(await second.commandUsage()).toEqual(usage);
    expect((await second.uninstall(TOOL)).ok).toBe(true);
    expect(await second.commandUsage()).toEqual([]);
    await second.dispose();
    first = await open();
    expect(await first.commandUsage()).toEqual([]);
  });

  it("counts a Skwir plugin's command run by its name", async () => {
    const current = await open();
    expect((await current.installFolder(skwirWordCount)).ok).toBe(true);
    await current.runPluginCommand(PLUGIN, 'call-1', 'word-count.count', undefined, []);
    expect(await current.commandUsage()).toEqual([expect.objectContaining({ entryId: PLUGIN, command: 'word-count.count', count: 1 })]);
  });

  it('reads a usage file that is not JSON as no usage, and writes it anew', async () => {
    let current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    await current.dispose();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(scratch, 'app', 'command-usage.json'), '{ not json');
    current = await open();
    expect(await current.commandUsage()).toEqual([]);
    await current.runCommand(TOOL, 'showTotal');
    await current.dispose();
    host = undefined;
    expect(JSON.parse(await readFile(join(scratch, 'app', 'command-usage.json'), 'utf8'))).toEqual([
      expect.objectContaining({ command: 'showTotal', count: 1 }),
    ]);
  });
});

describe("the commands' global shortcuts", () => {
  it('registers a shortcut, keeps it across a restart, registers it again at start, and tells when it is pressed', async () => {
    let current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Alt+T')).toEqual({ ok: true });
    expect(platform.registeredShortcuts).toEqual(['CommandOrControl+Alt+T']);
    // Another shortcut for the same command takes the old one's place.
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Alt+Y')).toEqual({ ok: true });
    expect(platform.registeredShortcuts).toEqual(['CommandOrControl+Alt+Y']);
    await current.dispose();
    expect(platform.registeredShortcuts).toEqual([]);
    current = await open();
    expect(await current.commandShortcuts()).toEqual([{ entryId: TOOL, command: 'showTotal', accelerator: 'CommandOrControl+Alt+Y', registered: true }]);
    expect(platform.registeredShortcuts).toEqual(['CommandOrControl+Alt+Y']);
    const events: HostEvent[] = [];
    current.subscribe((event) => events.push(event));
    expect(platform.pressShortcut('CommandOrControl+Alt+Y')).toBe(true);
    expect(events).toContainEqual({ type: 'shortcutPressed', entryId: TOOL, command: 'showTotal' });
    expect(await current.setCommandShortcut(TOOL, 'showTotal', null)).toEqual({ ok: true });
    expect(platform.registeredShortcuts).toEqual([]);
    expect(await current.commandShortcuts()).toEqual([]);
  });

  it('names a shortcut the system or another app holds as taken, and keeps the one the command had', async () => {
    const current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Alt+T')).toEqual({ ok: true });
    platform.markShortcutTaken('CommandOrControl+Space');
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Space')).toEqual({
      ok: false,
      problem: 'CommandOrControl+Space is taken by the system or another app',
      refusal: { code: 'taken', accelerator: 'CommandOrControl+Space' },
    });
    expect(platform.registeredShortcuts).toEqual(['CommandOrControl+Alt+T']);
    expect(await current.setCommandShortcut(TOOL, 'resetTotal', 'CommandOrControl+Alt+T')).toMatchObject({
      ok: false,
      refusal: { code: 'usedByCommand', entryId: TOOL, command: 'showTotal' },
    });
  });

  it('refuses what is not a shortcut, a command the tool does not have, and a tool not installed, naming each', async () => {
    const current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'K')).toMatchObject({
      ok: false,
      problem: '"K" is not a shortcut: a global shortcut needs Command, Control, Alt or Super, or a function key',
      refusal: { code: 'invalid', accelerator: 'K' },
    });
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'Hyper+K')).toMatchObject({ ok: false, refusal: { code: 'invalid' } });
    expect(await current.setCommandShortcut(TOOL, 'nothing', 'Alt+K')).toMatchObject({ ok: false, refusal: { code: 'unknownCommand', command: 'nothing' } });
    expect(await current.setCommandShortcut('no.such.tool', 'x', 'Alt+K')).toMatchObject({
      ok: false,
      refusal: { code: 'notInstalled', entryId: 'no.such.tool' },
    });
    expect(platform.registeredShortcuts).toEqual([]);
  });

  it('drops the shortcuts of a tool uninstalled, unregistered at once and gone after a restart', async () => {
    let current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    expect((await current.installFolder(skwirWordCount)).ok).toBe(true);
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Alt+T')).toEqual({ ok: true });
    expect(await current.setCommandShortcut(PLUGIN, 'word-count.count', 'F7')).toEqual({ ok: true });
    expect((await current.uninstall(TOOL)).ok).toBe(true);
    expect(platform.registeredShortcuts).toEqual(['F7']);
    expect((await current.commandShortcuts()).map((s) => s.entryId)).toEqual([PLUGIN]);
    await current.dispose();
    current = await open();
    expect((await current.commandShortcuts()).map((s) => s.accelerator)).toEqual(['F7']);
  });

  it('keeps a shortcut another app took while the app was closed, shown as not registered', async () => {
    let current = await open();
    expect((await current.installFolder(wordCount)).ok).toBe(true);
    expect(await current.setCommandShortcut(TOOL, 'showTotal', 'CommandOrControl+Alt+T')).toEqual({ ok: true });
    await current.dispose();
    platform = new SimulatedPlatform();
    platform.markShortcutTaken('CommandOrControl+Alt+T');
    current = host = await createHost({ dataFolder: join(scratch, 'app'), platform, services: 'simulated' });
    expect(await current.commandShortcuts()).toEqual([{ entryId: TOOL, command: 'showTotal', accelerator: 'CommandOrControl+Alt+T', registered: false }]);
  });
});

describe('the selection of files', () => {
  it("answers the simulated selection the test bed's panel sets", async () => {
    const current = await open();
    expect(await current.fileSelection()).toEqual({ ok: true, paths: [] });
    expect(await current.setSimulatedSelection(['/tmp/a "quoted".txt', '/tmp/b\nc.md'])).toEqual({ ok: true });
    expect(await current.fileSelection()).toEqual({ ok: true, paths: ['/tmp/a "quoted".txt', '/tmp/b\nc.md'] });
  });

  it('answers the source it was given, and says why when reading it failed', async () => {
    const refusing = {
      fileSelection: () => ({ ok: false as const, reason: 'permission' as const, permission: 'automation', problem: 'allow Vitruvian to control Finder' }),
    };
    host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'system', fileSelection: refusing });
    expect(await host.fileSelection()).toMatchObject({ ok: false, reason: 'permission', permission: 'automation' });
    expect(await host.setSimulatedSelection(['/x'])).toMatchObject({ ok: false });
    await host.dispose();
    const throwing = {
      fileSelection: (): never => {
        throw new Error('osascript exited with 1');
      },
    };
    host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'system', fileSelection: throwing });
    expect(await host.fileSelection()).toEqual({ ok: false, reason: 'failed', problem: 'the selection could not be read: osascript exited with 1' });
  });
});
