import { describe, expect, it } from 'vitest';
import { fieldValueText, planStepText, pluginFailureText } from './plugin-answer';
import { en } from './en';
import { fr } from './fr';

describe('plugin answers in words', () => {
  it('words a failure by what ended it, with the plugin’s message or the host’s reason', () => {
    expect(pluginFailureText(en, { ok: false, outcome: 'failed', message: 'not a Netpbm file' })).toBe('The plugin failed: not a Netpbm file');
    expect(pluginFailureText(en, { ok: false, outcome: 'failed', malformed: true, message: 'result.png: missing' })).toBe(
      'The plugin’s answer is not as the protocol says: result.png: missing',
    );
    expect(pluginFailureText(en, { ok: false, outcome: 'cancelled', message: 'cancelled by the person' })).toBe('Cancelled');
    expect(pluginFailureText(fr, { ok: false, outcome: 'crashed', message: 'exited with code 3', reasonCode: { code: 'exited', exitCode: 3 } })).toMatch(
      /^Le plugin a planté\u202f: /,
    );
  });

  it('words a field’s value: lists joined, null as nothing, yes and no, numbers with the language’s separators', () => {
    expect(fieldValueText(en, ['a', 2, true, null])).toBe('a, 2, Yes, ');
    expect(fieldValueText(en, null)).toBe('');
    expect(fieldValueText(fr, false)).toBe('Non');
    expect(fieldValueText(en, 2024)).toBe('2024');
    expect(fieldValueText(fr, 2024)).toBe('2024');
    expect(fieldValueText(en, 20_000_000)).toBe('20,000,000');
    expect(fieldValueText(fr, 20_000_000)).toBe('20\u202f000\u202f000');
    expect(fieldValueText(fr, [3.25, -12_345])).toBe('3,25, -12\u202f345');
    expect(fieldValueText(en, 0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('words each step of a plan, naming its file from the plan’s files', () => {
    const files = ['/a/one.txt', '/a/two.txt'];
    expect(planStepText(en, { op: 'rename', file: 1, name: 'uno.txt' }, files)).toBe('Rename one.txt to uno.txt');
    expect(planStepText(en, { op: 'trash', file: 2 }, files)).toBe('Move two.txt to the trash');
    expect(planStepText(en, { op: 'move', file: 1, to: '/x' }, files)).toBe('Move one.txt into /x');
    expect(planStepText(en, { op: 'copy', file: 2, to: '/y' }, files)).toBe('Copy two.txt into /y');
    expect(planStepText(fr, { op: 'mkdir', path: '/z' }, files)).toBe('Créer le dossier /z');
  });

  it('words the steps recorded in the services panel', () => {
    expect(en.serviceCall('plan/rename', { op: 'rename', from: '/a/one.txt', to: '/a/uno.txt' })).toBe('Would rename /a/one.txt to uno.txt');
    expect(en.serviceCall('plan/move', { op: 'move', from: '/a/one.txt', to: '/b/one.txt' })).toBe('Would move /a/one.txt into /b');
    expect(en.serviceCall('plan/copy', { op: 'copy', from: '/a/one.txt', to: '/b/one.txt' })).toBe('Would copy /a/one.txt into /b');
    expect(en.serviceCall('plan/trash', { op: 'trash', path: '/a/one.txt' })).toBe('Would move /a/one.txt to the trash');
    expect(fr.serviceCall('plan/mkdir', { op: 'mkdir', path: '/b' })).toBe('Créerait le dossier /b');
  });
});
