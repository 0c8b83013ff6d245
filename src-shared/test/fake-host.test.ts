import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostRequestNames, type HostEvent, type HostRequestName, type HostRequests } from '../host-api';
import { createFakeHost, makePlugin, makeTool } from './fake-host';

const hello = { id: 'hello', title: { en: 'Say hello' }, surfaces: ['window' as const] };

/** Arguments that fit each request, so every one can be called. */
const sampleArgs: { [K in HostRequestName]: HostRequests[K]['args'] } = {
  info: [],
  listTools: [],
  installFolder: ['/tools/clip'],
  installReplaces: ['/tools/clip'],
  uninstall: ['a.b'],
  runCommand: ['a.b', 'hello'],
  setPreference: ['a.b', 'color', 'red'],
  readLog: ['a.b'],
  clearLog: ['a.b'],
  readTrace: ['a.b'],
  clearTrace: ['a.b'],
  readServiceCalls: [],
  restart: ['a.b'],
  stop: ['a.b'],
  setLanguage: ['fr'],
  setSimulatedClipboard: ['hi'],
  judgeFile: ['/f'],
  readSimulatedClipboard: [],
  askField: ['p.q', 'c1', '/f', 'words'],
  askThumbnail: ['p.q', 'c2', '/f', 64],
  inspect: ['p.q', 'c3', '/f', {}],
  convert: ['p.q', 'c4', '/f'],
  releaseConverted: ['t'],
  page: ['p.q', 'c5', '/f', { page: 1, side: 0 }],
  runPluginCommand: ['p.q', 'c6', 'count', {}, ['/f']],
  applyPlan: ['plan'],
  cancelCall: ['c1'],
  callProgress: ['c1'],
  forgetAnswers: ['a.b', '/tmp/a.txt'],
  commandUsage: [],
  commandShortcuts: [],
  setCommandShortcut: ['a.b', 'hello', 'Alt+H'],
  fileSelection: [],
  setSimulatedSelection: [['/f']],
  sendMessage: ['a.b', { method: 'command/run', params: { command: 'hello' } }, false],
  checkMessage: ['a.b', { method: 'command/run', params: {} }],
  readRecording: ['a.b'],
};

describe('the fake host', () => {
  it('answers every request of the HostApi and records each with its arguments, in order', async () => {
    const fake = createFakeHost({ tools: [makeTool({ id: 'a.b', commands: [hello] })] });
    for (const name of hostRequestNames) {
      const request = fake.host[name] as (...args: unknown[]) => Promise<unknown>;
      await expect(request(...sampleArgs[name]), name).resolves.toBeDefined();
    }
    expect(fake.requests).toEqual(hostRequestNames.map((name) => ({ name, args: sampleArgs[name] })));
    expect(fake.requestsNamed('setPreference')).toEqual([['a.b', 'color', 'red']]);
  });

  it('keeps tools and preferences as the host does, firing an event for each change', async () => {
    const fake = createFakeHost({ tools: [makeTool({ id: 'a.b', preferences: [{ id: 'token', kind: 'secret', title: { en: 'Token' } }] })] });
    const events: HostEvent[] = [];
    const listening = fake.host.subscribe((event) => events.push(event));
    const installed = await fake.host.installFolder('/tools/clip');
    expect(installed).toMatchObject({ ok: true, tool: { id: 'com.example.clip', folder: '/tools/clip' } });
    expect(await fake.host.installFolder('tools/clip')).toEqual({ ok: false, problems: [{ text: 'folder: "tools/clip" is not an absolute path' }] });
    expect(await fake.host.setPreference('a.b', 'token', 'secret words')).toEqual({ ok: true });
    expect(fake.tools.get('a.b')).toMatchObject({ values: {}, secretsSet: ['token'] }); // a secret's value is never kept in sight
    expect(await fake.host.uninstall('com.example.clip')).toEqual({ ok: true });
    expect(await fake.host.setLanguage('fr')).toEqual({ ok: true });
    expect(await fake.host.info()).toMatchObject({ language: 'fr' });
    expect(events.map((event) => event.type)).toEqual(['tool', 'tool', 'toolRemoved', 'language']);
    listening.dispose();
    expect(fake.listenerCount()).toBe(0);
  });

  it('refuses with the host’s codes and words: a tool not installed, a command not offered', async () => {
    const fake = createFakeHost({ tools: [makeTool({ id: 'a.b', commands: [hello], runnable: [] })] });
    expect(await fake.host.runCommand('a.b', 'hello')).toEqual({
      outcome: 'unavailable',
      message: 'the tool does not offer the command “hello” right now',
      reasonCode: { code: 'notRunnable', command: 'hello' },
    });
    expect(await fake.host.runCommand('a.b', 'bye')).toMatchObject({ outcome: 'unavailable', reasonCode: { code: 'unknownCommand', command: 'bye' } });
    expect(await fake.host.restart('x.y')).toEqual({
      ok: false,
      problem: 'no tool “x.y” is installed',
      problemCode: { code: 'notInstalled', toolId: 'x.y' },
    });
    expect(await fake.host.askField('x.y', 'c', '/f', 'words')).toMatchObject({ ok: false, outcome: 'unavailable', message: 'no plugin “x.y” is installed' });
  });

  it('answers a plugin call with what the test gives, and a request with the test’s own answer', async () => {
    const fake = createFakeHost({ tools: [makePlugin({ id: 'p.q' })] });
    expect(await fake.host.askField('p.q', 'c', '/f', 'words')).toMatchObject({ ok: false, outcome: 'unavailable' });
    fake.answers.askField = (_plugin, _call, path, key) => ({ ok: true, ms: 1, cached: false, answer: { value: `${key} of ${path}` } });
    fake.answers.uninstall = () => ({ ok: false, problem: 'busy' });
    expect(await fake.host.askField('p.q', 'c', '/f', 'words')).toMatchObject({ ok: true, answer: { value: 'words of /f' } });
    expect(await fake.host.uninstall('p.q')).toEqual({ ok: false, problem: 'busy' });
    expect(fake.tools.has('p.q')).toBe(true); // the test's answer, without the fake's own effects
  });

  it('writes a tool’s log line, fires it, and fires any event a test makes', async () => {
    const fake = createFakeHost();
    const events: HostEvent[] = [];
    fake.host.subscribe((event) => events.push(event));
    const line = fake.log('a.b', 'hello', 'warn');
    fake.emit({ type: 'logCleared', toolId: 'a.b' });
    expect(await fake.host.readLog('a.b')).toEqual([line]);
    expect(events).toEqual([
      { type: 'log', toolId: 'a.b', line },
      { type: 'logCleared', toolId: 'a.b' },
    ]);
  });
});

// The fake and its builders are for tests: the app must never be built with them.
const repository = join(import.meta.dirname, '..', '..');
const isTestSupport = (path: string) => /\.test\.tsx?$/.test(path) || path.split(sep).includes('test');
const importsTestModule = (text: string) => /(?:\bfrom\s*|\bimport\s*\(\s*)['"][^'"]*\/test\/[^'"]*['"]/.test(text);

async function* sourceFiles(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('the test modules', () => {
  it('are imported by tests and test support only, never by what the app is built from', async () => {
    expect(importsTestModule("import { createFakeHost } from '../../src-shared/test/fake-host';")).toBe(true);
    expect(importsTestModule("import { render } from '@testing-library/react';")).toBe(false);
    const offenders: string[] = [];
    let looked = 0;
    for (const folder of ['src-shared', 'src-main', 'src-renderer']) {
      for await (const path of sourceFiles(join(repository, folder))) {
        const name = relative(repository, path);
        if (isTestSupport(name)) continue;
        looked++;
        if (importsTestModule(await readFile(path, 'utf8'))) offenders.push(name);
      }
    }
    expect(looked).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
