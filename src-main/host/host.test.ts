// The host through its HostApi, with real tool processes (the fixtures under fixtures/host-*).
import { inEnglish } from '../../src-shared/test/in-english';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntrySummary, HostEvent, ToolSummary } from '../../src-shared/host-api';
import { PlatformRefusal } from '../platform/platform';
import { collectGarbage } from '../test-support/gc';
import { SimulatedPlatform } from '../platform/simulated';
import { createHost, type Host } from './host';
import { processAlive } from './process/process-group';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const services = join(fixtures, 'host-services');
const demand = join(fixtures, 'host-demand');
const ID = 'test.host.services';

let scratch: string;
let data: string;
let platform: SimulatedPlatform;
let host: Host;
let events: HostEvent[];

const open = async (language?: string) => {
  platform = new SimulatedPlatform();
  host = await createHost({ dataFolder: data, platform, services: 'simulated', ...(language ? { language } : {}) });
  events = [];
  host.subscribe((event) => events.push(event));
  return host;
};

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-host-'));
  data = join(scratch, 'app');
  await open();
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** Resolves once `check` holds, re-checked after every host event (and every 50 ms). */
const eventually = async <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const entry = async (id: string): Promise<EntrySummary | undefined> => (await host.listTools()).find((t) => t.id === id);
/** The tool's summary, as listed: what stands by that id when it is a tool (refused or not). */
const summary = async (id = ID): Promise<ToolSummary | undefined> => {
  const listed = await entry(id);
  return listed?.kind === 'tool' ? listed : undefined;
};
const running = (id = ID) => eventually(async () => (await summary(id))?.state === 'running' && summary(id), `${id} running`);
const logged = (pattern: RegExp, id = ID) =>
  eventually(async () => (await host.readLog(id)).find((line) => pattern.test(line.message)), `a log line ${pattern}`);
const pidOf = async (id = ID) => Number((await logged(/^started: pid \d+/, id)).message.match(/pid (\d+)/)![1]);
/** A tool folder written here: its manifest (protocol 1, no uses) and its program, tool.mjs. */
const writeTool = async (name: string, id: string, program: string): Promise<string> => {
  const folder = join(scratch, name);
  await mkdir(folder);
  const manifest = { id, name: { en: name }, version: '1.0.0', protocol: 1, publisher: { en: 'Tests' }, runtime: { exec: 'tool.mjs' } };
  await writeFile(join(folder, 'vitruvian-tool.json'), JSON.stringify(manifest));
  await writeFile(join(folder, 'tool.mjs'), program, { mode: 0o755 });
  return folder;
};
const copyFixture = async (from: string, name: string, change?: (m: Record<string, unknown>) => void) => {
  const folder = join(scratch, name);
  await cp(from, folder, { recursive: true });
  if (change) {
    const file = join(folder, 'vitruvian-tool.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    change(manifest);
    await writeFile(file, JSON.stringify(manifest));
  }
  return folder;
};

describe('installing and running a tool', () => {
  it('installs a copy, starts a launch tool in its data folder, and lists what the window shows', async () => {
    const verdict = await host.installFolder(services);
    expect(verdict.ok).toBe(true);
    const tool = await running();
    expect(tool).toMatchObject({
      id: ID,
      name: { en: 'Host services fixture', fr: 'Outil de test des services' },
      version: '1.0.0',
      uses: ['clipboard.read', 'clipboard.write', 'notify', 'storage'],
      values: { note: 'nothing yet', mode: 'calm' },
      secretsSet: [],
      folder: join(data, 'tools', ID),
      loadedInPlace: false,
      start: 'launch',
    });
    expect(tool.commands[0]).toEqual({ id: 'copy', title: { en: 'Copy a text' }, surfaces: ['window'] });
    expect(tool.preferences.map((p) => p.id)).toEqual(['note', 'token', 'mode', 'count']);
    expect(tool.runnable).toContain('copy');
    expect(events.some((e) => e.type === 'tool' && e.tool.id === ID)).toBe(true);
    await logged(new RegExp(`^started: pid \\d+, language en, data ${join(data, 'data', ID)}$`));
    await host.runCommand(ID, 'whereami');
    await logged(new RegExp(`^cwd: ${join(data, 'data', ID)}$`));
  });

  it('answers services through the platform and records them', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.runCommand(ID, 'copy')).toEqual({ outcome: 'done' });
    expect(platform.clipboardText).toBe('from the tool');
    await host.runCommand(ID, 'read');
    await logged(/^read: \{"text":"from the tool"\}$/);
    await host.runCommand(ID, 'hud');
    expect((await host.readServiceCalls()).map((c) => [c.toolId, c.method, c.params])).toEqual([
      [ID, 'clipboard/writeText', { text: 'from the tool' }],
      [ID, 'clipboard/readText', {}],
      [ID, 'notify/hud', { text: 'Hello', symbol: 'checkmark' }],
    ]);
    expect(events.filter((e) => e.type === 'serviceCall')).toHaveLength(3);
    // What a read returned is kept with the call, for the services panel.
    expect((await host.readServiceCalls()).map((c) => c.result)).toEqual([undefined, { text: 'from the tool' }, undefined]);
  });

  it('fills the simulated clipboard as a person would, for a tool that reads it', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setSimulatedClipboard('put there by hand')).toEqual({ ok: true });
    await host.runCommand(ID, 'read');
    await logged(/^read: \{"text":"put there by hand"\}$/);
    expect(platform.calls.map((call) => call.method)).toEqual(['clipboardReadText']);
    const system = await createHost({ dataFolder: join(scratch, 'system'), platform: new SimulatedPlatform(), services: 'system' });
    try {
      expect(await system.setSimulatedClipboard('x')).toMatchObject({ ok: false, problem: expect.stringContaining('the clipboard is the real one') });
    } finally {
      await system.dispose();
    }
  });

  it('refuses a service the manifest does not declare', async () => {
    await host.installFolder(services);
    await running();
    await host.runCommand(ID, 'paste');
    await logged(/^paste: error -32001 \{"service":"keystrokes"\}$/);
    expect(platform.calls).toEqual([]);
  });

  it("writes every refusal of a request as a warning in the tool's log, naming the method and why", async () => {
    await host.installFolder(services);
    await running();
    await host.runCommand(ID, 'paste');
    const notInUses = await logged(/^keystrokes\/paste was refused/);
    expect(notInUses).toMatchObject({
      level: 'warn',
      source: 'host',
      message: 'keystrokes/paste was refused (-32001): service "keystrokes" is not in the tool\'s uses',
      code: { code: 'requestRefused', method: 'keystrokes/paste', errorCode: -32001 },
    });
    platform.refuse('showHud', new PlatformRefusal(-32004, 'no display'));
    await host.runCommand(ID, 'hud');
    expect((await logged(/^notify\/hud was refused/)).message).toBe('notify/hud was refused (-32004): no display');
    // A link the app does not open: -32602, the value named.
    const badUrls = fileURLToPath(new URL('../conformance/fixtures/bad-urls', import.meta.url));
    await host.loadInPlace(badUrls); // in place: its program imports the fixtures' shared tool
    await running('test.conformance.bad-urls');
    await host.runCommand('test.conformance.bad-urls', 'greet');
    expect((await logged(/^open\/url was refused/, 'test.conformance.bad-urls')).message).toBe(
      'open/url was refused (-32602): params.url: "ftp://example.com/file" is not http, https or mailto',
    );
  });

  it('reports a refused command, an unknown one and one not runnable yet', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.runCommand(ID, 'refuse')).toEqual({ outcome: 'refused', message: 'not now' });
    expect((await host.runCommand(ID, 'nope')).outcome).toBe('unavailable');
    expect((await host.runCommand('no.such.tool', 'copy')).outcome).toBe('unavailable');
  });

  it('starts a demand tool on its first command', async () => {
    await host.installFolder(demand);
    expect((await summary('test.host.demand'))?.state).toBe('idle');
    expect(await host.runCommand('test.host.demand', 'first')).toEqual({ outcome: 'done' });
    await logged(/^demand tool started \(pid \d+\)$/, 'test.host.demand');
    expect((await host.runCommand('test.host.demand', 'second')).outcome).toBe('unavailable');
  });

  it('traces every message both ways, and clears the trace', async () => {
    await host.installFolder(services);
    await running();
    await host.runCommand(ID, 'copy');
    const trace = (await host.readTrace(ID)).lines;
    expect(trace[0]).toMatchObject({ direction: 'toTool', method: 'initialize' });
    expect(trace.some((l) => l.direction === 'fromTool' && l.method === 'clipboard/writeText')).toBe(true);
    expect(trace.some((l) => l.direction === 'toTool' && l.method === 'command/run')).toBe(true);
    expect(events.some((e) => e.type === 'trace' && e.toolId === ID)).toBe(true);
    await host.clearTrace(ID);
    expect(await host.readTrace(ID)).toEqual({ lines: [], dropped: 0 });
  });

  it('traces a line that was not UTF-8 as its bytes, not as a message', async () => {
    const folder = await writeTool(
      'latin-1',
      'test.host.latin1',
      `#!/usr/bin/env node
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method !== 'initialize') return;
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocol: 1, version: '1.0.0' } }) + '\\n');
  process.stdout.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"log","params":{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}}\\n')]));
}).on('close', () => process.exit(0));
`,
    );
    await host.loadInPlace(folder);
    const line = await eventually(async () => (await host.readTrace('test.host.latin1')).lines.find((l) => l.text.includes('caf')), 'the Latin-1 line');
    expect(line).toEqual({
      seq: expect.any(Number),
      time: expect.any(Number),
      direction: 'fromTool',
      text: '{"jsonrpc":"2.0","method":"log","params":{"message":"caf\\xe9"}}',
      notUtf8: true,
    });
  });

  it("keeps a copy of what it quotes from a refused request in the log, never the tool's whole line", async () => {
    // 40 requests whose method names are 1 MB each (each refused -32601, and a warning in the log quoting its start).
    const folder = await writeTool(
      'long-methods',
      'test.host.long',
      `#!/usr/bin/env node
import { createInterface } from 'node:readline';
let answered = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocol: 1, version: '1.0.0' } }) + '\\n');
    for (let i = 0; i < 40; i++) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: i, method: i + 'm'.repeat(1000000) }) + '\\n');
  } else if (message.error && ++answered === 40) {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'log', params: { message: 'all refused' } }) + '\\n');
  }
}).on('close', () => process.exit(0));
`,
    );
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    await host.loadInPlace(folder);
    await logged(/^all refused$/, 'test.host.long');
    const refused = (await host.readLog('test.host.long')).filter((line) => line.code?.code === 'requestRefused');
    expect(refused).toHaveLength(40);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // Each log line holding a slice of its request would keep 40 MB alive.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 2 ** 20);
  });

  it('clears the log', async () => {
    await host.installFolder(services);
    // The tool's own start line, which comes after the host's "started (pid ...)": nothing is logged after it.
    await logged(/^started: pid/);
    expect(await host.clearLog(ID)).toEqual({ ok: true });
    expect(await host.readLog(ID)).toEqual([]);
    expect(events).toContainEqual({ type: 'logCleared', toolId: ID });
  });

  it('keeps what it writes to the person: folders 0700, log and preference files 0600', async () => {
    await host.installFolder(services);
    await running();
    await host.runCommand(ID, 'remember');
    await host.setPreference(ID, 'token', 'hunter2');
    await logged(/^started: pid/);
    const logFile = join(data, 'logs', `${ID}.log`);
    await eventually(() => existsSync(logFile), 'the log file');
    const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);
    const folders = ['', 'tools', 'data', `data/${ID}`, 'logs', 'preferences', 'secrets'].map((path) => join(data, path));
    expect(await Promise.all(folders.map(modeOf))).toEqual(folders.map(() => '700'));
    const files = [`logs/${ID}.log`, `preferences/${ID}.json`, `secrets/${ID}.json`].map((path) => join(data, path));
    expect(await Promise.all(files.map(modeOf))).toEqual(files.map(() => '600'));
  });
});

describe('preferences and language', () => {
  it('stores what a tool stores, per tool, and keeps it over a reinstall', async () => {
    const twin = await copyFixture(services, 'twin', (m) => (m.id = 'test.host.twin'));
    await host.installFolder(services);
    await host.installFolder(twin);
    await running();
    await running('test.host.twin');
    await host.runCommand(ID, 'remember');
    await host.runCommand(ID, 'recall');
    await logged(/^recall: \{"value":"remembered"\}$/);
    expect((await summary())?.values.note).toBe('remembered');
    await host.runCommand('test.host.twin', 'recall');
    await logged(/^recall: \{"value":"nothing yet"\}$/, 'test.host.twin');

    const v2 = await copyFixture(services, 'v2', (m) => (m.version = '2.0.0'));
    const verdict = await host.installFolder(v2);
    expect(verdict.ok && verdict.tool.version).toBe('2.0.0');
    await running();
    await host.runCommand(ID, 'recall');
    expect((await host.readLog(ID)).filter((l) => l.message === 'recall: {"value":"remembered"}')).toHaveLength(2);
  });

  it('validates, stores and sends a preference the person changes', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'note', 'from Settings')).toEqual({ ok: true });
    await logged(/^preferences: \[\{"id":"note","value":"from Settings"\}\]$/);
    expect((await summary())?.values.note).toBe('from Settings');
    expect(await host.setPreference(ID, 'mode', 'loud')).toEqual({ ok: true });

    const refusals = [
      await host.setPreference(ID, 'mode', 'angry'),
      await host.setPreference(ID, 'note', 42),
      await host.setPreference(ID, 'note', 'x'.repeat(4_097)),
      await host.setPreference(ID, 'nope', 'x'),
      await host.setPreference(ID, 'count', 3), // untitled: the tool's alone
      await host.setPreference('no.such.tool', 'note', 'x'),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ ok: false, problem: expect.any(String) });
    // The same problems as data, for the window to word in its language.
    expect(refusals.map((refusal) => !refusal.ok && refusal.problemCode)).toEqual([
      { code: 'notAnOption', options: ['calm', 'loud'] },
      { code: 'kind', kind: 'text' },
      { code: 'tooLong', chars: 4_097, max: 4_096 },
      { code: 'unknownPreference', id: 'nope' },
      { code: 'untitledPreference', id: 'count' },
      { code: 'notInstalled', toolId: 'no.such.tool' },
    ]);
    expect((await summary())?.values).toEqual({ note: 'from Settings', mode: 'loud' });
  });

  it('never sends a secret back, only whether it is set', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'token', 's3cret')).toEqual({ ok: true });
    expect(await host.setPreference(ID, 'note', 'plain')).toEqual({ ok: true });
    const tool = (await summary())!;
    expect(tool.secretsSet).toEqual(['token']);
    expect(JSON.stringify(tool)).not.toContain('s3cret');
    expect(await readFile(join(data, 'preferences', `${ID}.json`), 'utf8')).not.toContain('s3cret');
  });

  it('masks a secret value in the trace the window reads and is sent, while the tool gets the value', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'token', 's3cret')).toEqual({ ok: true });
    expect(await host.setPreference(ID, 'note', 'plain')).toEqual({ ok: true });
    // The tool got the real value: its log shows it masked, which only a line holding it is.
    await logged(/^preferences: \[\{"id":"token","value":"•••• \(secret\)"\}\]$/);
    await logged(/^preferences: \[\{"id":"note","value":"plain"\}\]$/);
    const traced = (await host.readTrace(ID)).lines.filter((line) => line.method === 'preferences/changed');
    expect(traced.map((line) => (JSON.parse(line.text) as { params: { preferences: unknown } }).params.preferences)).toEqual([
      [{ id: 'token', value: '•••• (secret)' }],
      [{ id: 'note', value: 'plain' }],
    ]);
    // Not even this fixture's own log notice, which writes the value it got, holds it.
    const sent = events.flatMap((event) => (event.type === 'trace' ? [event.line.text] : []));
    expect(sent.some((text) => text.includes('•••• (secret)'))).toBe(true);
    expect(JSON.stringify([sent, (await host.readTrace(ID)).lines, await host.readLog(ID)])).not.toContain('s3cret');
  });

  it('masks every answer carrying a secret, even two storage/get under one request id', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'token', 's3cret')).toEqual({ ok: true });
    await host.runCommand(ID, 'recallTwice');
    // The tool got the value both times (only a line holding it is masked).
    await logged(/^recallTwice: \{"value":"•••• \(secret\)"\} \{"value":"•••• \(secret\)"\}$/);
    const answers = (await host.readTrace(ID)).lines.filter((line) => line.method === 'storage/get' && line.direction === 'toTool');
    expect(answers.map((line) => JSON.parse(line.text) as unknown)).toEqual([
      { jsonrpc: '2.0', id: 'same', result: { value: '•••• (secret)' } },
      { jsonrpc: '2.0', id: 'same', result: { value: '•••• (secret)' } },
    ]);
    const sent = events.flatMap((event) => (event.type === 'trace' && event.line.method !== 'log' ? [event.line.text] : []));
    expect(sent.join('\n')).not.toContain('s3cret');
  });

  it('hides a secret the tool read wherever it shows again: its next message, its log, the services panel', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'token', 's3cret-sig')).toEqual({ ok: true });
    await host.runCommand(ID, 'copyToken');
    await logged(/^copyToken: copied •••• \(secret\)$/);
    // The service was given the value itself.
    expect(platform.clipboardText).toBe('s3cret-sig');
    const calls = await host.readServiceCalls();
    expect(calls.find((call) => call.method === 'clipboard/writeText')?.params).toEqual({ text: '•••• (secret)' });
    expect(await host.readSimulatedClipboard()).toEqual({ ok: true, text: '•••• (secret)' });
    expect(events).toContainEqual({ type: 'clipboard', text: '•••• (secret)' });
    const writes = (await host.readTrace(ID)).lines.filter((line) => line.method === 'clipboard/writeText' && line.direction === 'fromTool');
    expect(writes.map((line) => (JSON.parse(line.text) as { params: unknown }).params)).toEqual([{ text: '•••• (secret)' }]);
    expect(JSON.stringify([events, calls, (await host.readTrace(ID)).lines, await host.readLog(ID)])).not.toContain('s3cret');
  });

  it('hides a secret that a newer version of the tool declares, where the version before had none', async () => {
    const withoutSecret = await copyFixture(services, 'no-secret', (m) => {
      m.preferences = (m.preferences as { kind: string }[]).filter((pref) => pref.kind !== 'secret');
    });
    await host.installFolder(withoutSecret);
    await running();
    await host.runCommand(ID, 'recall');
    await logged(/^recall: /);
    await host.installFolder(services);
    await running();
    expect(await host.setPreference(ID, 'token', 's3cret-new')).toEqual({ ok: true });
    await host.runCommand(ID, 'copyToken');
    await logged(/^copyToken: copied •••• \(secret\)$/);
    expect(platform.clipboardText).toBe('s3cret-new');
    expect(JSON.stringify([await host.readServiceCalls(), (await host.readTrace(ID)).lines, await host.readLog(ID)])).not.toContain('s3cret');
  });

  it('tells running tools the new language and starts later ones with it', async () => {
    await host.installFolder(services);
    await running();
    expect(await host.setLanguage('fr')).toEqual({ ok: true });
    await logged(/^language: fr$/);
    expect(events).toContainEqual({ type: 'language', language: 'fr' });
    expect((await host.info()).language).toBe('fr');
    expect((await host.setLanguage('not a tag!')).ok).toBe(false);
    await host.installFolder(demand);
    await host.runCommand('test.host.demand', 'first');
    expect((await host.readTrace('test.host.demand')).lines[0]!.text).toContain('"language":"fr"');
  });
});

describe('lifetimes', () => {
  it('uninstalls: stops the tool, removes its copy, data, preferences and log', async () => {
    await host.installFolder(services);
    await running();
    const pid = await pidOf();
    await host.runCommand(ID, 'remember');
    expect(await host.uninstall(ID)).toEqual({ ok: true });
    expect(processAlive(pid)).toBe(false);
    expect(await host.listTools()).toEqual([]);
    expect(events).toContainEqual({ type: 'toolRemoved', toolId: ID });
    expect(await readdir(join(data, 'tools'))).toEqual([]);
    expect(existsSync(join(data, 'data', ID))).toBe(false);
    expect(existsSync(join(data, 'preferences', `${ID}.json`))).toBe(false);
    expect(existsSync(join(data, 'logs', `${ID}.log`))).toBe(false);
    expect((await host.uninstall(ID)).ok).toBe(false);
    // Installed again, it starts from nothing.
    await host.installFolder(services);
    await running();
    await host.runCommand(ID, 'recall');
    await logged(/^recall: \{"value":"nothing yet"\}$/);
  });

  it('stops and restarts a tool by hand', async () => {
    await host.installFolder(services);
    await running();
    const pid = await pidOf();
    expect(await host.stop(ID)).toEqual({ ok: true });
    expect((await summary())?.state).toBe('stopped');
    expect(processAlive(pid)).toBe(false);
    expect(await host.restart(ID)).toEqual({ ok: true });
    await running();
  });

  it('comes back after the app restarts: same tools, same values, launch tools started', async () => {
    await host.installFolder(services);
    await host.installFolder(demand);
    await running();
    const pid = await pidOf();
    await host.setPreference(ID, 'note', 'kept');
    await host.dispose();
    expect(processAlive(pid)).toBe(false);
    await open('fr');
    expect((await host.listTools()).map((t) => t.id).sort()).toEqual(['test.host.demand', ID]);
    const tool = await running();
    expect(tool.values.note).toBe('kept');
    expect((await summary('test.host.demand'))?.state).toBe('idle');
    await logged(/language fr/);
  });

  it('loads a folder in place and reloads it after it changed, refused or not', async () => {
    const folder = await copyFixture(services, 'in-place');
    const verdict = await host.loadInPlace(folder);
    expect(verdict.ok && verdict.tool).toMatchObject({ loadedInPlace: true, folder });
    await running();
    const manifestFile = join(folder, 'vitruvian-tool.json');
    const good = await readFile(manifestFile, 'utf8');
    await writeFile(manifestFile, good.replace('"clipboard.read"', '"camera"'));
    const refused = await host.reload(folder);
    expect(refused.ok).toBe(false);
    const tool = (await summary())!;
    expect(tool.state).toBe('refused');
    expect(tool.problems?.map((problem) => problem.text).join(' ')).toMatch(/camera/);
    await writeFile(manifestFile, good.replace('"1.0.0"', '"1.1.0"'));
    const back = await host.reload(folder);
    expect(back.ok && back.tool.version).toBe('1.1.0');
    await running();
    expect(existsSync(join(data, 'tools'))).toBe(false);
  });

  it("ends a tool's process and a plugin's when their folders fail a reload, and logs the same coded line for both", async () => {
    const toolFolder = await copyFixture(services, 'tool-in-place');
    await host.loadInPlace(toolFolder);
    await running();
    const toolPid = await pidOf();
    const pluginFolder = join(scratch, 'plugin-in-place');
    await cp(join(fileURLToPath(new URL('../../', import.meta.url)), 'tools-sample/skwir-word-count'), pluginFolder, { recursive: true });
    const pluginId = 'dev.vitruvian.samples.skwir-word-count';
    await host.loadInPlace(pluginFolder);
    const words = join(scratch, 'words.txt');
    await writeFile(words, 'two words');
    expect(await host.callPlugin(pluginId, { method: 'field', params: { key: 'word-count.words' }, files: [words] })).toMatchObject({ outcome: 'answered' });
    const pluginPid = Number((await logged(/^started \(pid \d+/, pluginId)).message.match(/pid (\d+)/)![1]);
    expect([processAlive(toolPid), processAlive(pluginPid)]).toEqual([true, true]);

    const toolManifest = join(toolFolder, 'vitruvian-tool.json');
    await writeFile(toolManifest, (await readFile(toolManifest, 'utf8')).replace('"clipboard.read"', '"camera"'));
    const pluginManifest = join(pluginFolder, 'skwir-plugin.toml');
    await writeFile(pluginManifest, (await readFile(pluginManifest, 'utf8')).replace('api = 1', 'api = 3'));
    expect((await host.reload(toolFolder)).ok).toBe(false);
    expect((await host.reload(pluginFolder)).ok).toBe(false);

    expect([(await summary())?.state, (await entry(pluginId))?.state]).toEqual(['refused', 'refused']);
    expect(processAlive(toolPid)).toBe(false);
    expect(processAlive(pluginPid)).toBe(false);
    const refusedLine = async (id: string) => (await host.readLog(id)).find((line) => line.code?.code === 'folderRefused');
    expect(await refusedLine(ID)).toMatchObject({
      level: 'error',
      source: 'host',
      message: expect.stringMatching(/^the folder was refused: uses\[\d\]: unknown service "camera"/),
      code: { code: 'folderRefused', problems: [{ text: expect.stringContaining('camera') }] },
    });
    expect(await refusedLine(pluginId)).toMatchObject({
      level: 'error',
      source: 'host',
      message: 'the folder was refused: api: 3 is not spoken by this app (it speaks Skwir api 1)',
      code: { code: 'folderRefused', problems: [{ text: 'api: 3 is not spoken by this app (it speaks Skwir api 1)' }] },
    });
  });

  it('lists a folder refused at its first load, with every problem, never started, until a reload makes it the tool', async () => {
    const folder = await copyFixture(services, 'first-refused');
    const manifestFile = join(folder, 'vitruvian-tool.json');
    const good = await readFile(manifestFile, 'utf8');
    await writeFile(manifestFile, good.replace('"notify"', '"notify", "camera"'));
    const verdict = await host.loadInPlace(folder);
    expect(inEnglish(verdict)).toEqual({
      ok: false,
      problems: ['uses[3]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage'],
    });
    const listed = await host.listTools();
    expect(listed).toEqual([
      expect.objectContaining({
        id: ID,
        name: { en: 'Host services fixture', fr: 'Outil de test des services' },
        version: '1.0.0',
        publisher: { en: 'Vitruvian tests' },
        state: 'refused',
        problems: [
          expect.objectContaining({
            text: 'uses[3]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
          }),
        ],
        folder,
        loadedInPlace: true,
        commands: [],
        runnable: [],
        uses: [],
      }),
    ]);
    expect(listed[0]?.stateReason).toContain(
      'uses[3]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
    );
    // The first problem as data too, for the window to word in its language.
    expect(listed[0]?.stateReasonCode).toMatchObject({
      code: 'refused',
      problem: 'uses[3]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage',
      field: 'uses[3]',
      reason: {
        code: 'rule',
        value: { quoted: '"camera"' },
        allowed: ['notify', 'open', 'clipboard.read', 'clipboard.write', 'keystrokes', 'processes', 'storage'],
      },
    });
    expect(events).toContainEqual({ type: 'tool', tool: listed[0] });
    expect(await host.runCommand(ID, 'copy')).toMatchObject({
      outcome: 'unavailable',
      message: expect.stringContaining('camera'),
      reasonCode: { code: 'refused' },
    });
    expect(await host.restart(ID)).toMatchObject({ ok: false, problem: expect.stringContaining('camera'), problemCode: { code: 'refused' } });
    expect(await host.start(ID)).toMatchObject({ ok: false });
    await host.setLanguage('fr');
    await logged(/the folder was refused: uses\[3\]: unknown service "camera"/);
    expect((await host.readLog(ID)).some((line) => /^started/.test(line.message))).toBe(false);
    expect(events.some((e) => e.type === 'tool' && e.tool.state !== 'refused')).toBe(false);

    await writeFile(manifestFile, good);
    const back = await host.reload(folder);
    expect(back.ok && back.tool).toMatchObject({ id: ID, state: expect.stringMatching(/idle|starting|running/) });
    await running();
    expect((await host.listTools()).map((t) => [t.id, t.problems])).toEqual([[ID, undefined]]);
  });

  it('lists a refused folder with no usable id under a stable one made from its path, named after the folder', async () => {
    await host.loadInPlace(await copyFixture(services, 'the-real-one'));
    await running();
    const folder = await copyFixture(services, 'Weather Desk', (m) => {
      m.id = 'nodot';
      m.name = 'Weather';
    });
    await host.loadInPlace(folder);
    const refused = (await host.listTools()).find((t) => t.folder === folder)!;
    expect(refused).toMatchObject({ state: 'refused', name: { en: 'Weather Desk' }, version: '1.0.0', loadedInPlace: true });
    expect(refused.id).not.toBe('nodot');
    expect(refused.problems?.length).toBeGreaterThanOrEqual(2);
    await host.reload(folder);
    expect((await host.listTools()).filter((t) => t.folder === folder).map((t) => t.id)).toEqual([refused.id]);

    // The id of a tool already listed is not usable either: that tool is left alone.
    const manifestFile = join(folder, 'vitruvian-tool.json');
    await writeFile(manifestFile, JSON.stringify({ ...JSON.parse(await readFile(manifestFile, 'utf8')), id: ID, name: { en: 'Twin' } }));
    await host.reload(folder);
    const twin = (await host.listTools()).find((t) => t.folder === folder)!;
    expect(twin).toMatchObject({
      id: refused.id,
      name: { en: 'Twin' },
      state: 'refused',
      problems: [{ text: expect.stringContaining(`id: "${ID}" is already loaded from`) }],
    });
    expect((await summary())?.state).toBe('running');

    await writeFile(manifestFile, JSON.stringify({ ...JSON.parse(await readFile(manifestFile, 'utf8')), id: 'test.host.weather' }));
    const valid = await host.reload(folder);
    expect(valid.ok && valid.tool.id).toBe('test.host.weather');
    expect(events).toContainEqual({ type: 'toolRemoved', toolId: refused.id });
    expect((await host.listTools()).map((t) => t.id).sort()).toEqual([ID, 'test.host.weather']);
  });

  it('gives the id a refused folder went by up to a tool installed with it, and keeps the folder listed under another', async () => {
    const folder = await copyFixture(services, 'refused-first', (m) => {
      m.uses = ['camera'];
    });
    await host.loadInPlace(folder);
    expect((await summary())?.folder).toBe(folder);
    const installed = await host.installFolder(services);
    expect(installed.ok).toBe(true);
    await running();
    expect((await summary())?.folder).toBe(join(data, 'tools', ID));
    const moved = (await host.listTools()).find((t) => t.folder === folder);
    expect(moved).toMatchObject({
      state: 'refused',
      problems: [
        { text: 'uses[0]: unknown service "camera"; the services are notify, open, clipboard.read, clipboard.write, keystrokes, processes and storage' },
      ],
    });
    expect(moved?.id).not.toBe(ID);
    expect((await host.readLog(ID)).some((line) => /camera/.test(line.message))).toBe(false);
  });

  it('takes a refused folder off the list when it is uninstalled, and lists a folder with no manifest at all', async () => {
    const folder = join(scratch, 'empty folder');
    await mkdir(folder);
    await host.loadInPlace(folder);
    const [refused] = await host.listTools();
    expect(refused).toMatchObject({ state: 'refused', name: { en: 'empty folder' }, version: '', folder });
    expect(refused?.problems?.map((problem) => problem.text).join(' ')).toMatch(/vitruvian-tool\.json/);
    expect(await host.uninstall(refused!.id)).toEqual({ ok: true });
    expect(await host.listTools()).toEqual([]);
    expect(existsSync(folder)).toBe(true);
  });

  it('refuses a folder that is not a tool, with every problem', async () => {
    const folder = await copyFixture(services, 'bad', (m) => {
      m.uses = ['camera'];
      m.id = 'nodot';
    });
    const verdict = await host.installFolder(folder);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? 0 : verdict.problems.length).toBeGreaterThanOrEqual(2);
    expect(await host.listTools()).toEqual([]);
  });

  it('says what it is', async () => {
    expect(await host.info()).toMatchObject({ language: 'en', services: 'simulated', platform: 'simulated' });
  });
});
