import { describe, expect, it } from 'vitest';
import { noticeFailedTools } from './failure-notices';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';

describe('noticeFailedTools', () => {
  it('tells the person once when a tool goes from running to failed, in the language in use', () => {
    const fake = createFakeHost();
    const notices: string[][] = [];
    const watching = noticeFailedTools(
      fake.host,
      (title, body, weight) => void notices.push([title, body, weight!]),
      () => 'fr',
    );
    const clock = (state: 'running' | 'crashed' | 'failed') =>
      fake.emit({ type: 'tool', tool: makeTool({ id: 'c.lock', name: { en: 'Clock', fr: 'Horloge' }, state, stateReason: 'crashed 5 times in 3 minutes' }) });
    clock('running');
    clock('crashed');
    clock('failed');
    clock('failed');
    expect(notices).toEqual([['Horloge s’est arrêté', 'crashed 5 times in 3 minutes', 'mustSee']]);
    watching.dispose();
    expect(fake.listenerCount()).toBe(0);
  });

  it('speaks English for a language the app does not speak, with its own words when the host gave no reason', () => {
    const fake = createFakeHost();
    const notices: string[][] = [];
    noticeFailedTools(
      fake.host,
      (title, body) => void notices.push([title, body]),
      () => 'de-DE',
    );
    fake.emit({ type: 'tool', tool: makeTool({ id: 'a.b', name: { en: 'Clock', fr: 'Horloge' }, state: 'running' }) });
    fake.emit({ type: 'tool', tool: makeTool({ id: 'a.b', name: { en: 'Clock', fr: 'Horloge' }, state: 'failed' }) });
    expect(notices).toEqual([['Clock stopped', 'It stopped and will not restart on its own.']]);
  });

  it('says nothing about tools already failed when the app started', () => {
    const fake = createFakeHost();
    const notices: string[][] = [];
    noticeFailedTools(
      fake.host,
      (title, body) => void notices.push([title, body]),
      () => 'en',
    );
    fake.emit({ type: 'tool', tool: makeTool({ id: 'a.b', state: 'failed' }) });
    expect(notices).toEqual([]);
  });
});
