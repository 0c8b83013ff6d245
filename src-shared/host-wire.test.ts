import { describe, expect, it } from 'vitest';
import { hostRequestNames } from './host-api';
import { checkRequestArgs, maxArgumentLength, readClientFrame, readClientFrames, readServerFrame, readServerFrames } from './host-wire';

const request = (fields: Record<string, unknown>) => JSON.stringify({ kind: 'request', id: 1, ...fields });

describe('reading a window request frame', () => {
  it('accepts every HostApi request with fitting arguments', () => {
    const args: Record<string, unknown[]> = {
      installFolder: ['/tmp/tool'],
      uninstall: ['a.b'],
      runCommand: ['a.b', 'go'],
      setPreference: ['a.b', 'on', true],
      readLog: ['a.b'],
      clearLog: ['a.b'],
      readTrace: ['a.b'],
      clearTrace: ['a.b'],
      restart: ['a.b'],
      stop: ['a.b'],
      setLanguage: ['fr'],
      setSimulatedClipboard: ['4242'],
      judgeFile: ['/tmp/a.txt'],
      readSimulatedClipboard: [],
      askField: ['org.x.y', 'call-1', '/tmp/a.txt', 'x.words'],
      askThumbnail: ['org.x.y', 'call-2', '/tmp/a.ppm', 256],
      inspect: ['org.x.y', 'call-3', '/tmp/a.bin', { offset: 4096, query: 'de ad' }],
      convert: ['org.x.y', 'call-4', '/tmp/a.ppm'],
      releaseConverted: ['AbC_-9'],
      page: ['org.x.y', 'call-5', '/tmp/a.ppm', { page: 2, side: 1024, text: true }],
      runPluginCommand: ['org.x.y', 'call-6', 'x.count', { lines: true }, ['/tmp/a.txt', '/tmp/b.txt']],
      applyPlan: ['plan-1'],
      cancelCall: ['call-1'],
      callProgress: ['call-1'],
      installReplaces: ['/tools/clip'],
      forgetAnswers: ['org.x.y', '/tmp/a.ppm'],
      setCommandShortcut: ['a.b', 'go', 'CommandOrControl+Shift+G'],
      setSimulatedSelection: [['/tmp/a.txt']],
      sendMessage: ['a.b', { method: 'command/run', params: { command: 'go' } }, true],
      checkMessage: ['a.b', { method: 'command/run' }],
      readRecording: ['a.b'],
    };
    for (const method of hostRequestNames) {
      const reading = readClientFrame(request({ method, args: args[method] ?? [] }));
      expect(reading, method).toEqual({ ok: true, frame: { kind: 'request', id: 1, method, args: args[method] ?? [] } });
    }
  });

  it.each([
    ['nul', 'the frame is not JSON: "nul"'],
    ['"text"', 'the frame is not an object: "text"'],
    [JSON.stringify({ kind: 'answer', id: 1 }), 'kind: expected "request", got "answer"'],
    [JSON.stringify({ kind: 'request', id: -1, method: 'info', args: [] }), 'id: expected a whole number of 0 or more, got -1'],
    [request({ method: 'eval', args: [] }), 'method: "eval" is not a request of the host'],
    [request({ method: 'info' }), 'args: expected a list, got nothing'],
    [request({ method: 'uninstall', args: [] }), 'args: uninstall takes 1 argument(s), got 0'],
    [request({ method: 'runCommand', args: ['a.b', null] }), 'args[1]: expected text, got null'],
    [request({ method: 'setPreference', args: ['a.b', 'p', { x: 1 }] }), 'args[2]: expected text, a number, true, false or null, got {"x":1}'],
    [
      request({ method: 'setPreference', args: ['a.b', 'p', 'y'.repeat(maxArgumentLength + 1)] }),
      'args[2]: text of 65537 characters is over the limit of 65536',
    ],
    [request({ method: 'askThumbnail', args: ['a.b', 'c', '/p', '256'] }), 'args[3]: expected a number, got "256"'],
    [request({ method: 'inspect', args: ['a.b', 'c', '/p', [1]] }), 'args[3]: expected an object, got [1]'],
    [request({ method: 'runPluginCommand', args: ['a.b', 'c', 'go', null, '/p'] }), 'args[4]: expected a list of texts, got "/p"'],
    [request({ method: 'sendMessage', args: ['a.b', { method: 'x' }, 'yes'] }), 'args[2]: expected true or false, got "yes"'],
    [request({ method: 'sendMessage', args: ['a.b', 'command/run', false] }), 'args[1]: expected an object, got "command/run"'],
    [request({ method: 'runPluginCommand', args: ['a.b', 'c', 'go', null, ['/p', 3]] }), 'args[4][1]: expected text, got 3'],
    [
      request({ method: 'runPluginCommand', args: ['a.b', 'c', 'go', { t: 'z'.repeat(maxArgumentLength) }, []] }),
      'args[3]: 65544 characters of JSON, over the limit of 65536',
    ],
  ])('refuses %s', (text, problem) => {
    const reading = readClientFrame(text);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem.startsWith(problem), reading.problem).toBe(true);
  });

  it('refuses an argument nested 5,000 deep, naming the depth, before JSON.stringify measures it', () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const reading = readClientFrame(`{"kind":"request","id":1,"method":"inspect","args":["a.b","c","/p",{"target":${deep}}]}`);
    expect(reading).toEqual({ ok: false, id: 1, problem: 'args[3].target[0][0]…: nested more than 64 levels deep; an argument may nest 64 at most' });
  });

  it('keeps the id of a request it refuses, so the window knows which failed', () => {
    expect(readClientFrame(request({ method: 'stop', args: [3] }))).toMatchObject({ ok: false, id: 1 });
  });
});

describe('reading a test bed frame', () => {
  it('reads answers, failures and events, and skips events it does not know', () => {
    expect(readServerFrame('{"kind":"answer","id":3,"result":[]}')).toEqual({ ok: true, frame: { kind: 'answer', id: 3, result: [] } });
    expect(readServerFrame('{"kind":"failure","id":null,"problem":"bad"}')).toEqual({
      ok: true,
      frame: { kind: 'failure', id: null, problem: 'bad' },
    });
    expect(readServerFrame('{"kind":"events","events":[{"type":"language","language":"fr"},{"type":"future"},7]}')).toEqual({
      ok: true,
      frame: { kind: 'events', events: [{ type: 'language', language: 'fr' }] },
    });
  });

  it('reads a window’s message of one request or of a list of them, a broken one failing alone, an empty list refused', () => {
    expect(readClientFrames('{"kind":"request","id":1,"method":"info","args":[]}')).toEqual([
      { ok: true, frame: { kind: 'request', id: 1, method: 'info', args: [] } },
    ]);
    expect(readClientFrames('[{"kind":"request","id":1,"method":"info","args":[]},{"kind":"request","id":2,"method":"nope","args":[]}]')).toEqual([
      { ok: true, frame: { kind: 'request', id: 1, method: 'info', args: [] } },
      { ok: false, id: 2, problem: expect.stringContaining('"nope" is not a request of the host') },
    ]);
    expect(readClientFrames('[]')).toEqual([{ ok: false, id: null, problem: expect.stringContaining('empty list') }]);
  });

  it('reads a message of one frame, or of a list of frames in order, a broken one failing alone', () => {
    expect(readServerFrames('{"kind":"answer","id":3,"result":1}')).toEqual([{ ok: true, frame: { kind: 'answer', id: 3, result: 1 } }]);
    expect(
      readServerFrames('[{"kind":"events","events":[{"type":"language","language":"fr"}]},{"kind":"answer","id":4},{"kind":"answer","id":5,"result":2}]'),
    ).toEqual([
      { ok: true, frame: { kind: 'events', events: [{ type: 'language', language: 'fr' }] } },
      { ok: false, id: 4, problem: 'result: missing from an answer' },
      { ok: true, frame: { kind: 'answer', id: 5, result: 2 } },
    ]);
    expect(readServerFrames('[')).toMatchObject([{ ok: false, id: null }]);
  });

  it('refuses frames that break the envelope', () => {
    expect(readServerFrame('{"kind":"answer","id":3}')).toMatchObject({ ok: false, id: 3, problem: 'result: missing from an answer' });
    expect(readServerFrame('{"kind":"events"}')).toMatchObject({ ok: false });
    expect(readServerFrame('{"kind":"hello"}')).toMatchObject({ ok: false });
  });
});

describe('a shortcut given or taken away over the wire', () => {
  it('takes text or null as the shortcut, and names anything else', () => {
    expect(checkRequestArgs('setCommandShortcut', ['a.b', 'hello', null])).toBeUndefined();
    expect(checkRequestArgs('setCommandShortcut', ['a.b', 'hello', 'Alt+H'])).toBeUndefined();
    expect(checkRequestArgs('setCommandShortcut', ['a.b', 'hello', 5])).toBe('args[2]: expected text, got 5');
    expect(checkRequestArgs('setSimulatedSelection', [['/a', 7]])).toBe('args[0][1]: expected text, got 7');
  });
});
