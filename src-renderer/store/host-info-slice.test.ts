import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { hostInfoSelectors } from './host-info-slice';
import { languageSelectors } from './language-slice';

describe('host info slice', () => {
  it('knows nothing of the host until it asked, then what the host said, its language given to the language slice', async () => {
    const fake = createFakeHost({ info: { language: 'fr', platform: 'darwin', version: '2.0.0' } });
    const store = createAppStore(fake.host);
    expect(hostInfoSelectors.hostInfo(store.getState())).toBeUndefined();
    expect(hostInfoSelectors.servicesSimulated(store.getState())).toBe(false);
    await store.getState().loadHostInfo();
    expect(hostInfoSelectors.hostInfo(store.getState())).toEqual({ language: 'fr', services: 'simulated', platform: 'darwin', version: '2.0.0' });
    expect(hostInfoSelectors.servicesSimulated(store.getState())).toBe(true);
    expect(languageSelectors.language(store.getState())).toBe('fr');
    expect(fake.requestsNamed('info')).toEqual([[]]);
  });

  it('tells the system’s services from the test bed’s', async () => {
    const store = createAppStore(createFakeHost({ info: { services: 'system' } }).host);
    await store.getState().loadHostInfo();
    expect(hostInfoSelectors.servicesSimulated(store.getState())).toBe(false);
  });

  it('says when the host could not be asked, and forgets it once the host answers', async () => {
    const fake = createFakeHost();
    const answer = fake.host.info;
    fake.host.info = async () => {
      throw new Error('no host');
    };
    const store = createAppStore(fake.host);
    await store.getState().loadHostInfo();
    expect(hostInfoSelectors.problem(store.getState())).toBe('no host');
    expect(languageSelectors.language(store.getState())).toBe('en');
    fake.host.info = answer;
    await store.getState().loadHostInfo();
    expect(hostInfoSelectors.problem(store.getState())).toBeUndefined();
  });
});
