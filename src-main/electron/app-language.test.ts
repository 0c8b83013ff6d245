import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appLanguageOf, keepLanguage, languageFile, readKeptLanguage, startLanguage } from './app-language';
import { createFakeHost } from '../../src-shared/test/fake-host';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-language-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('appLanguageOf', () => {
  it('reduces a system tag to a language the window speaks, English for the rest', () => {
    expect(['fr-FR', 'fr_CA', 'FR', 'en-GB', 'de-DE', 'zh-Hans-CN', '', undefined].map(appLanguageOf)).toEqual([
      'fr',
      'fr',
      'fr',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});

describe('the kept language', () => {
  it('starts with the system language reduced when nothing was kept: fr-FR is fr, never a raw tag', async () => {
    const file = languageFile(folder);
    expect(await startLanguage(file, ['fr-FR', 'en-US'])).toBe('fr');
    expect(await startLanguage(file, ['de-CH'])).toBe('en');
    expect(await startLanguage(file, [])).toBe('en');
  });

  it('writes each choice the host announces, and the next start uses it over the system language', async () => {
    const file = languageFile(folder);
    const fake = createFakeHost();
    const keeper = keepLanguage(fake.host, file);
    fake.emit({ type: 'language', language: 'fr' });
    fake.emit({ type: 'language', language: 'en' });
    fake.emit({ type: 'tool', tool: undefined as never }); // other events write nothing
    await keeper.written();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, language: 'en' });
    expect(await startLanguage(file, ['fr-FR'])).toBe('en');
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]); // written atomically
    keeper.dispose();
    expect(fake.listenerCount()).toBe(0);
    fake.emit({ type: 'language', language: 'fr' });
    await keeper.written();
    expect(await readKeptLanguage(file)).toBe('en');
  });

  it('ignores a damaged or foreign file, saying so, and the next choice replaces it', async () => {
    const file = languageFile(folder);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const text of ['{not json', '{"language": 3}', '{"language": "fr; rm -rf"}']) {
        await writeFile(file, text);
        expect(await startLanguage(file, ['fr-BE'])).toBe('fr');
      }
      expect(warn).toHaveBeenCalledTimes(3);
    } finally {
      warn.mockRestore();
    }
    const fake = createFakeHost();
    const keeper = keepLanguage(fake.host, file);
    fake.emit({ type: 'language', language: 'en' });
    await keeper.written();
    expect(await readKeptLanguage(file)).toBe('en');
  });

  it('logs a write that failed and keeps going', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const fake = createFakeHost();
      await writeFile(join(folder, 'a-file'), '');
      const keeper = keepLanguage(fake.host, join(folder, 'a-file', 'language.json'));
      fake.emit({ type: 'language', language: 'fr' });
      await keeper.written();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be kept'), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});
