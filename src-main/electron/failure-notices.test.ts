import { describe, expect, it } from 'vitest';
import { noticeFailedTools } from './failure-notices';
import { recordingHost, toolSummary } from './fake-host';

describe('noticeFailedTools', () => {
  it('tells the person once when a tool goes from running to failed, in the language in use', () => {
    const host = recordingHost();
    const notices: string[][] = [];
    const watching = noticeFailedTools(host, (title, body, weight) => void notices.push([title, body, weight!]), () => 'fr');
    const clock = (state: 'running' | 'crashed' | 'failed') =>
      host.fire({ type: 'tool', tool: toolSummary({ id: 'c.lock', name: { en: 'Clock', fr: 'Horloge' }, state, stateReason: 'crashed 5 times in 3 minutes' }) });
    clock('running');
    clock('crashed');
    clock('failed');
    clock('failed');
    expect(notices).toEqual([['Horloge s’est arrêté', 'crashed 5 times in 3 minutes', 'mustSee']]);
    watching.dispose();
    expect(host.listening).toBe(false);
  });

  it('speaks English for a language the app does not speak, with its own words when the host gave no reason', () => {
    const host = recordingHost();
    const notices: string[][] = [];
    noticeFailedTools(host, (title, body) => void notices.push([title, body]), () => 'de-DE');
    host.fire({ type: 'tool', tool: toolSummary({ id: 'a.b', name: { en: 'Clock', fr: 'Horloge' }, state: 'running' }) });
    host.fire({ type: 'tool', tool: toolSummary({ id: 'a.b', name: { en: 'Clock', fr: 'Horloge' }, state: 'failed' }) });
    expect(notices).toEqual([['Clock stopped', 'It stopped and will not restart on its own.']]);
  });

  it('says nothing about tools already failed when the app started', () => {
    const host = recordingHost();
    const notices: string[][] = [];
    noticeFailedTools(host, (title, body) => void notices.push([title, body]), () => 'en');
    host.fire({ type: 'tool', tool: toolSummary({ id: 'a.b', state: 'failed' }) });
    expect(notices).toEqual([]);
  });
});
