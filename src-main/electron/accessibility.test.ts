import { describe, expect, it, vi } from 'vitest';
import type { TraceLine } from '../../src-shared/host-api';
import { accessibilityCheck, isAccessibilityRefusal, noticeAccessibilityRefusal } from './accessibility';
import { createFakeHost, makeTool } from '../../src-shared/test/fake-host';

const answer = (method: string, error: object, direction: TraceLine['direction'] = 'toTool'): TraceLine => ({
  seq: 1,
  time: 0,
  direction,
  method,
  text: JSON.stringify({ jsonrpc: '2.0', id: 4, error }),
});
const refused = (method = 'keystrokes/paste') =>
  answer(method, { code: -32003, message: 'paste: Vitruvian lacks the Accessibility permission', data: { permission: 'accessibility' } });

describe('accessibilityCheck', () => {
  it('asks macOS with the prompt the first time only, and answers what macOS says each time', () => {
    const asked: boolean[] = [];
    let trusted = false;
    const check = accessibilityCheck((prompt) => (asked.push(prompt), trusted));
    expect(asked).toEqual([]); // nothing asked before a tool needs it
    expect([check(), check()]).toEqual([false, false]);
    trusted = true; // the person turned it on
    expect(check()).toBe(true);
    expect(asked).toEqual([true, false, false]);
  });
});

describe('isAccessibilityRefusal', () => {
  it('is a keystroke request answered -32003 accessibility, nothing else', () => {
    expect(isAccessibilityRefusal(refused())).toBe(true);
    expect(isAccessibilityRefusal(refused('keystrokes/pressMenuItem'))).toBe(true);
    expect(isAccessibilityRefusal(answer('keystrokes/paste', { code: -32003, message: 'm', data: { permission: 'automation' } }))).toBe(false);
    expect(isAccessibilityRefusal(answer('keystrokes/paste', { code: -32004, message: 'm' }))).toBe(false);
    expect(isAccessibilityRefusal(answer('clipboard/readText', { code: -32003, message: 'm', data: { permission: 'accessibility' } }))).toBe(false);
    const fromTool = { ...refused(), direction: 'fromTool' as const };
    expect(isAccessibilityRefusal(fromTool)).toBe(false);
    expect(isAccessibilityRefusal({ ...refused(), text: '{"error": {"code": -32003, "da… (40 more characters)' })).toBe(false);
  });
});

describe('noticeAccessibilityRefusal', () => {
  it('tells the person once, naming the tool in the app language and what to turn on where', async () => {
    const fake = createFakeHost({ tools: [makeTool({ id: 'acme.snippets', name: { en: 'Snippets', fr: 'Extraits' } })] });
    const notices: string[][] = [];
    let language = 'en';
    noticeAccessibilityRefusal({
      host: fake.host,
      notify: (title, body, weight) => void notices.push([title, body, weight!]),
      language: () => language,
      holder: { kind: 'app', name: 'Vitruvian' },
    });
    fake.emit({ type: 'trace', toolId: 'acme.snippets', line: answer('keystrokes/paste', { code: -32004, message: 'no' }) });
    expect(fake.requestsNamed('listTools')).toEqual([]);

    fake.emit({ type: 'trace', toolId: 'acme.snippets', line: refused() });
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]![0]).toBe('Vitruvian needs the Accessibility permission');
    expect(notices[0]![1]).toContain('Snippets could not press keys');
    expect(notices[0]![1]).toContain('Turn on Vitruvian in System Settings > Privacy & Security > Accessibility');
    expect(notices[0]![2]).toBe('mustSee'); // on the HUD when macOS drops the notification

    language = 'fr';
    fake.emit({ type: 'trace', toolId: 'acme.snippets', line: refused('keystrokes/pressMenuItem') });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(notices).toHaveLength(1); // once a session
    expect(fake.listenerCount()).toBe(0);
  });

  it('speaks French, and names the tool by its id when it is no longer listed', async () => {
    const fake = createFakeHost();
    const notices: string[][] = [];
    const holder = { kind: 'terminal', name: 'iTerm' } as const;
    noticeAccessibilityRefusal({ host: fake.host, notify: (title, body) => void notices.push([title, body]), language: () => 'fr-FR', holder });
    fake.emit({ type: 'trace', toolId: 'gone.tool', line: refused() });
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual(['Vitruvian a besoin de l’autorisation Accessibilité', expect.stringContaining('gone.tool n’a pas pu appuyer sur des touches')]);
    expect(notices[0]![1]).toContain('Activez iTerm (le terminal qui a lancé npm start) dans Réglages Système > Confidentialité et sécurité > Accessibilité');
  });

  it('stops listening when disposed', () => {
    const fake = createFakeHost();
    noticeAccessibilityRefusal({ host: fake.host, notify: () => {}, language: () => 'en', holder: { kind: 'app', name: 'Vitruvian' } }).dispose();
    expect(fake.listenerCount()).toBe(0);
  });
});
