import { describe, expect, it } from 'vitest';
import type { InspectRequest, PluginAnswer, ShownConversion } from '../../src-shared/plugin-api';
import type { CheckedInspection } from '../../src-shared/skwir/answers';
import { createFakeHost, makePlugin } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { pluginPreviewSelectors } from './plugin-preview-slice';

const plugin = makePlugin(
  { id: 'org.example.views', name: { en: 'Views' } },
  {
    previews: [
      { extensions: ['ppm'], mimes: [], converts: true, pages: true, thumbnails: false },
      { extensions: ['pdf'], mimes: [], converts: false, pages: true, thumbnails: false },
      { extensions: ['bin'], mimes: [], converts: false, pages: false, thumbnails: false },
    ],
  },
);

const page = (offset: number, extra: Partial<CheckedInspection> = {}): CheckedInspection => ({
  kind: 'hex',
  title: `at ${offset}`,
  text: [],
  columns: [],
  rows: [],
  previous: offset > 0 ? offset - 16 : null,
  next: offset + 16,
  position: offset,
  length: null,
  notice: '',
  details: [],
  ...extra,
});
const answered = <T>(answer: T, cached = false): PluginAnswer<T> => ({ ok: true, answer, ms: 1, cached });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loaded() {
  const fake = createFakeHost({ tools: [plugin] });
  const store = createAppStore(fake.host);
  await store.getState().load();
  fake.answers.inspect = (_p, _c, _path, request: InspectRequest) => answered(page(request.offset ?? 0));
  fake.answers.cancelCall = () => ({ ok: true });
  return { fake, state: () => store.getState() };
}

describe('plugin preview slice', () => {
  it('inspects a file its preview neither converts nor reads in pages, and pages through it', async () => {
    const { fake, state } = await loaded();
    await state().addFiles(plugin.id, ['/f/data.bin']);
    await settle();
    const preview = () => pluginPreviewSelectors.preview(plugin.id)(state());
    expect(preview()).toMatchObject({ path: '/f/data.bin', kind: 'inspect', inspect: { request: {}, call: { status: 'answered' } } });
    state().inspectPage(plugin.id, { offset: 16, source: true });
    expect(preview()?.inspect).toMatchObject({ call: { status: 'running' }, last: { title: 'at 0' } });
    await settle();
    expect(preview()?.inspect?.last?.title).toBe('at 16');
    expect(fake.requestsNamed('inspect').map((args) => args[3])).toEqual([{}, { offset: 16, source: true }]);
  });

  it('opens a row’s target and comes back to the page it was opened from', async () => {
    const { fake, state } = await loaded();
    await state().addFiles(plugin.id, ['/f/data.bin']);
    await settle();
    state().inspectPage(plugin.id, { offset: 32 });
    await settle();
    state().inspectPage(plugin.id, { target: { member: 'a/b' } }, true);
    await settle();
    expect(pluginPreviewSelectors.preview(plugin.id)(state())?.inspect?.back).toEqual([{ offset: 32 }]);
    state().inspectBack(plugin.id);
    await settle();
    expect(fake.requestsNamed('inspect').map((args) => args[3])).toEqual([{}, { offset: 32 }, { target: { member: 'a/b' } }, { offset: 32 }]);
    expect(pluginPreviewSelectors.preview(plugin.id)(state())?.inspect?.back).toEqual([]);
  });

  it('cancels what was asked for the file before, and leaves its late answer out', async () => {
    const { fake, state } = await loaded();
    const waiting: ((answer: PluginAnswer<CheckedInspection>) => void)[] = [];
    fake.answers.inspect = () => new Promise((resolve) => waiting.push(resolve));
    await state().addFiles(plugin.id, ['/f/one.bin', '/f/two.bin']);
    const first = fake.requestsNamed('inspect')[0]![1];
    state().chooseFile(plugin.id, '/f/two.bin');
    expect(fake.requestsNamed('cancelCall')).toEqual([[first]]);
    waiting[0]!(answered(page(0, { title: 'one' })));
    waiting[1]!(answered(page(0, { title: 'two' })));
    await settle();
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toMatchObject({ path: '/f/two.bin', inspect: { last: { title: 'two' } } });
  });

  it('converts a file whose preview converts, and says to read pages when it converts to nothing', async () => {
    const { fake, state } = await loaded();
    fake.answers.convert = (_p, _c, path) => answered(path.endsWith('one.ppm') ? { name: 'one.png', bytes: 3, token: 'one-token' } : null, true);
    await state().addFiles(plugin.id, ['/f/one.ppm', '/f/many.ppm', '/f/book.pdf', '/f/notes.txt']);
    await settle();
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toMatchObject({
      kind: 'convert',
      pagesAfterConvert: true,
      convert: { status: 'answered', answer: { ok: true, cached: true, answer: { name: 'one.png', bytes: 3, url: fake.host.convertedUrl('one-token') } } },
    });
    expect(fake.requestsNamed('releaseConverted')).toEqual([]);
    state().chooseFile(plugin.id, '/f/many.ppm');
    await settle();
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toMatchObject({ convert: { answer: { answer: null } }, pagesAfterConvert: true });
    // The window no longer shows one.png: the host may stop serving it.
    expect(fake.requestsNamed('releaseConverted')).toEqual([['one-token']]);
    state().chooseFile(plugin.id, '/f/book.pdf');
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toEqual({ path: '/f/book.pdf', kind: 'pages', pagesAfterConvert: false });
    state().chooseFile(plugin.id, '/f/notes.txt');
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toMatchObject({ kind: 'nothing' });
    expect(fake.requestsNamed('convert')).toHaveLength(2);
    expect(fake.requestsNamed('inspect')).toHaveLength(0);
  });

  it('lets go of a converted file it shows once the preview goes, and of one answered after the person moved on', async () => {
    const { fake, state } = await loaded();
    const waiting: ((answer: PluginAnswer<ShownConversion | null>) => void)[] = [];
    fake.answers.convert = () => new Promise((resolve) => waiting.push(resolve));
    await state().addFiles(plugin.id, ['/f/one.ppm', '/f/two.ppm']);
    state().chooseFile(plugin.id, '/f/one.ppm');
    await settle();
    state().chooseFile(plugin.id, '/f/two.ppm');
    await settle();
    waiting.at(-2)!(answered({ name: 'one.png', bytes: 3, token: 'late' }));
    await settle();
    expect(fake.requestsNamed('releaseConverted')).toEqual([['late']]);
    waiting.at(-1)!(answered({ name: 'two.png', bytes: 3, token: 'shown' }));
    await settle();
    expect(pluginPreviewSelectors.preview(plugin.id)(state())).toMatchObject({ convert: { answer: { answer: { name: 'two.png' } } } });
    state().showPreview(plugin.id, undefined);
    expect(fake.requestsNamed('releaseConverted')).toEqual([['late'], ['shown']]);
  });

  it('asks a page for the reader under the id given, and an unreachable host is an answer too', async () => {
    const { fake, state } = await loaded();
    fake.answers.page = () => answered({ pages: 3, png: null, text: [], links: [], outline: [] });
    expect(await state().askPage(plugin.id, 'call-1', '/f/book.pdf', { page: 1, side: 0 })).toMatchObject({ ok: true, answer: { pages: 3 } });
    expect(fake.requestsNamed('page')).toEqual([[plugin.id, 'call-1', '/f/book.pdf', { page: 1, side: 0 }]]);
    fake.answers.page = () => {
      throw new Error('closed');
    };
    expect(await state().askPage(plugin.id, 'call-2', '/f/book.pdf', { page: 2, side: 0 })).toEqual({ ok: false, outcome: 'unavailable', message: 'closed' });
  });
});
