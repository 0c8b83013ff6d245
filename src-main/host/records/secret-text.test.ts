import { describe, expect, it } from 'vitest';
import { maskedSecret, maskSecretText, maskSecretValues } from './secret-text';
import { ToolTrace } from './trace';

describe('a secret’s value, hidden wherever it shows', () => {
  it('hides each secret inside a text, as written on the wire or as a person reads it', () => {
    expect(maskSecretText('paste "s3cret-sig" now', ['s3cret-sig'], 'plain')).toBe(`paste "${maskedSecret}" now`);
    // On the wire, a value is written escaped: found as it is written.
    const wire = JSON.stringify({ params: { text: 'say "hi"\nthere' } });
    expect(maskSecretText(wire, ['say "hi"\nthere'], 'json')).toBe(JSON.stringify({ params: { text: maskedSecret } }));
  });

  it('hides a short secret only where it is a whole string, never every letter it shares', () => {
    expect(maskSecretText('{"text":"ab","other":"a cab"}', ['ab'], 'json')).toBe(`{"text":"${maskedSecret}","other":"a cab"}`);
    expect(maskSecretText('ab', ['ab'], 'plain')).toBe(maskedSecret);
    expect(maskSecretText('a cab', ['ab'], 'plain')).toBe('a cab');
  });

  it('hides secrets in the texts of a value, keys too, and gives the value itself when none shows', () => {
    const params = { text: 'token=s3cret-sig', keys: ['s3cret-sig'], n: 3 };
    expect(maskSecretValues(params, ['s3cret-sig'])).toEqual({ text: `token=${maskedSecret}`, keys: [maskedSecret], n: 3 });
    const clean = { text: 'nothing here' };
    expect(maskSecretValues(clean, ['s3cret-sig'])).toBe(clean);
  });

  it('is hidden in any line of the trace, either way, once the tool holds it', () => {
    const trace = new ToolTrace();
    trace.maskSecrets(
      () => ['token'],
      () => ['s3cret-sig'],
    );
    trace.append('fromTool', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'keystrokes/paste', params: { text: 's3cret-sig' } }), 'keystrokes/paste');
    trace.append('fromTool', JSON.stringify({ jsonrpc: '2.0', method: 'log', params: { message: 'using s3cret-sig' } }), 'log');
    expect(trace.lines().map((line) => line.text)).toEqual([
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'keystrokes/paste', params: { text: maskedSecret } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'log', params: { message: `using ${maskedSecret}` } }),
    ]);
  });
});
