// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PlanResult, PluginAnswer, ShownCommandAnswer } from '../../src-shared/plugin-api';
import { createFakeHost, makePlugin } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { pluginCommandSelectors } from './plugin-commands-slice';

const details = { commands: [{ name: 'tidy', title: 'Tidy', extensions: [], mimes: [] }] };
const writer = makePlugin({ id: 'org.example.writer' }, { ...details, capabilities: ['read', 'write'] });
const reader = makePlugin({ id: 'org.example.reader' }, details);
const answered = (answer: ShownCommandAnswer): PluginAnswer<ShownCommandAnswer> => ({ ok: true, answer, ms: 3, cached: false });
const plan: ShownCommandAnswer = {
  answer: 'plan',
  title: 'Tidy up',
  note: null,
  planId: 'plan-7',
  files: ['/a/x.txt'],
  steps: [
    { op: 'mkdir', path: '/a/old' },
    { op: 'move', file: 1, to: '/a/old' },
  ],
};

async function loaded() {
  const fake = createFakeHost({ tools: [writer, reader] });
  const store = createAppStore(fake.host);
  await store.getState().load();
  return { fake, state: () => store.getState() };
}

describe('plugin commands slice', () => {
  it('runs a command on the files given, with its args, and keeps its answer', async () => {
    const { fake, state } = await loaded();
    fake.answers.runPluginCommand = () => answered({ answer: 'value', value: { total: 5 } });
    await state().runPluginCommand(writer.id, 'tidy', { deep: true }, ['/a/x.txt', '/a/y.txt']);
    const [pluginId, callId, command, args, paths] = fake.requestsNamed('runPluginCommand')[0]!;
    expect([pluginId, command, args, paths]).toEqual([writer.id, 'tidy', { deep: true }, ['/a/x.txt', '/a/y.txt']]);
    expect(callId).toMatch(/^[0-9a-f-]{32,36}-\d+$/);
    expect(pluginCommandSelectors.run(writer.id, 'tidy')(state())).toEqual({
      paths: ['/a/x.txt', '/a/y.txt'],
      call: { status: 'answered', answer: answered({ answer: 'value', value: { total: 5 } }) },
    });
  });

  it('keeps a text answer the host put on the clipboard, and never writes the browser’s clipboard itself', async () => {
    const { fake, state } = await loaded();
    await navigator.clipboard.writeText('the person’s own');
    fake.answers.runPluginCommand = () => answered({ answer: 'text', text: 'x.txt: 3 words\n', said: 'Copied the count of 1 file', onClipboard: true });
    await state().runPluginCommand(writer.id, 'tidy', {}, ['/a/x.txt']);
    expect(pluginCommandSelectors.run(writer.id, 'tidy')(state())?.call).toMatchObject({ answer: { answer: { onClipboard: true } } });
    expect(await navigator.clipboard.readText()).toBe('the person’s own');
  });

  it('shows the answer of the latest run only', async () => {
    const { fake, state } = await loaded();
    const waiting: ((answer: PluginAnswer<ShownCommandAnswer>) => void)[] = [];
    fake.answers.runPluginCommand = () => new Promise((resolve) => waiting.push(resolve));
    const first = state().runPluginCommand(writer.id, 'tidy', {}, ['/a']);
    const second = state().runPluginCommand(writer.id, 'tidy', {}, ['/b']);
    waiting[1]!(answered({ answer: 'done' }));
    waiting[0]!(answered({ answer: 'value', value: 'stale' }));
    await Promise.all([first, second]);
    expect(pluginCommandSelectors.run(writer.id, 'tidy')(state())).toMatchObject({ paths: ['/b'], call: { answer: { answer: { answer: 'done' } } } });
  });

  it('applies a plan only once the person confirmed it, and keeps what became of each step', async () => {
    const { fake, state } = await loaded();
    const result: PlanResult = {
      ok: true,
      steps: [
        { step: { op: 'mkdir', path: '/a/old' }, words: 'make the folder /a/old', status: 'recorded' },
        { step: { op: 'move', file: 1, to: '/a/old' }, words: 'move /a/x.txt into /a/old', status: 'recorded' },
      ],
    };
    fake.answers.runPluginCommand = () => answered(plan);
    fake.answers.applyPlan = () => result;
    await state().runPluginCommand(writer.id, 'tidy', {}, ['/a/x.txt']);
    const run = () => pluginCommandSelectors.run(writer.id, 'tidy')(state());
    expect(run()?.plan).toEqual({ status: 'shown' });
    await state().applyPlan(writer.id, 'tidy');
    expect(fake.requestsNamed('applyPlan')).toEqual([]);
    state().askApplyPlan(writer.id, 'tidy');
    state().keepPlan(writer.id, 'tidy');
    expect(run()?.plan).toEqual({ status: 'shown' });
    state().askApplyPlan(writer.id, 'tidy');
    await state().applyPlan(writer.id, 'tidy');
    expect(fake.requestsNamed('applyPlan')).toEqual([['plan-7']]);
    expect(run()?.plan).toEqual({ status: 'applied', result });
  });

  it('never applies a plan of a plugin not granted write, and puts away a plan cancelled', async () => {
    const { fake, state } = await loaded();
    fake.answers.runPluginCommand = () => answered(plan);
    await state().runPluginCommand(reader.id, 'tidy', {}, ['/a/x.txt']);
    state().askApplyPlan(reader.id, 'tidy');
    await state().applyPlan(reader.id, 'tidy');
    expect(fake.requestsNamed('applyPlan')).toEqual([]);
    state().dismissPlan(reader.id, 'tidy');
    expect(pluginCommandSelectors.run(reader.id, 'tidy')(state())?.plan).toEqual({ status: 'dismissed' });
  });
});
