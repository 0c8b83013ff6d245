// The recording format: its types are what the schema generates, a recording written is read back
// whole, and a file that is no recording is refused naming the line and the field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRecordingTypes } from '../../scripts/protocol-types';
import { pointerProblem, pointerSegments, readRecording, recordingText, type RecordLine } from './record-lines';

const session: RecordLine = {
  type: 'session',
  format: 1,
  dialect: 'protocol1',
  transport: 'program',
  id: 'com.example.echo',
  version: '1.0.0',
  folder: '/tmp/echo',
  inputs: { services: 'simulated', language: 'en', clipboard: null, preferences: { greeting: 'Hi' } },
  ignore: ['/result/at'],
};

const lines: RecordLine[] = [
  session,
  { type: 'message', direction: 'toTool', ms: 0, message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} } },
  { type: 'message', direction: 'fromTool', ms: 3, text: 'not json \\xff', notUtf8: true },
  { type: 'file', path: '/tmp/a.txt', size: 3, sha256: 'a'.repeat(64) },
  { type: 'input', ms: 5, clipboard: 'copied' },
  { type: 'stop', ms: 6 },
  { type: 'end', ms: 7, how: 'stopped' },
];

describe('types.ts', () => {
  it('is what the schema generates now (run npm run gen:types after changing it)', async () => {
    expect(readFileSync(new URL('./types.ts', import.meta.url), 'utf8')).toBe(await generateRecordingTypes());
  }, 60_000);
});

describe('a recording', () => {
  it('is read back as it was written', () => {
    const text = recordingText(lines);
    expect(text.split('\n')).toHaveLength(lines.length + 1);
    expect(readRecording(text)).toEqual({ ok: true, recording: { session, events: lines.slice(1, -1), end: lines.at(-1) } });
  });

  it('cut short (no end line) is read up to where it stops', () => {
    const reading = readRecording(recordingText(lines.slice(0, 3)));
    expect(reading.ok && reading.recording.end).toBeUndefined();
  });

  it('is refused naming the line and the field', () => {
    const bad = (...rows: unknown[]) => readRecording(rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n'));
    expect(bad()).toEqual({ ok: false, problem: 'the file is empty: a recording starts with its session line' });
    expect(bad(lines[1])).toEqual({ ok: false, problem: 'line 1: type: "message", but a recording starts with its session line' });
    expect(bad(session, '{oops')).toEqual({ ok: false, problem: 'line 2: not JSON ("{oops"); a recording is one JSON object a line' });
    expect(bad(session, { type: 'message', direction: 'sideways', ms: 0, message: {} })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^line 2: direction: /),
    });
    expect(bad(session, { type: 'file', path: '/a', sha256: 'xyz', size: 1 })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^line 2: sha256: /),
    });
    expect(bad(session, { type: 'wat' })).toEqual({
      ok: false,
      problem: 'line 2: type: "wat" is not a record\'s type (session, message, file, input, stop or end)',
    });
    expect(bad({ ...session, ignore: ['result'] })).toMatchObject({ ok: false, problem: expect.stringMatching(/^line 1: ignore\[0\]: /) });
    expect(bad(session, lines.at(-1), lines[1])).toEqual({ ok: false, problem: 'line 3: comes after the end line, which is the last' });
    expect(bad(session, session)).toEqual({ ok: false, problem: 'line 2: a second session line; a recording holds one session' });
  });
});

describe('JSON Pointers', () => {
  it('are read by RFC 6901, and a mistake is named', () => {
    expect(pointerSegments('/result/a~1b/~0c/*')).toEqual(['result', 'a/b', '~c', '*']);
    expect(pointerProblem('/result/value')).toBeUndefined();
    expect(pointerProblem('result')).toBe('"result" is not a JSON Pointer: it starts with /, such as /result/value');
    expect(pointerProblem('/a~2')).toMatch(/~ is written ~0/);
    expect(pointerProblem('')).toMatch(/whole message/);
  });
});
