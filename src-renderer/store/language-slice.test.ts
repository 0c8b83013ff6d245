import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { languageSelectors } from './language-slice';

describe('language slice', () => {
  it('starts in English and takes the host’s language on load', async () => {
    const fake = createFakeHost({ info: { language: 'fr' } });
    const store = createAppStore(fake.host);
    expect(languageSelectors.language(store.getState())).toBe('en');
    await store.getState().load();
    expect(languageSelectors.language(store.getState())).toBe('fr');
  });

  it('sends a new language to the host', async () => {
    const fake = createFakeHost();
    const store = createAppStore(fake.host);
    await store.getState().setLanguage('fr');
    expect(fake.requestsNamed('setLanguage')).toEqual([['fr']]);
    expect(languageSelectors.language(store.getState())).toBe('fr');
  });

  it('goes back to the language it had when the host refuses', async () => {
    const fake = createFakeHost();
    fake.answers.setLanguage = () => ({ ok: false, problem: 'language: "xx" is not a tag' });
    const store = createAppStore(fake.host);
    await store.getState().setLanguage('xx');
    expect(languageSelectors.language(store.getState())).toBe('en');
    expect(languageSelectors.problem(store.getState())).toBe('language: "xx" is not a tag');
  });

  it('takes a language the host announces', () => {
    const store = createAppStore(createFakeHost().host);
    store.getState().languageChanged('fr');
    expect(languageSelectors.language(store.getState())).toBe('fr');
  });
});
