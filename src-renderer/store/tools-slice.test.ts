import { problemLine } from '../../src-shared/protocol/problem-reasons';
import { describe, expect, it } from 'vitest';
import type { ToolSummary } from '../../src-shared/host-api';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { toolSelectors } from './tools-slice';

const clipper = makeTool({
  id: 'com.acme.clipper',
  name: { en: 'Clipper', fr: 'Agrafeuse' },
  commands: [
    { id: 'copy', title: { en: 'Copy' }, surfaces: ['window'] },
    { id: 'menuOnly', title: { en: 'Menu only' }, surfaces: ['menubar'] },
    { id: 'paste', title: { en: 'Paste' }, surfaces: ['window', 'menubar'] },
  ],
  runnable: ['copy'],
  preferences: [
    { id: 'token', kind: 'secret', title: { en: 'Token' } },
    { id: 'cursor', kind: 'text' },
    { id: 'count', kind: 'number', title: { en: 'Count' }, default: 3 },
  ],
});
const zebra = makeTool({ id: 'com.acme.zebra', name: { en: 'zebra', fr: 'Abeille' } });

async function loaded(tools = [clipper, zebra]) {
  const fake = createFakeHost({ tools });
  const store = createAppStore(fake.host);
  await store.getState().load();
  return { fake, store };
}

describe('tools slice', () => {
  it('starts with no tools and not loaded', () => {
    const store = createAppStore(createFakeHost().host);
    expect(store.getState().toolsLoaded).toBe(false);
    expect(toolSelectors.toolList(store.getState())).toEqual([]);
  });

  it('loads the tools and lists them by name in the app language', async () => {
    const { store } = await loaded();
    expect(store.getState().toolsLoaded).toBe(true);
    expect(toolSelectors.toolList(store.getState()).map((t) => t.id)).toEqual(['com.acme.clipper', 'com.acme.zebra']);
    store.getState().languageChanged('fr');
    expect(toolSelectors.toolList(store.getState()).map((t) => t.id)).toEqual(['com.acme.zebra', 'com.acme.clipper']);
  });

  it('keeps the same list while nothing changed, so the sidebar does not redraw', async () => {
    const { store } = await loaded();
    expect(toolSelectors.toolList(store.getState())).toBe(toolSelectors.toolList(store.getState()));
  });

  it('says why the tools could not be loaded', async () => {
    const fake = createFakeHost();
    fake.host.listTools = async () => {
      throw new Error('link down');
    };
    const store = createAppStore(fake.host);
    await store.getState().loadTools();
    expect(store.getState().toolsProblem).toBe('link down');
  });

  it('lists every command, menu bar ones last, runs menu bar ones from the window only with simulated services, and runnable ones as runnable', async () => {
    const { store } = await loaded();
    const s = store.getState();
    expect(
      toolSelectors
        .commands(clipper.id)(s)
        .map((c) => c.id),
    ).toEqual(['copy', 'paste', 'menuOnly']);
    expect(['copy', 'paste', 'menuOnly'].map((id) => toolSelectors.runsFromWindow(clipper.id, id)(s))).toEqual([true, true, true]);
    const desktop = { ...s, hostInfo: { ...s.hostInfo!, services: 'system' as const } };
    expect(['copy', 'paste', 'menuOnly'].map((id) => toolSelectors.runsFromWindow(clipper.id, id)(desktop))).toEqual([true, true, false]);
    expect(toolSelectors.isRunnable(clipper.id, 'copy')(s)).toBe(true);
    expect(toolSelectors.isRunnable(clipper.id, 'paste')(s)).toBe(false);
    store.getState().toolChanged({ ...clipper, state: 'failed' });
    expect(toolSelectors.isRunnable(clipper.id, 'copy')(store.getState())).toBe(false);
  });

  it('holds every command of a tool that is stopped, stopping, crashed, failed or refused, but not one a command starts', async () => {
    const { store } = await loaded();
    const held = (change: Partial<ToolSummary>) => {
      store.getState().toolChanged({ ...clipper, ...change });
      const s = store.getState();
      return [toolSelectors.commandsHeld(clipper.id)(s), toolSelectors.isRunnable(clipper.id, 'copy')(s)];
    };
    expect(held({ state: 'stopped' })).toEqual(['stopped', false]);
    expect(held({ state: 'refused' })).toEqual(['refused', false]);
    expect(held({ state: 'stopping' })).toEqual(['stopping', false]);
    expect(held({ state: 'crashed' })).toEqual(['crashed', false]);
    expect(held({ state: 'running' })).toEqual([undefined, true]);
    expect(held({ state: 'starting' })).toEqual([undefined, true]);
    // A demand tool starts with its first command, idle or stopped.
    expect(held({ state: 'idle', start: 'demand' })).toEqual([undefined, true]);
    expect(held({ state: 'stopped', start: 'demand' })).toEqual([undefined, true]);
  });

  it('never shows untitled preferences', async () => {
    const { store } = await loaded();
    expect(
      toolSelectors
        .titledPreferences(clipper.id)(store.getState())
        .map((p) => p.id),
    ).toEqual(['token', 'count']);
  });

  it('records each outcome of running a command', async () => {
    const { fake, store } = await loaded();
    let answer!: (outcome: { outcome: 'refused'; message: string }) => void;
    fake.answers.runCommand = () => new Promise((resolve) => (answer = resolve));
    const running = store.getState().runCommand(clipper.id, 'copy');
    expect(toolSelectors.commandRun(clipper.id, 'copy')(store.getState())).toEqual({ outcome: 'running' });
    answer({ outcome: 'refused', message: 'nothing selected' });
    await running;
    expect(toolSelectors.commandRun(clipper.id, 'copy')(store.getState())).toEqual({ outcome: 'refused', message: 'nothing selected' });
    expect(fake.requestsNamed('runCommand')).toEqual([[clipper.id, 'copy']]);
  });

  it('turns a failed request into an unavailable outcome', async () => {
    const { fake, store } = await loaded();
    fake.host.runCommand = async () => {
      throw new Error('the link dropped');
    };
    await expect(store.getState().runCommand(clipper.id, 'copy')).resolves.toEqual({ outcome: 'unavailable', message: 'the link dropped' });
  });

  it('saves a preference and shows a refusal', async () => {
    const { fake, store } = await loaded();
    await store.getState().setPreference(clipper.id, 'count', 7);
    expect(toolSelectors.preferenceSave(clipper.id, 'count')(store.getState())).toEqual({ status: 'saved' });
    expect(fake.requestsNamed('setPreference')).toEqual([[clipper.id, 'count', 7]]);
    fake.answers.setPreference = () => ({ ok: false, problem: 'count: -1 is below 0' });
    await store.getState().setPreference(clipper.id, 'count', -1);
    expect(toolSelectors.preferenceSave(clipper.id, 'count')(store.getState())).toEqual({ status: 'refused', problem: 'count: -1 is below 0' });
  });

  it('installs a folder, shows the verdict and selects the new tool', async () => {
    const { store } = await loaded([]);
    const verdict = await store.getState().installFolder('/home/me/notes');
    expect(verdict.ok).toBe(true);
    expect(store.getState().install).toMatchObject({ status: 'done', folder: '/home/me/notes' });
    expect(store.getState().selectedToolId).toBe('com.example.notes');
    expect(toolSelectors.toolCount(store.getState())).toBe(1);
  });

  it('keeps every reason a folder was refused', async () => {
    const { fake, store } = await loaded([]);
    fake.answers.installFolder = () => ({ ok: false, problems: ['id: "nodot" has no dot', 'uses: "camera" is not a service'].map(problemLine) });
    await store.getState().installFolder('/bad');
    expect(store.getState().install).toEqual({
      status: 'done',
      folder: '/bad',
      verdict: { ok: false, problems: ['id: "nodot" has no dot', 'uses: "camera" is not a service'].map(problemLine) },
    });
    expect(store.getState().selectedToolId).toBeUndefined();
    store.getState().dismissInstall();
    expect(store.getState().install).toEqual({ status: 'idle' });
  });

  it('uninstalls a tool and forgets the selection', async () => {
    const { store } = await loaded();
    store.getState().selectTool(clipper.id);
    await store.getState().uninstall(clipper.id);
    expect(store.getState().tools[clipper.id]).toBeUndefined();
    expect(store.getState().selectedToolId).toBeUndefined();
  });

  it('stops and restarts, and says when the host refused', async () => {
    const { fake, store } = await loaded();
    await store.getState().stop(clipper.id);
    expect(fake.tools.get(clipper.id)?.state).toBe('stopped');
    fake.host.restart = async () => ({ ok: false, problem: 'the folder is gone' });
    await store.getState().restart(clipper.id);
    expect(toolSelectors.toolAction(clipper.id)(store.getState())).toEqual({ problem: 'the folder is gone' });
  });
});
