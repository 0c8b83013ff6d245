import { describe, expect, it } from 'vitest';
import type { PluginAnswer } from '../../src-shared/plugin-api';
import { createFakeHost, makePlugin } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { pluginFileSelectors } from './plugin-files-selectors';
import { ASKS_AT_ONCE, thumbnailPixels } from './file-asking';
import { ADDED_IN_STEPS_OF, JUDGED_AT_ONCE } from './plugin-files-slice';

const words = makePlugin(
  { id: 'org.example.words', name: { en: 'Words' } },
  {
    fields: [
      { key: 'words', title: 'Words', extensions: ['txt'], mimes: [] },
      { key: 'size', title: 'Size', extensions: [], mimes: [] },
    ],
    previews: [{ extensions: ['ppm'], mimes: [], converts: true, pages: false, thumbnails: true }],
  },
);

const answered = <T>(answer: T): PluginAnswer<T> => ({ ok: true, answer, ms: 2, cached: false });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loaded() {
  const fake = createFakeHost({ tools: [words] });
  const store = createAppStore(fake.host);
  await store.getState().load();
  return { fake, store, state: () => store.getState() };
}

describe('plugin files slice', () => {
  it('judges a folder of 500 files a few paths at a time, so the test bed never refuses a judgement as one too many', async () => {
    const { fake, state } = await loaded();
    let judging = 0;
    let most = 0;
    fake.answers.judgeFile = async () => {
      most = Math.max(most, ++judging);
      await settle();
      judging -= 1;
      return { ok: true };
    };
    const paths = Array.from({ length: 500 }, (_, index) => `/folder/file-${index}.txt`);
    await state().addFiles(words.id, paths);
    expect(pluginFileSelectors.files(words.id)(state())).toHaveLength(500);
    expect(most).toBe(JUDGED_AT_ONCE);
  });

  it('lists a big folder’s first files and asks the plugin about them while the paths after them are still judged', async () => {
    const { fake, state } = await loaded();
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const paths = Array.from({ length: ADDED_IN_STEPS_OF * 2 + 5 }, (_, index) => `/folder/file-${index}.txt`);
    fake.answers.judgeFile = async (path) => {
      if (paths.indexOf(path) >= ADDED_IN_STEPS_OF) await gate;
      return { ok: true };
    };
    fake.answers.askField = () => answered({ value: 1 });
    const adding = state().addFiles(words.id, paths);
    const listed = () =>
      pluginFileSelectors
        .files(words.id)(state())
        .map((file) => file.path);
    // The next step's paths are being judged (held at the gate): the first step is listed, its asks sent.
    while (fake.requestsNamed('judgeFile').length <= ADDED_IN_STEPS_OF) await settle();
    await settle();
    expect(fake.requestsNamed('askField').length).toBeGreaterThan(0);
    expect(listed()).toEqual(paths.slice(0, ADDED_IN_STEPS_OF));
    expect(pluginFileSelectors.adding(words.id)(state()).pending).toBe(paths.length - ADDED_IN_STEPS_OF);
    expect(pluginFileSelectors.choice(words.id)(state()).current).toBe(paths[0]);
    open();
    await adding;
    expect(listed()).toEqual(paths);
    expect(pluginFileSelectors.adding(words.id)(state())).toEqual({ pending: 0, refused: [] });
  });

  it('forgets the host’s answers about a folder of 500 files a few at a time when asked again, so none is refused as one too many', async () => {
    const { fake, state } = await loaded();
    fake.answers.askField = () => answered({ value: 1 });
    const paths = Array.from({ length: 500 }, (_, index) => `/folder/file-${index}.txt`);
    await state().addFiles(words.id, paths);
    let forgetting = 0;
    let most = 0;
    fake.answers.forgetAnswers = async () => {
      most = Math.max(most, ++forgetting);
      await settle();
      forgetting -= 1;
      return { ok: true };
    };
    await state().askFilesAgain(words.id);
    expect(fake.requestsNamed('forgetAnswers')).toHaveLength(500);
    expect(most).toBe(JUDGED_AT_ONCE);
  });

  it('judges each path as it is added: one the host refuses is not listed, and why is kept for the person', async () => {
    const { fake, state } = await loaded();
    fake.answers.judgeFile = (path) => {
      if (path.endsWith('gone.txt')) return { ok: false, problem: `${path}: no file is at this path`, problemCode: { code: 'missing' } };
      if (!path.startsWith('/')) return { ok: false, problem: `${path}: give the whole path`, problemCode: { code: 'relativePath' } };
      return path.endsWith('/') ? { ok: false, problem: `${path}: it is a folder`, problemCode: { code: 'folder' } } : { ok: true };
    };
    await state().addFiles(words.id, ['/a/one.txt', '/a/gone.txt', 'notes.txt', '/a/pictures/']);
    expect(
      pluginFileSelectors
        .files(words.id)(state())
        .map((file) => file.path),
    ).toEqual(['/a/one.txt']);
    expect(pluginFileSelectors.adding(words.id)(state())).toEqual({
      pending: 0,
      refused: [
        { name: '/a/gone.txt', why: { code: 'path', problem: { code: 'missing' }, message: '/a/gone.txt: no file is at this path' } },
        { name: 'notes.txt', why: { code: 'path', problem: { code: 'relativePath' }, message: expect.stringContaining('give the whole path') } },
        { name: '/a/pictures/', why: { code: 'path', problem: { code: 'folder' }, message: expect.stringContaining('is a folder') } },
      ],
    });
    // Never asked about: the plugin is not blamed for a path the host refused.
    expect(fake.requestsNamed('askField').map(([, , path]) => path)).toEqual(['/a/one.txt', '/a/one.txt']);
    // The next adding starts afresh.
    await state().addFiles(words.id, ['/a/two.txt']);
    expect(pluginFileSelectors.adding(words.id)(state()).refused).toEqual([]);
  });

  it('lists each path once and asks every serving field and the thumbnail once per file, filling values in as they come', async () => {
    const { fake, store, state } = await loaded();
    fake.answers.askField = (_plugin, _call, path, key) => answered({ value: key === 'words' ? 3 : `${path.length} bytes` });
    fake.answers.askThumbnail = () => answered({ png: 'iVBORw0KGgo=' });
    await state().addFiles(words.id, ['/a/one.txt', ' /a/pic.ppm ', '/a/one.txt']);
    await state().addFiles(words.id, ['/a/one.txt', '']);
    expect(
      pluginFileSelectors
        .files(words.id)(state())
        .map((file) => file.name),
    ).toEqual(['one.txt', 'pic.ppm']);
    await settle();
    expect(fake.requestsNamed('askField').map(([, , path, key]) => [path, key])).toEqual([
      ['/a/one.txt', 'words'],
      ['/a/one.txt', 'size'],
      ['/a/pic.ppm', 'size'],
    ]);
    expect(fake.requestsNamed('askThumbnail').map(([, , path, size]) => [path, size])).toEqual([['/a/pic.ppm', thumbnailPixels(1)]]);
    expect(pluginFileSelectors.field(words.id, '/a/one.txt', 'words')(state())).toEqual({ status: 'answered', answer: answered(3) });
    expect(pluginFileSelectors.field(words.id, '/a/pic.ppm', 'words')(state())).toBeUndefined();
    expect(pluginFileSelectors.thumbnail(words.id, '/a/pic.ppm')(state())).toEqual({ status: 'answered', answer: answered('iVBORw0KGgo=') });
    expect(pluginFileSelectors.thumbnail(words.id, '/a/one.txt')(state())).toBeUndefined();
    // Each call had an id of its own.
    const ids = [...fake.requestsNamed('askField'), ...fake.requestsNamed('askThumbnail')].map((args) => args[1]);
    expect(new Set(ids).size).toBe(4);
    // The first file added is chosen when nothing was.
    expect(pluginFileSelectors.choice(words.id)(store.getState())).toMatchObject({ chosen: ['/a/one.txt'], current: '/a/one.txt' });
  });

  it('sends a few asks at a time, the rest when answers come', async () => {
    const { fake, state } = await loaded();
    const waiting: ((answer: PluginAnswer<{ value: number }>) => void)[] = [];
    fake.answers.askField = () => new Promise((resolve) => waiting.push(resolve));
    await state().addFiles(
      words.id,
      Array.from({ length: 10 }, (_, n) => `/t/${n}.txt`),
    );
    await settle();
    expect(fake.requestsNamed('askField')).toHaveLength(ASKS_AT_ONCE);
    waiting.shift()!(answered({ value: 1 }));
    await settle();
    expect(fake.requestsNamed('askField')).toHaveLength(ASKS_AT_ONCE + 1);
  });

  it('changes the store once for the answers that come in one turn, and the list under the files sees the asks running', async () => {
    const { fake, store, state } = await loaded();
    const waiting: ((answer: PluginAnswer<{ value: number }>) => void)[] = [];
    fake.answers.askField = () => new Promise((resolve) => waiting.push(resolve));
    // Two files of two serving fields each: the asks at once are all four.
    const paths = Array.from({ length: ASKS_AT_ONCE / 2 }, (_, n) => `/t/${n}.txt`);
    await state().addFiles(words.id, paths);
    await settle();
    expect(waiting).toHaveLength(ASKS_AT_ONCE);
    const asking = pluginFileSelectors.filesAsking(words.id, pluginFileSelectors.files(words.id)(state()));
    expect(asking(state()).map((file) => file.path)).toEqual(paths);
    let changes = 0;
    const unsubscribe = store.subscribe((now, before) => {
      if (now.fileAsks !== before.fileAsks) changes += 1;
    });
    for (const resolve of waiting.splice(0)) resolve(answered({ value: 1 }));
    await settle();
    unsubscribe();
    expect(changes).toBe(1);
    expect(paths.every((path) => pluginFileSelectors.field(words.id, path, 'words')(state())?.status === 'answered')).toBe(true);
    expect(asking(state())).toEqual([]);
  });

  it('keeps a failure as it came, and a request that never reached the host as not available', async () => {
    const { fake, state } = await loaded();
    fake.answers.askField = (_p, _c, path) => {
      if (path.endsWith('bad.txt')) return { ok: false, outcome: 'failed', message: 'not text' };
      throw new Error('the link dropped');
    };
    await state().addFiles(words.id, ['/bad.txt', '/gone.txt']);
    await settle();
    expect(pluginFileSelectors.field(words.id, '/bad.txt', 'words')(state())).toEqual({
      status: 'answered',
      answer: { ok: false, outcome: 'failed', message: 'not text' },
    });
    expect(pluginFileSelectors.field(words.id, '/gone.txt', 'words')(state())).toEqual({
      status: 'answered',
      answer: { ok: false, outcome: 'unavailable', message: 'the link dropped' },
    });
  });

  it('cancels a file’s running asks through the host and drops the ones still waiting', async () => {
    const { fake, state } = await loaded();
    const waiting = new Map<string, (answer: PluginAnswer<{ value: number }>) => void>();
    fake.answers.askField = (_p, callId) => new Promise((resolve) => waiting.set(callId, resolve));
    fake.answers.cancelCall = (callId) => {
      waiting.get(callId)?.({ ok: false, outcome: 'cancelled', message: 'cancelled by the person' });
      return { ok: true };
    };
    await state().addFiles(words.id, ['/1.txt', '/2.txt', '/3.txt']);
    await settle();
    expect(pluginFileSelectors.asksRunningSince(words.id, '/1.txt')(state())).toBeTypeOf('number');
    state().cancelFileAsks(words.id, '/3.txt');
    state().cancelFileAsks(words.id, '/1.txt');
    await settle();
    const running = fake
      .requestsNamed('askField')
      .filter(([, , path]) => path === '/1.txt')
      .map((args) => args[1]);
    expect(
      fake
        .requestsNamed('cancelCall')
        .map(([callId]) => callId)
        .sort(),
    ).toEqual([...running].sort());
    expect(pluginFileSelectors.field(words.id, '/1.txt', 'words')(state())).toMatchObject({ status: 'answered', answer: { outcome: 'cancelled' } });
    expect(pluginFileSelectors.field(words.id, '/3.txt', 'size')(state())).toMatchObject({ status: 'answered', answer: { outcome: 'cancelled' } });
    expect(pluginFileSelectors.asksRunningSince(words.id, '/1.txt')(state())).toBeUndefined();
    expect(fake.requestsNamed('askField').some(([, , path]) => path === '/3.txt')).toBe(false);
  });

  it('chooses one, toggles, takes a range and all; the file moved to last is the one previewed', async () => {
    const { state } = await loaded();
    await state().addFiles(words.id, ['/a.txt', '/b.txt', '/c.txt', '/d.txt']);
    const choice = () => pluginFileSelectors.choice(words.id)(state());
    state().chooseFile(words.id, '/b.txt');
    expect(choice()).toMatchObject({ chosen: ['/b.txt'], current: '/b.txt' });
    state().chooseFile(words.id, '/d.txt', 'range');
    expect(choice()).toMatchObject({ chosen: ['/b.txt', '/c.txt', '/d.txt'], current: '/d.txt' });
    state().chooseFile(words.id, '/a.txt', 'toggle');
    expect(choice()).toMatchObject({ chosen: ['/a.txt', '/b.txt', '/c.txt', '/d.txt'], current: '/a.txt' });
    state().chooseFile(words.id, '/a.txt', 'toggle');
    expect(choice()).toMatchObject({ chosen: ['/b.txt', '/c.txt', '/d.txt'], current: '/d.txt' });
    expect(state().filePreviews[words.id]?.path).toBe('/d.txt');
    state().chooseFile(words.id, '/missing.txt');
    expect(choice().current).toBe('/d.txt');
    state().chooseAllFiles(words.id);
    expect(choice().chosen).toHaveLength(4);
  });

  it('removes files, forgetting what was asked and cancelling what still runs, and asks all again on demand', async () => {
    const { fake, state } = await loaded();
    const waiting: (() => void)[] = [];
    fake.answers.askField = () => new Promise((resolve) => waiting.push(() => resolve(answered({ value: 1 }))));
    fake.answers.cancelCall = () => ({ ok: true });
    await state().addFiles(words.id, ['/a.txt', '/b.txt']);
    await settle();
    state().removeFiles(words.id, ['/a.txt']);
    expect(fake.requestsNamed('cancelCall')).toHaveLength(2);
    expect(
      pluginFileSelectors
        .files(words.id)(state())
        .map((file) => file.path),
    ).toEqual(['/b.txt']);
    expect(pluginFileSelectors.fileAsks(words.id, '/a.txt')(state())).toBeUndefined();
    expect(pluginFileSelectors.choice(words.id)(state())).toMatchObject({ chosen: [], current: undefined });
    // A late answer about a removed file changes nothing.
    for (const resolve of waiting.splice(0)) resolve();
    await settle();
    expect(pluginFileSelectors.fileAsks(words.id, '/a.txt')(state())).toBeUndefined();
    expect(pluginFileSelectors.field(words.id, '/b.txt', 'words')(state())).toMatchObject({ status: 'answered' });
    await state().askFilesAgain(words.id);
    expect(pluginFileSelectors.field(words.id, '/b.txt', 'words')(state())).toMatchObject({ status: expect.stringMatching(/waiting|running/) });
  });

  it('asks a thumbnail as large as the screen draws the square', () => {
    expect(thumbnailPixels(1)).toBe(64);
    expect(thumbnailPixels(2)).toBe(128);
    expect(thumbnailPixels(0)).toBe(64);
    expect(thumbnailPixels(50)).toBe(512);
  });
});
