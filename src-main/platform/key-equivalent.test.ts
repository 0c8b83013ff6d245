import { describe, expect, it } from 'vitest';
import { describeKeyEquivalent, parseKeyEquivalent, parseKeyEquivalents } from './key-equivalent';

describe('parseKeyEquivalent', () => {
  it('reads modifiers in any order and gives them in canonical order', () => {
    const parsed = parseKeyEquivalent('shift+CMD+N');
    expect(parsed).toEqual({ ok: true, value: { key: 'n', named: false, modifiers: ['cmd', 'shift'] } });
  });

  it('knows named keys and the plus key', () => {
    expect(parseKeyEquivalent('cmd+Return')).toMatchObject({ ok: true, value: { key: 'return', named: true } });
    expect(parseKeyEquivalent('cmd++')).toMatchObject({ ok: true, value: { key: '+', modifiers: ['cmd'] } });
    expect(parseKeyEquivalent('alt+,')).toMatchObject({ ok: true, value: { key: ',', modifiers: ['alt'] } });
  });

  it('names the value and the reason when it cannot read one', () => {
    expect(parseKeyEquivalent('super+n')).toEqual({
      ok: false,
      problem: 'key equivalent "super+n": "super" is not a modifier (cmd, shift, alt, ctrl)',
    });
    expect(parseKeyEquivalent('cmd+cmd+n')).toMatchObject({ ok: false, problem: expect.stringContaining('twice') });
    expect(parseKeyEquivalent('cmd+nn')).toMatchObject({ ok: false, problem: expect.stringContaining('"nn"') });
    expect(parseKeyEquivalent('')).toMatchObject({ ok: false });
  });

  it('keeps the good ones of a list and reports the rest', () => {
    const { parsed, problems } = parseKeyEquivalents(['cmd+s', 'hyper+s', 'ctrl+alt+k']);
    expect(parsed.map(describeKeyEquivalent)).toEqual(['cmd+s', 'alt+ctrl+k']);
    expect(problems).toHaveLength(1);
  });
});
