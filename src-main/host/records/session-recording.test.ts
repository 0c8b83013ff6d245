// The recording of a session past the size it keeps: a flood of lines is counted, not worked on
// (no masking, no copy), and what is kept holds no piece of the chunk a line came in.
import { describe, expect, it } from 'vitest';
import { SessionRecording } from './session-recording';

describe('a session recording', () => {
  it('only counts the lines past its size: none is masked or kept, and the end line says how many', async () => {
    const recording = new SessionRecording({ maxChars: 100, now: () => 0 });
    let secretsAsked = 0;
    recording.maskSecrets(
      () => [],
      () => (secretsAsked++, ['s3cret']),
    );
    recording.begin({ services: 'simulated' });
    const line = (n: number) => `{"jsonrpc":"2.0","method":"log","params":{"message":"line ${n} s3cret"}}`;
    recording.line('fromTool', line(1), 'log');
    const askedForKept = secretsAsked;
    for (let n = 2; n <= 1_000; n++) recording.line('fromTool', line(n), 'log');
    expect(secretsAsked).toBe(askedForKept);
    const lines = await recording.lines({ dialect: 'protocol1', transport: 'program', id: 'a.b', version: '1.0.0', folder: '/a' }, 'test');
    expect(lines.filter((kept) => kept.type === 'message')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
    expect(lines.at(-1)).toMatchObject({ type: 'end', linesLeftOut: 999 });
  });
});
