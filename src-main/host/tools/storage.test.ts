import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreferenceInfo } from '../../../src-shared/host-api';
import type { Platform } from '../../platform/platform';
import { ServiceBroker } from './broker';
import { PreferenceRefusal, PreferenceStore, preferenceValueProblem, type SecretEncryptor } from './storage';

const prefs: PreferenceInfo[] = [
  { id: 'cursor', kind: 'text', default: '' },
  { id: 'note', kind: 'text' },
  { id: 'token', kind: 'secret', title: { en: 'Token' } },
  { id: 'loud', kind: 'boolean', default: true },
  { id: 'count', kind: 'number' },
  { id: 'times', kind: 'number', minimum: 1, maximum: 20, whole: true },
  { id: 'page', kind: 'text', format: 'url' },
  {
    id: 'color',
    kind: 'choice',
    default: 'red',
    options: [
      { value: 'red', title: { en: 'Red' } },
      { value: 'blue', title: { en: 'Blue' } },
    ],
  },
];
const byId = (id: string) => prefs.find((p) => p.id === id)!;
/** A secrets file as written: whether encrypted, and each value (base64 when encrypted). */
type SecretsFile = { encrypted: boolean; note?: string; values: Record<string, string> };

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vt-storage-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('preference values', () => {
  it('answers the stored value, else the default, else null', async () => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    expect(tool.get(byId('cursor'))).toBe('');
    expect(tool.get(byId('note'))).toBeNull();
    expect(tool.get(byId('loud'))).toBe(true);
    await tool.set(prefs, 'note', 'hello');
    await tool.set(prefs, 'loud', false);
    expect(tool.get(byId('note'))).toBe('hello');
    expect(tool.get(byId('loud'))).toBe(false);
    await tool.set(prefs, 'loud', null);
    expect(tool.get(byId('loud'))).toBe(true);
  });

  it('keeps values on disk, per tool', async () => {
    const first = new PreferenceStore(folder);
    await (await first.open('com.acme.a')).set(prefs, 'count', 42);
    await (await first.open('com.acme.b')).set(prefs, 'count', 7);
    const again = new PreferenceStore(folder);
    expect((await again.open('com.acme.a')).get(byId('count'))).toBe(42);
    expect((await again.open('com.acme.b')).get(byId('count'))).toBe(7);
    expect((await readdir(join(folder, 'preferences'))).sort()).toEqual(['com.acme.a.json', 'com.acme.b.json']);
  });

  it.each([
    ['unknown preference', 'nope', 'x', /id: unknown preference "nope"/],
    ['text for a number', 'count', 'twelve', /^value \(preference "count"\): "twelve" does not fit kind "number"$/],
    ['a number for text', 'note', 12, /^value \(preference "note"\): 12 does not fit kind "text"/],
    ['a string for a boolean', 'loud', 'yes', /^value \(preference "loud"\): "yes" does not fit kind "boolean"/],
    ['a choice not among the options', 'color', 'green', /^value \(preference "color"\): "green" is not one of the options "red" or "blue"$/],
    ['text over 4,096 code points', 'note', 'a'.repeat(4_097), /^value \(preference "note"\): 4,097 characters, at most 4,096$/],
    ['a secret over 4,096 code points', 'token', '😀'.repeat(4_097), /^value \(preference "token"\): 4,097 characters, at most 4,096$/],
    ['a number below its minimum', 'times', -3, /^value \(preference "times"\): -3 is below the minimum, 1$/],
    ['a number above its maximum', 'times', 21, /^value \(preference "times"\): 21 is above the maximum, 20$/],
    ['a fraction where whole numbers are asked', 'times', 2.5, /^value \(preference "times"\): 2.5 is not a whole number$/],
    ['text that is no link where a url is asked', 'page', 'not a url', /^value \(preference "page"\): "not a url" is not a link \(http, https or mailto\)$/],
  ])('refuses %s and changes nothing', async (_what, id, value, reason) => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    await tool.set(prefs, 'note', 'before');
    const before = await readFile(join(folder, 'preferences', 'com.acme.a.json'), 'utf8');
    const refusal = await tool.set(prefs, id, value).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PreferenceRefusal);
    expect((refusal as Error).message).toMatch(reason);
    expect(tool.get(byId('note'))).toBe('before');
    expect(await readFile(join(folder, 'preferences', 'com.acme.a.json'), 'utf8')).toBe(before);
  });

  it('takes values within the bounds, and gives the refusal as data for the window', async () => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    await tool.set(prefs, 'times', 20);
    await tool.set(prefs, 'page', 'https://example.com/a?b=c');
    await tool.set(prefs, 'page', '');
    expect(tool.get(byId('times'))).toBe(20);
    const refusal = (await tool.set(prefs, 'times', 0).catch((e: unknown) => e)) as PreferenceRefusal;
    expect(refusal.problemCode).toEqual({ code: 'belowMinimum', minimum: 1 });
  });

  it('counts text in code points: 4,096 astral characters fit', () => {
    expect(preferenceValueProblem(prefs, 'note', '😀'.repeat(4_096))).toBeUndefined();
  });

  it('keeps the order of writes that overlap', async () => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    await Promise.all(Array.from({ length: 20 }, (_, i) => tool.set(prefs, 'count', i)));
    expect(tool.get(byId('count'))).toBe(19);
    expect((await new PreferenceStore(folder).open('com.acme.a')).get(byId('count'))).toBe(19);
  });

  it('keeps secrets apart, through the encryptor', async () => {
    const rot: SecretEncryptor = {
      encrypts: true,
      encrypt: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)),
      decrypt: (stored) => Buffer.from([...stored].map((b) => b ^ 0x5a)).toString(),
    };
    const tool = await new PreferenceStore(folder, rot).open('com.acme.a');
    await tool.set(prefs, 'token', 'hunter2');
    await tool.set(prefs, 'note', 'visible');
    expect(tool.has(byId('token'))).toBe(true);
    const plainFile = await readFile(join(folder, 'preferences', 'com.acme.a.json'), 'utf8');
    const secretFile = await readFile(join(folder, 'secrets', 'com.acme.a.json'), 'utf8');
    expect(plainFile).not.toContain('hunter2');
    expect(secretFile).not.toContain('hunter2');
    expect(Buffer.from((JSON.parse(secretFile) as SecretsFile).values.token!, 'base64').toString()).not.toContain('hunter2');
    expect((await new PreferenceStore(folder, rot).open('com.acme.a')).get(byId('token'))).toBe('hunter2');
  });

  it('says so in the file when secrets are not encrypted', async () => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    await tool.set(prefs, 'token', 's3cret');
    const secretFile = JSON.parse(await readFile(join(folder, 'secrets', 'com.acme.a.json'), 'utf8')) as SecretsFile;
    expect(secretFile.encrypted).toBe(false);
    expect(secretFile.note).toMatch(/Not encrypted/);
  });

  it('removes a tool\u2019s values and nothing else', async () => {
    const store = new PreferenceStore(folder);
    await (await store.open('com.acme.a')).set(prefs, 'token', 'x');
    await (await store.open('com.acme.b')).set(prefs, 'note', 'y');
    await store.remove('com.acme.a');
    expect(await readdir(join(folder, 'preferences'))).toEqual(['com.acme.b.json']);
    expect(await readdir(join(folder, 'secrets'))).toEqual([]);
    expect((await store.open('com.acme.a')).get(byId('token'))).toBeNull();
  });

  it('leaves no temp files behind', async () => {
    const tool = await new PreferenceStore(folder).open('com.acme.a');
    for (let i = 0; i < 10; i++) await tool.set(prefs, 'count', i);
    expect(await readdir(join(folder, 'preferences'))).toEqual(['com.acme.a.json']);
  });
});

describe('a tool\u2019s requests seen in order', () => {
  const tool = { id: 'com.acme.a', uses: ['storage'], preferences: prefs, installed: true };
  const brokerOver = (store: PreferenceStore) => new ServiceBroker({ platform: {} as Platform, preferencesOf: (id) => store.open(id) });

  it('answers storage/get sent right after storage/set, before the set is answered, with the new value', async () => {
    const store = new PreferenceStore(folder);
    const broker = brokerOver(store);
    // The very first requests, while the tool's values are still being read from disk.
    const first = broker.handle(tool, 'storage/set', { id: 'note', value: 'first' });
    expect(await broker.handle(tool, 'storage/get', { id: 'note' })).toEqual({ value: 'first' });
    await first;
    // Sent together, none waited for before the next is sent.
    const sets = [broker.handle(tool, 'storage/set', { id: 'note', value: 'second' }), broker.handle(tool, 'storage/set', { id: 'count', value: 3 })];
    const gets = [broker.handle(tool, 'storage/get', { id: 'note' }), broker.handle(tool, 'storage/get', { id: 'count' })];
    const cleared = broker.handle(tool, 'storage/set', { id: 'loud', value: null });
    expect(await Promise.all(gets.map((answer) => Promise.resolve(answer)))).toEqual([{ value: 'second' }, { value: 3 }]);
    expect(await broker.handle(tool, 'storage/get', { id: 'loud' })).toEqual({ value: true });
    await Promise.all([...sets, cleared].map((answer) => Promise.resolve(answer)));
    expect((await new PreferenceStore(folder).open('com.acme.a')).get(byId('note'))).toBe('second');
  });

  it('a refused set changes nothing, even for a get sent right after it', async () => {
    const store = new PreferenceStore(folder);
    const broker = brokerOver(store);
    await broker.handle(tool, 'storage/set', { id: 'count', value: 1 });
    const refused = Promise.resolve(broker.handle(tool, 'storage/set', { id: 'count', value: 'many' })).catch((e: unknown) => e);
    expect(await broker.handle(tool, 'storage/get', { id: 'count' })).toEqual({ value: 1 });
    expect(await refused).toMatchObject({ code: -32602 });
  });

  it('a set whose write fails leaves the value as it was once it is answered', async () => {
    const store = new PreferenceStore(folder);
    const values = await store.open('com.acme.a');
    await values.set(prefs, 'note', 'kept');
    await rm(join(folder, 'preferences'), { recursive: true });
    await writeFile(join(folder, 'preferences'), 'a file where the folder was');
    const failing = values.set(prefs, 'note', 'lost');
    expect(values.get(byId('note'))).toBe('lost'); // the value being written
    await expect(failing).rejects.toThrow();
    expect(values.get(byId('note'))).toBe('kept');
  });
});
